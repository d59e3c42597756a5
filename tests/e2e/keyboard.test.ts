import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import { launchBrowser, newContext, startAppServer, visit, watchConsole } from './support/browser';

// A keyboard-only journey, from the sign-in page to a validated invoice, with no
// mouse: the skip link, the drawer's groups opened with Enter, focus kept on the line after
// "Terminer". Its screens go through axe in their own tests (one check per screen, decision 018).

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

/**
 * What has the focus, as a user of a screen reader would hear it, and whether it is inside
 * `within` (a selector): one round trip per Tab press.
 */
const focusOf = (page: Page, within: string | null = null) =>
  page.evaluate((sel) => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { name: '', inside: false };
    const labelled = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
      el.textContent ??
      '';
    return { name: name.replace(/\s+/g, ' ').trim(), inside: !sel || !!el.closest(sel) };
  }, within);
const focused = async (page: Page) => (await focusOf(page)).name;

/** Presses Tab until the focused element's name matches (fails after `max` presses: not reachable). */
async function tabTo(page: Page, name: RegExp, max = 60, within?: string): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focus = await focusOf(page, within);
    if (focus.inside && name.test(focus.name)) return;
  }
  throw new Error(`${name} n’est pas atteignable au clavier (dernier focus : ${await focused(page)})`);
}

// One page for the file (decision 018): the second test goes on, signed in, where the journey ends.
describe('keyboard only', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: () => string[];
  beforeAll(async () => {
    context = await newContext(browser);
    page = await context.newPage();
    errors = watchConsole(page);
  });
  // Closing checks the console and the CSP of the whole visit (decision 018).
  afterAll(() => context?.close());

  it('signs in, opens the invoices from the drawer and validates an invoice without a mouse', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Identifiant').waitFor();
    await tabTo(page, /^Identifiant/);
    await page.keyboard.type('demo');
    await tabTo(page, /^Mot de passe/);
    await page.keyboard.type('demo');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    // The announcement modal traps the focus: "Ne plus me montrer" is reachable with Tab.
    await page.getByRole('dialog', { name: 'Le module de facturation est gratuit' }).waitFor();
    await tabTo(page, /^Ne plus me montrer$/, 10);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // The first Tab stop of a page is the skip link, shown when focused.
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Aller au contenu');
    expect(await page.getByRole('link', { name: 'Aller au contenu' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contenu');

    // The drawer's module groups are buttons: Enter opens them.
    const drawer = 'nav[aria-label="Menu principal"]';
    await tabTo(page, /^Mes factures/, 80, drawer);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
    await page.keyboard.press('Enter');
    // The group opens (its children slide in): wait for it before moving on with Tab.
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await nav
      .getByRole('button', { name: /^Mes factures/ })
      .and(page.locator('[aria-expanded="true"]'))
      .waitFor();
    await nav.getByRole('link', { name: 'Liste des factures' }).waitFor();
    await tabTo(page, /^Liste des factures$/, 10, drawer);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/mes-factures\/liste-des-factures/);
    const current = page.getByRole('navigation', { name: 'Menu principal' }).locator('[aria-current="page"]');
    expect(await current.innerText()).toBe('Liste des factures');

    await tabTo(page, /^Nouvelle facture$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Nouvelle facture' }).waitFor();
    await tabTo(page, /^Client/);
    await page.keyboard.type('hotel parc');
    await page
      .getByRole('option', { name: /Hôtel du Parc/ })
      .first()
      .waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Adresse de facturation' }).inputValue())
      .toMatch(/12 avenue Foch/);

    await tabTo(page, /^Ajouter un article du catalogue/);
    await page.keyboard.type('baguette');
    await page
      .getByRole('option', { name: /BOU001/ })
      .first()
      .waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabTo(page, /^Terminer la ligne 1/);
    await page.keyboard.press('Enter');
    // Focus goes back to the line just finished, not to <body>.
    await expect.poll(() => focused(page)).toMatch(/^Modifier la ligne 1/);

    await tabTo(page, /^Enregistrer$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/mes-factures\/modifier-facture\?id=\d+/);
    await page.getByRole('heading', { name: 'Brouillon de facture' }).waitFor();
    // Its toast rises above the editor's bar instead of covering its total.
    // Polled: the toast slides in from below the screen's edge.
    const bar = (await page.getByRole('region', { name: 'Actions du document' }).boundingBox())!;
    const toast = page.getByRole('alert').filter({ hasText: 'Enregistrement effectué' });
    await expect
      .poll(async () => {
        const box = (await toast.boundingBox())!;
        return box.y + box.height;
      })
      .toBeLessThanOrEqual(bar.y);
    await page.locator('body').focus();
    await tabTo(page, /^Valider$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Aperçu de votre document : Facture/ });
    await dialog.waitFor();
    await page.getByRole('heading', { name: /^Facture n° F\d{4}-\d+$/ }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(errors()).toEqual([]);
  });

  it('keeps the current page highlighted in the drawer after an in-app navigation', async () => {
    // Signed in through the form by the journey above, on the validated invoice.
    const drawer = page.getByRole('navigation', { name: 'Menu principal' });
    await drawer.getByRole('button', { name: /^Ma bannette/ }).click();
    await drawer.getByRole('link', { name: 'Déposer des fichiers' }).click();
    await page.getByRole('heading', { name: 'Déposer des fichiers' }).waitFor();
    // A link inside the page (not the drawer) moves to another group: it opens and shows the page.
    await page.getByRole('main').getByRole('link', { name: 'Consulter ma bannette' }).click();
    await page.getByRole('heading', { name: 'Consulter ma bannette' }).waitFor();
    expect(await drawer.locator('[aria-current="page"]').innerText()).toBe('Consulter ma bannette');
    await drawer.getByRole('link', { name: 'Accueil' }).click();
    await page.waitForURL(`${server.url}/`);
    // The invoices group, opened by the journey, closed again: it must open by itself below.
    const invoices = drawer.getByRole('button', { name: /^Mes factures/ });
    if ((await invoices.getAttribute('aria-expanded')) === 'true') await invoices.click();
    await drawer.locator('button[aria-expanded="false"]', { hasText: 'Mes factures' }).waitFor();
    // The router must have taken over the home page before the history changes under it.
    await drawer.getByRole('link', { name: 'Accueil' }).waitFor();
    await page.evaluate(() => window.history.pushState({}, '', '/mes-factures/mes-clients'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await page.getByRole('heading', { name: 'Mes clients' }).waitFor();
    await expect.poll(() => drawer.locator('[aria-current="page"]').innerText()).toBe('Mes clients');
    expect(await drawer.getByRole('link', { name: 'Mes clients' }).isVisible()).toBe(true);
    expect(errors()).toEqual([]);
  });

  it('on a tablet, Tab skips the closed menu and walks it once opened', async () => {
    const laptop = page.viewportSize()!;
    await page.setViewportSize({ width: 820, height: 1180 });
    const burger = page.getByRole('button', { name: 'Ouvrir le menu' });
    await burger.waitFor();
    // The drawer has left the screen (the layout follows the width after a render).
    const drawerEdge = () =>
      page.evaluate(() => document.querySelector('nav[aria-label="Menu principal"]')!.getBoundingClientRect().right);
    await expect.poll(drawerEdge).toBeLessThanOrEqual(0);
    // The closed drawer is only moved off the screen: each press lands on something in view.
    await burger.focus();
    const offScreen: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const x = await page.evaluate(() => document.activeElement!.getBoundingClientRect().right);
      if (x <= 0) offScreen.push(await focused(page));
    }
    expect(offScreen, 'focus hors de l’écran').toEqual([]);
    // Opened, its links are the next stops after the top bar.
    await burger.click();
    await tabTo(page, /^Accueil$/, 12, 'nav[aria-label="Menu principal"]');
    await page.getByRole('button', { name: 'Fermer le menu' }).click();

    // In the editor, what Tab reaches is never under the bar stuck to the bottom (WCAG 2.4.11): the
    // page's scroll padding keeps it above (the catalogue's field was wholly under it).
    await visit(page, '/mes-factures/liste-des-factures');
    await page
      .getByRole('link', { name: /^Brouillon/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Brouillon de facture' }).waitFor();
    await page.getByRole('button', { name: /^Modifier la ligne 1/ }).focus();
    const underBar: string[] = [];
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      const covered = await page.evaluate(() => {
        const element = document.activeElement!;
        const bar = document.querySelector('[aria-label="Actions du document"]')!;
        if (bar.contains(element)) return 0;
        const [a, b] = [element.getBoundingClientRect(), bar.getBoundingClientRect()];
        return Math.max(0, Math.round(Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)));
      });
      if (covered > 0) underBar.push(`${await focused(page)} (${covered} px)`);
    }
    expect(underBar, 'sous la barre d’actions').toEqual([]);
    await page.setViewportSize(laptop);
    expect(errors()).toEqual([]);
  });
});
