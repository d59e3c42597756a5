import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import {
  expectAccessible,
  launchBrowser,
  newContext,
  screenLoaded,
  sessionFor,
  startAppServer,
  watchConsole,
} from './support/browser';

// Navigation in the shell (spec 2.1 to 2.6): error page, guard of /dashboard, company menu,
// drawer, profile menu, legal pages; every screen goes through axe-core.
let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  // Every test starts with demo on the company it lands on in the demo data.
  const { token } = await server.api.login('demo');
  const res = await server.api.put(
    '/api/user/me',
    { idDerniereSociete: companyId('Boulangerie Pâtisserie Martin') },
    { token },
  );
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A signed-in page (session injected, announcement dismissed for good), on `path`. */
async function openApp(
  user: string,
  path = '/',
  viewport?: { width: number; height: number },
): Promise<{ page: Page; errors: () => string[] }> {
  const context = await newContext(browser, { viewport, session: await sessionFor(server.url, user) });
  contexts.push(context);
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(`${server.url}${path}`);
  return { page, errors };
}

const companyButton = (page: Page) => page.getByTestId('company-menu');
const companyId = (label: string) => server.seed!.companies.find((c) => c.label === label)!.id;

describe('shell navigation', () => {
  it('unknown paths show the 404 page with its link home; the page is in French', async () => {
    const { page, errors } = await openApp('demo', '/nulle-part/ici');
    // The error page renders once the (lazy) Mantine root has loaded: wait for it, then look.
    await page.getByText("Oups! La page que vous cherchez n'existe pas.", { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await expectAccessible(page, 'la page 404');
    await page.getByRole('link', { name: "Retour à la page d'accueil" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'Bonjour Sophie' }).waitFor();
    // The widgets once loaded (their loading placeholders are another matter: see decision 018).
    await screenLoaded(page);
    await expectAccessible(page, 'l’accueil');
    expect(errors()).toEqual([]);
  });

  it('/dashboard sends a non-admin to / and shows the statistics to an admin', async () => {
    const demo = await openApp('demo', '/dashboard');
    await demo.page.waitForURL(`${server.url}/`);
    await demo.page.getByRole('heading', { name: 'Bonjour Sophie' }).waitFor();

    const admin = await openApp('admin', '/dashboard');
    await admin.page.getByRole('heading', { name: 'Statistiques' }).waitFor();
    expect(await admin.page.title()).toBe('Statistiques | Workplace');
    for (const label of ['Connexions', 'Utilisateurs actifs', 'Utilisateurs', 'Sociétés']) {
      await admin.page.getByText(label, { exact: true }).waitFor();
    }
    await admin.page.getByText('Connexions par jour').waitFor();
    await expectAccessible(admin.page, 'les statistiques');
    expect([...demo.errors(), ...admin.errors()]).toEqual([]);
  });

  it('the profile menu shows "Statistiques" to an admin only', async () => {
    for (const [user, admin] of [
      ['demo', false],
      ['admin', true],
    ] as const) {
      const { page, errors } = await openApp(user);
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

  it('switching company with the search field saves it on the server; the drawer offers "Gratuit" without the invoicing right', async () => {
    const { page, errors } = await openApp('demo');
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
    // Holds the save until the overlay of spec 2.3 has been seen.
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
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(companyButton(page).textContent()).resolves.toContain('Librairie La Plume d’Or');

    // No invoicing right in this company: the drawer entry promotes the free module.
    await expect(drawerInvoices.textContent()).resolves.toContain('Gratuit');
    expect(await drawerInvoices.getAttribute('href')).toBe('/mes-factures/presentation');
    await drawerInvoices.click();
    await page.waitForURL(`${server.url}/mes-factures/presentation`);
    await page.getByRole('link', { name: /Appeler le/ }).waitFor();
    await expectAccessible(page, 'la présentation du module');

    await page.reload();
    await expect(companyButton(page).textContent()).resolves.toContain('Librairie La Plume d’Or');
    const fresh = await server.api.login('demo');
    expect(fresh.profile.userLastCompany).toBe(companyId('Librairie La Plume d’Or'));
    expect(errors()).toEqual([]);
  });

  it('on a small screen a long company label is cut to 19 characters and an ellipsis', async () => {
    const { page, errors } = await openApp('demo', '/', { width: 375, height: 740 });
    const label = companyButton(page).locator('p');
    await expect(label.textContent()).resolves.toBe('Boulangerie Pâtisse…');
    // The whole cut label is visible: not clipped again by the top bar.
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'la barre du haut sur petit écran');
    // The full label stays in the list and in the button's tooltip.
    expect(await companyButton(page).getAttribute('title')).toBe('Boulangerie Pâtisserie Martin');
    await companyButton(page).click();
    await page.getByLabel('Rechercher une société').waitFor();
    await expectAccessible(page, 'le menu des sociétés sur petit écran');
    expect(errors()).toEqual([]);
  });

  it('the legal pages, the profile and the presentation are accessible', async () => {
    const { page, errors } = await openApp('demo', '/me');
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
    await page.goto(`${server.url}/mes-factures/presentation`);
    await page.getByRole('heading', { level: 1, name: 'Mes factures' }).waitFor();
    // Axe: this page is checked with its bank details form in discounts.test.ts (decision 018).
    expect(errors()).toEqual([]);
  });
});
