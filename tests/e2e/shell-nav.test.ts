import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import {
  expectAccessible,
  launchBrowser,
  newContext,
  screenLoaded,
  sessionFor,
  settled,
  startAppServer,
  visit,
  watchConsole,
} from './support/browser';

// Navigation in the shell (NAV-1 to NAV-19) in a real browser: error page, company switch against
// the server, the footer's links, the top bar's room on a small screen, and one axe pass per
// screen. Decision 018: one signed-in page per user for the whole file, moved from screen to screen in
// the app (links, menus, history) instead of a new context and a full load per test. What each
// rights profile sees and the guards are component tests: src/components/layout/menus.screen.test.tsx,
// src/routes/guard.screen.test.tsx; the legal pages' content: src/features/legal.
let server: TestServer;
let browser: Browser;
const signedIn = new Map<string, { context: BrowserContext; page: Page; errors: () => string[] }>();
beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  // Closing checks every page's console and the CSP (decision 018).
  for (const { context } of signedIn.values()) await context.close();
  await browser?.close();
  await server?.close();
});

/**
 * `user`'s page (session injected, announcement dismissed for good), on `path` (without one, where
 * the previous test left it, or /): loaded once for the file, then moved in the app. The router
 * must have the page before the history changes under it.
 */
async function at(user: string, path?: string): Promise<{ page: Page; errors: () => string[] }> {
  let open = signedIn.get(user);
  if (!open) {
    const context = await newContext(browser, { session: await sessionFor(server.url, user) });
    const page = await context.newPage();
    open = { context, page, errors: watchConsole(page) };
    signedIn.set(user, open);
    await page.goto(`${server.url}${path ?? '/'}`);
  } else if (path && new URL(open.page.url()).pathname !== path) {
    await visit(open.page, path);
  }
  return open;
}

const companyButton = (page: Page) => page.getByTestId('company-menu');
const companyId = (label: string) => server.seed!.companies.find((c) => c.label === label)!.id;

describe('shell navigation', () => {
  it('unknown paths show the 404 page with its link home; the page is in French', async () => {
    const { page, errors } = await at('demo', '/nulle-part/ici');
    // The error page renders once the (lazy) Mantine root has loaded: wait for it, then look.
    await page.getByText("Oups! La page que vous cherchez n'existe pas.", { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await expectAccessible(page, 'la page 404');
    await page.getByRole('link', { name: "Retour à la page d'accueil" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'Bonjour Sophie' }).waitFor();
    // The bakery's files the firm has not filed yet; a client gets no card of the firm's.
    await page.getByRole('region', { name: 'Dépôts en attente' }).getByText('6 fichiers', { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'À classer pour vos clients' }).count()).toBe(0);
    // The widgets once loaded (their loading placeholders are another matter: see decision 018).
    await screenLoaded(page);
    await expectAccessible(page, 'l’accueil');
    expect(errors()).toEqual([]);
  });

  it('on a small screen a long company label is cut to 19 characters and an ellipsis', async () => {
    const { page, errors } = await at('demo', '/');
    // The same page at a phone's width (what a new context of that size shows), back to a laptop after.
    const laptop = page.viewportSize()!;
    await page.setViewportSize({ width: 375, height: 740 });
    const label = companyButton(page).locator('p');
    await expect.poll(() => label.textContent()).toBe('Boulangerie Pâtisse…');
    await settled(page);
    // The whole cut label is visible: not clipped again by the top bar.
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'la barre du haut sur petit écran');
    // The full label stays in the list and in the button's tooltip.
    expect(await companyButton(page).getAttribute('title')).toBe('Boulangerie Pâtisserie Martin');
    await companyButton(page).click();
    await page.getByLabel('Rechercher une société').waitFor();
    await expectAccessible(page, 'le menu des sociétés sur petit écran');
    await page.keyboard.press('Escape');
    await page.getByLabel('Rechercher une société').waitFor({ state: 'hidden' });
    await page.setViewportSize(laptop);
    await expect.poll(() => label.textContent()).toBe('Boulangerie Pâtisserie Martin');
    expect(errors()).toEqual([]);
  });

  it('the legal pages, the profile and the presentation are accessible', async () => {
    const { page, errors } = await at('demo', '/me');
    await page.getByRole('heading', { name: 'Mon profil' }).waitFor();
    await expectAccessible(page, 'le profil');
    const footer = page.getByRole('contentinfo');
    for (const [link, heading, title] of [
      ['Mentions Légales', 'Mentions légales', 'Mentions légales'],
      ['Cookies', 'Politique de cookies', 'Politique de cookies'],
      ['Assistance', 'Assistance', 'Assistance'],
    ]) {
      await footer.getByRole('link', { name: link }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.title()).toBe(`${title} | Workplace`);
      await expectAccessible(page, heading);
    }
    await visit(page, '/mes-factures/presentation');
    await page.getByRole('heading', { level: 1, name: 'Mes factures' }).waitFor();
    // Axe: this page is checked with its bank details form in discounts.test.ts (decision 018).
    expect(errors()).toEqual([]);
  });

  it('the profile menu leads to the profile, and an admin\u2019s to the statistics', async () => {
    for (const [user, admin] of [
      ['demo', false],
      ['admin', true],
    ] as const) {
      // The admin's first screen: the profile, lighter than the home page's widgets.
      const { page, errors } = await at(user, admin ? '/me' : undefined);
      await page.getByRole('button', { name: /Menu du profil/ }).click();
      await page.getByRole('menuitem', { name: 'Mon profil' }).waitFor();
      await page.getByRole('menuitem', { name: 'Déconnexion' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Statistiques' }).count()).toBe(admin ? 1 : 0);
      // Axe once, on the admin's menu (one more item).
      if (admin) await expectAccessible(page, 'le menu du profil (admin)');
      if (admin) {
        await page.getByRole('menuitem', { name: 'Statistiques' }).click();
        await page.waitForURL(`${server.url}/dashboard`);
      } else {
        await page.getByRole('menuitem', { name: 'Mon profil' }).click();
        await page.waitForURL(`${server.url}/me`);
        expect(await page.title()).toBe('Mon profil | Workplace');
      }
      expect(errors()).toEqual([]);
    }
  });

  it('/dashboard sends a non-admin to / and shows the statistics to an admin', async () => {
    const demo = await at('demo', '/me');
    await demo.page.getByRole('heading', { name: 'Mon profil' }).waitFor();
    // Not visit(): the guard replaces /dashboard with / before the URL could be awaited.
    await demo.page.evaluate(() => {
      window.history.pushState({}, '', '/dashboard');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await demo.page.waitForURL(`${server.url}/`);
    await demo.page.getByRole('heading', { name: 'Bonjour Sophie' }).waitFor();

    const admin = await at('admin', '/dashboard');
    await admin.page.getByRole('heading', { name: 'Statistiques' }).waitFor();
    expect(await admin.page.title()).toBe('Statistiques | Workplace');
    for (const label of ['Connexions', 'Utilisateurs actifs', 'Utilisateurs', 'Sociétés']) {
      await admin.page.getByText(label, { exact: true }).waitFor();
    }
    await admin.page.getByText('Connexions par jour').waitFor();
    await expectAccessible(admin.page, 'les statistiques');
    expect([...demo.errors(), ...admin.errors()]).toEqual([]);
  });

  // Last: it leaves demo on another company.
  it('switching company with the search field saves it on the server; the drawer offers "Gratuit" without the invoicing right', async () => {
    const { page, errors } = await at('demo', '/');
    await expect(companyButton(page).textContent()).resolves.toContain('Boulangerie Pâtisserie Martin');
    const drawer = page.getByRole('navigation', { name: 'Menu principal' });
    // With the invoicing right, the drawer entry is the module's menu, without the promotion.
    await drawer.getByText('Mes factures', { exact: true }).waitFor();
    expect(await drawer.getByText('Gratuit').count()).toBe(0);
    const drawerInvoices = drawer.getByRole('link', { name: /Mes factures/ });

    await companyButton(page).click();
    const search = page.getByLabel('Rechercher une société');
    await search.waitFor();
    await expectAccessible(page, 'le menu des sociétés ouvert');
    await search.fill('plume');
    const items = page.getByRole('listbox', { name: 'Mes sociétés' }).getByRole('option');
    await expect(items.allTextContents()).resolves.toEqual(['Librairie La Plume d’Or']);
    // Holds the save until the overlay of NAV-13 has been seen.
    let release!: () => void;
    const overlaySeen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/me', async (route) => {
      if (route.request().method() === 'PUT') await overlaySeen;
      await route.continue();
    });
    await items.first().click();
    await page.getByText('Chargement en cours...', { exact: true }).waitFor();
    release();
    await page.getByText('Chargement en cours...', { exact: true }).waitFor({ state: 'hidden' });
    await page.unroute('**/api/user/me');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(companyButton(page).textContent()).resolves.toContain('Librairie La Plume d’Or');

    // No invoicing right in this company: the drawer entry promotes the free module.
    await expect(drawerInvoices.textContent()).resolves.toContain('Gratuit');
    expect(await drawerInvoices.getAttribute('href')).toBe('/mes-factures/presentation');
    await drawerInvoices.click();
    await page.waitForURL(`${server.url}/mes-factures/presentation`);
    await page.getByRole('link', { name: /Appeler le/ }).waitFor();
    await expectAccessible(page, 'la présentation du module');

    // A reload starts from the company saved on the server.
    await page.reload();
    await expect(companyButton(page).textContent()).resolves.toContain('Librairie La Plume d’Or');
    const fresh = await server.api.login('demo');
    expect(fresh.profile.userLastCompany).toBe(companyId('Librairie La Plume d’Or'));
    expect(errors()).toEqual([]);
  });
});
