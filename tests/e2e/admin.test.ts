// « Gérer mes utilisateurs » end to end (decision 040), against the real server: the demo admin opens
// /admin from the profile menu, adds a user through the stepper with only some menus (Mes documents
// to read and download, Mes factures > the invoice list to read), the new user receives the
// invitation mail, chooses a password on the reset page, signs in and finds exactly those menus in
// the drawer. axe on the list and on the stepper's rights; the screens at laptop and tablet sizes.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import { mimeHeaders, textBody } from '../support/mime';
import {
  expectAccessible,
  launchBrowser,
  newContext,
  openSignedIn,
  screenLoaded,
  shot,
  shotAt,
  startAppServer,
  TABLET,
  toast,
} from './support/browser';

const LAPTOP = { width: 1366, height: 900 };
const EMAIL = 'camille.lambert@exemple.fr';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

/** The invitation link of the .eml written for `to` (the test server's mail transport), once it exists. */
function invitationLink(to: string): string | null {
  const folder = join(server.dataDir, 'mail');
  if (!existsSync(folder)) return null;
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.eml'))) {
    const raw = readFileSync(join(folder, file), 'utf8');
    if (!(mimeHeaders(raw).to ?? '').includes(to)) continue;
    return /https?:\/\/\S+\/forgotten-password\?token=\S+/.exec(textBody(raw))?.[0] ?? null;
  }
  return null;
}

describe('Gérer mes utilisateurs', () => {
  it('the admin adds a user with some menus; the user sets a password from the mail and sees exactly those', async () => {
    const { context, page } = await openSignedIn(browser, server.url, '/', LAPTOP, 'admin');
    await page.getByRole('button', { name: /Menu du profil/ }).click();
    await page.getByRole('menuitem', { name: 'Gérer mes utilisateurs', exact: true }).click();
    await page.waitForURL(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'Gérer mes utilisateurs', level: 1 }).waitFor();
    expect(await page.title()).toBe('Gérer mes utilisateurs | Workplace');
    const list = page.getByRole('table', { name: 'Utilisateurs de la société', exact: true });
    await list.getByRole('rowheader', { name: /^Julien Rousseau/ }).waitFor();
    await screenLoaded(page);
    await shot(page, 'admin-liste-portable');
    await expectAccessible(page, 'la liste des utilisateurs');
    await shotAt(page, 'admin-liste-tablette', TABLET);

    await button(page, 'Ajouter un utilisateur').click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un utilisateur', exact: true });
    const field = (name: string) => dialog.getByRole('textbox', { name, exact: true });
    await field('Nom').fill('Lambert');
    await field('Prénom').fill('Camille');
    await field('Identifiant').fill('clambert');
    await field('E-mail').fill(EMAIL);
    await button(dialog, 'Suivant').click();
    // The current company comes ticked: the admin's own.
    await dialog.getByRole('heading', { name: 'À quelles sociétés a-t-il accès ?', exact: true }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Conseil Audit Rousseau', exact: true }).isChecked()).toBe(true);
    await button(dialog, 'Suivant').click();
    const check = (name: string) => dialog.getByRole('checkbox', { name, exact: true }).check();
    await check('Télécharger (Mes documents)');
    await check('Consulter (Mes factures › Factures et tableau de bord)');
    expect(await dialog.getByRole('checkbox', { name: 'Consulter (Mes documents)', exact: true }).isChecked()).toBe(
      true,
    );
    await screenLoaded(page);
    await shot(page, 'admin-droits-portable');
    await expectAccessible(page, 'le choix des droits du stepper');
    await shotAt(page, 'admin-droits-tablette', TABLET);
    await button(dialog, 'Suivant').click();
    await dialog.getByRole('heading', { name: 'Quelles catégories de documents ?', exact: true }).waitFor();
    await shot(page, 'admin-categories-portable');
    await button(dialog, 'Suivant').click();
    const summary = dialog.getByRole('region', { name: 'Accès à Conseil Audit Rousseau', exact: true });
    await summary.getByText('Mes factures : consulter', { exact: true }).waitFor();
    // The admin reads only their own categories: the user's « Mes documents » is held the same way.
    expect(await summary.getByRole('listitem').allInnerTexts()).toEqual([
      'Mes documents : consulter, télécharger, catégories par utilisateur',
      'Mes factures : consulter',
      'Mes factures › Factures et tableau de bord : consulter',
    ]);
    await shot(page, 'admin-recapitulatif-portable');
    await button(dialog, 'Créer l’utilisateur').click();
    await toast(page, `Un e-mail a été envoyé à ${EMAIL}`).waitFor();
    const row = list
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Camille Lambert', exact: true }) });
    await row.getByText('Invitation envoyée', { exact: true }).waitFor();
    // The creation is in the company's rights journal, in words.
    await page.getByRole('tab', { name: 'Journal des droits', exact: true }).click();
    const journal = page.getByRole('table', { name: 'Journal des droits', exact: true });
    const entry = journal.getByRole('row').filter({ hasText: 'Camille Lambert' }).first();
    await entry.getByText('Utilisateur ajouté', { exact: true }).waitFor();
    await entry.getByText(/^Accordé : Mes documents : consulter ; Mes documents : télécharger ;/).waitFor();
    await shot(page, 'admin-journal-portable');
    await context.close();

    // The new user: the mail's link, the reset page, the sign-in form.
    await expect.poll(() => invitationLink(EMAIL)).toBeTruthy();
    const invited = await newContext(browser, { viewport: LAPTOP });
    // The announcement modal (NAV-22) would cover the drawer: dismissed for good, on the app's origin only.
    await invited.addInitScript((origin) => {
      if (location.origin === origin) localStorage.setItem('facturation-announcement-dismissed', 'true');
    }, server.url);
    const np = await invited.newPage();
    await np.goto(invitationLink(EMAIL)!);
    await np.getByRole('heading', { name: 'Nouveau mot de passe' }).waitFor();
    await np.getByLabel('Nouveau mot de passe').fill('Bienvenue2026');
    await np.getByLabel('Confirmation du mot de passe').fill('Bienvenue2026');
    await button(np, 'Enregistrer le mot de passe').click();
    await np.waitForURL(`${server.url}/login`);
    await np.getByLabel('Identifiant').fill('clambert');
    await np.getByLabel('Mot de passe').fill('Bienvenue2026');
    await button(np, 'Se connecter').click();
    await np.waitForURL(`${server.url}/`);

    const nav = np.getByRole('navigation', { name: 'Menu principal' });
    for (const group of ['Mes documents', 'Mes factures']) await button(nav, group).click();
    await nav.getByRole('link', { name: 'Liste des factures', exact: true }).waitFor();
    const sorted = (names: string[]) => names.map((n) => n.trim()).sort((a, b) => a.localeCompare(b, 'fr'));
    expect(sorted(await nav.getByRole('button').allInnerTexts())).toEqual(['Mes documents', 'Mes factures']);
    expect(sorted(await nav.getByRole('link').allInnerTexts())).toEqual(
      // « Mentions légales »: who sees the invoices reads the seller's legal details (decision 046).
      sorted([
        'Accueil',
        'Tous mes documents',
        'Documents récents',
        'Tableau de bord',
        'Liste des factures',
        'Mentions légales',
      ]),
    );
    // Not a manager: no administration in their profile menu.
    await np.getByRole('button', { name: /Menu du profil/ }).click();
    await np.getByRole('menuitem', { name: 'Mon profil', exact: true }).waitFor();
    expect(await np.getByRole('menuitem', { name: 'Gérer mes utilisateurs', exact: true }).count()).toBe(0);
    await invited.close();
  });
});
