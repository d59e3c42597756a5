import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import {
  expectAccessible,
  launchBrowser,
  closeToasts,
  openSignedIn,
  settled,
  shot,
  startAppServer,
  TABLET,
  toast,
  visit,
} from './support/browser';
import { OFFLINE_NOISE } from './support/offline-helpers';

// The article catalogue's and the customers' screens in a real Chromium, against the real
// server and its demo data (company "Boulangerie Pâtisserie Martin", articles BOU001…): one journey
// per screen, the axe passes, the offline outbox and the tablet layout. The dialogs' and the sheet's
// screen logic (HT / TTC, French messages, a refused duplicate code, what the sheet shows, an unknown
// customer) are component tests: src/features/catalogue-articles/*.screen.test.tsx, src/features/catalogue-customers/*.
// One signed-in page for the file, moved between screens in-app (a full load: 0.5–1 CPU-s).

const LAPTOP = { width: 1366, height: 900 };

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: () => string[];
beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  // The offline test expects its network noise; every test still checks its own console below.
  ({ context, page, errors } = await openSignedIn(
    browser,
    server.url,
    '/mes-factures/mes-articles',
    undefined,
    'demo',
    {
      allowConsole: OFFLINE_NOISE,
    },
  ));
  await page.getByRole('heading', { name: 'Mes articles' }).waitFor();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

/** The console errors from now on (the page is shared by the file's tests). */
const consoleFromNow = () => {
  const before = errors().length;
  return () => errors().slice(before);
};

async function pickOption(combobox: string, option: RegExp) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('articles', () => {
  it('creates an article from its TTC price against the server, edits it, deletes it', async () => {
    const newErrors = consoleFromNow();
    await visit(page, '/mes-factures/mes-articles');
    await page.getByRole('cell', { name: 'BOU001' }).waitFor();
    await expectAccessible(page, 'la liste des articles');
    await shot(page, 'articles-customers/articles-1366');

    await page.getByRole('button', { name: 'Nouvel article' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel article' });
    await dialog.waitFor();
    await dialog.getByLabel('Code').fill('E2E-TTC');
    await dialog.getByLabel('Désignation').fill('Gâteau de test');
    await dialog.getByLabel('Libellé').fill('Gâteau d’anniversaire « test » 🎂');
    await pickOption('Taux de TVA', /^20\s%$/);
    await dialog.getByLabel('Prix TTC').fill('120');
    await expect.poll(() => dialog.getByLabel('Prix unitaire HT').inputValue()).toBe('100,00');
    await expectAccessible(page, 'la fenêtre de création d’un article');
    await shot(page, 'articles-customers/article-modal-1366');
    await dialog.getByRole('button', { name: 'Créer l’article' }).click();
    await toast(page, 'Article créé').filter({ hasText: "L'article à été créé avec succès" }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByLabel('Rechercher un article').fill('e2e-ttc');
    const row = page.getByRole('row').filter({ hasText: 'E2E-TTC' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/100,00\s€[\s\S]*20\s%[\s\S]*120,00\s€/);
    // The form's reset and a refused duplicate code: article-form.screen.test.tsx.

    // Edit, then delete after confirmation.
    await row.getByRole('button', { name: /^Modifier l’article/ }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier l’article E2E-TTC' });
    await edit.getByLabel('Prix unitaire HT').fill('50');
    expect(await edit.getByLabel('Prix TTC').inputValue()).toBe('60,00');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Article modifié').waitFor();
    await expect.poll(() => row.innerText()).toMatch(/60,00\s€/);
    await row.getByRole('button', { name: /^Supprimer l’article/ }).click();
    await page.getByRole('dialog', { name: 'Supprimer l’article' }).getByRole('button', { name: 'Supprimer' }).click();
    await toast(page, 'Article supprimé').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByLabel('Rechercher un article').fill('');
    expect(newErrors()).toEqual([]);
  });

  it('offline, a new article is kept on the device, listed at once, and sent when the network is back', async () => {
    const newErrors = consoleFromNow();
    await visit(page, '/mes-factures/mes-articles');
    await page.getByRole('cell', { name: 'BOU001' }).waitFor();
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await page.getByRole('button', { name: 'Nouvel article' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel article' });
    await dialog.getByLabel('Code').fill('E2E-OFF');
    await dialog.getByLabel('Libellé').fill('Créé hors ligne');
    await dialog.getByLabel('Prix unitaire HT').fill('10,5');
    await dialog.getByRole('button', { name: 'Créer l’article' }).click();
    await toast(page, 'Modification enregistrée sur cet appareil : elle sera envoyée au retour du réseau.').waitFor();
    await page.getByLabel('Rechercher un article').fill('E2E-OFF');
    const row = page.getByRole('row').filter({ hasText: 'E2E-OFF' });
    await row.getByText('En attente d’envoi').waitFor();

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await row.getByText('En attente d’envoi').waitFor({ state: 'detached' });
    const login = await server.api.login('demo');
    const list = await server.api.get('/api/items?q=E2E-OFF', { token: login.token });
    expect(list.body.items).toMatchObject([{ code: 'E2E-OFF', unitPriceHT: 10.5, label: 'Créé hors ligne' }]);
    await page.getByLabel('Rechercher un article').fill('');
    expect(newErrors().filter((e) => !OFFLINE_NOISE.test(e))).toEqual([]);
  });
});

describe('customers', () => {
  it('creates a customer against the server and opens its sheet', async () => {
    const newErrors = consoleFromNow();
    await visit(page, '/mes-factures/mes-clients');
    await page.getByRole('heading', { name: 'Mes clients' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    await expectAccessible(page, 'la liste des clients');
    await shot(page, 'articles-customers/customers-1366');

    await page.getByRole('button', { name: 'Nouveau client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau client' });
    await dialog.getByLabel('Raison sociale').fill('Atelier Durand E2E');
    await dialog.getByLabel('Nom du contact').fill('Claire Durand');
    await dialog.getByRole('button', { name: 'Ajouter une adresse de facturation' }).click();
    await dialog
      .getByRole('textbox', { name: 'Autre adresse de facturation n° 1' })
      .fill('Service comptable, 10 quai Perrache, 69002 Lyon');
    // Decision 046: a professional customer in France gives a valid SIREN (9 digits, Luhn key).
    await dialog.getByLabel('SIREN').fill('732 829 320');
    await dialog.getByLabel('Délai de paiement (jours)').fill('45');
    await shot(page, 'articles-customers/customer-form-1366');
    await dialog.getByRole('button', { name: 'Créer le client' }).click();
    await toast(page, 'Client créé').waitFor();

    await page.getByLabel('Rechercher un client').fill('durand e2e');
    await page.getByRole('link', { name: 'Atelier Durand E2E' }).click();
    await page.getByRole('heading', { name: 'Atelier Durand E2E' }).waitFor();
    // What the server kept is what the sheet shows (its rendering: customer-sheet.screen.test.tsx).
    await page.getByText('45 jours').waitFor();
    await page.getByText('Service comptable, 10 quai Perrache, 69002 Lyon').waitFor();
    await page.getByText('732829320', { exact: true }).waitFor();
    await page
      .getByText(/Aucune facture pour ce client|Aucun document à afficher/)
      .first()
      .waitFor();
    expect(new URL(page.url()).searchParams.get('accountNumber')).toMatch(/^C\d{5}$/);
    await closeToasts(page);
    await expectAccessible(page, 'la fiche client');
    await shot(page, 'articles-customers/customer-sheet-1366', true);
    expect(newErrors()).toEqual([]);
  });
});

describe('tablet (820 × 1180)', () => {
  beforeAll(() => page.setViewportSize(TABLET));
  afterAll(() => page.setViewportSize(LAPTOP));

  /** No horizontal scroll on a portrait tablet. */
  const fitsWidth = async () => {
    await settled(page);
    return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  };

  it('articles: the list and the new article dialog', async () => {
    const newErrors = consoleFromNow();
    await visit(page, '/mes-factures/mes-articles');
    await page
      .getByRole('cell', { name: /^BOU001/ })
      .first()
      .waitFor();
    await shot(page, 'articles-customers/articles-820');
    await page.getByRole('button', { name: 'Nouvel article' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel article' });
    await dialog.waitFor();
    await shot(page, 'articles-customers/article-modal-820');
    expect(await fitsWidth()).toBe(true);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(newErrors()).toEqual([]);
  });

  it('customers: the list, the new customer dialog and a sheet with documents', async () => {
    const newErrors = consoleFromNow();
    await visit(page, '/mes-factures/mes-clients');
    await page.getByRole('row').nth(1).waitFor();
    await shot(page, 'articles-customers/customers-820');
    await page.getByRole('button', { name: 'Nouveau client' }).click();
    await page.getByRole('dialog', { name: 'Nouveau client' }).waitFor();
    await shot(page, 'articles-customers/customer-form-820');
    await page.getByRole('dialog', { name: 'Nouveau client' }).getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('row').nth(1).getByRole('link').click();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    await shot(page, 'articles-customers/customer-sheet-820', true);
    expect(await fitsWidth()).toBe(true);
    expect(newErrors()).toEqual([]);
  });
});

// The catalogue of 10 000 articles (first display, search, scroll frames) is measured by
// `npm run bench -- articles-screen` (bench/articles-screen.ts), with its former assertions as checks.
