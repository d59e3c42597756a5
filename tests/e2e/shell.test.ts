import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import {
  expectAccessible,
  launchBrowser,
  newContext,
  openSignedIn,
  sessionFor,
  startAppServer,
  watchConsole,
} from './support/browser';

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

// Signing in and out, the announcement and the banner (NAV-2, AUTH-5, NAV-11, NAV-22) in a real browser.
// Decision 018: the sign-in tests share one context, as one user would, signing in through the form
// (that is what they test); the others start signed in (session injected). What the banner's and
// the announcement's buttons remember is a component test (src/components/layout/promotions.screen.test.tsx):
// here, that it survives a reload and that a new tab is a new session.
describe('shell', () => {
  it('the banner and the announcement stay dismissed after a reload; the close icon hides the modal for the session only', async () => {
    const context = await newContext(browser, {
      session: await sessionFor(server.url, 'demo', { announcement: true }),
    });
    const page = await context.newPage();
    const errors = watchConsole(page);
    // The profile: the frame's banner and announcement without the home page's widgets to load.
    await page.goto(`${server.url}/me`);
    const modal = page.getByRole('dialog', { name: 'Le module de facturation est gratuit' });
    await modal.waitFor();
    await expect(modal.textContent()).resolves.toContain('01 23 45 67 89');
    await expectAccessible(page, 'l’annonce du module de facturation');

    // The close icon: hidden now and after a reload, back in a new tab (a new session).
    await modal.getByRole('button', { name: 'Fermer pour cette session' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('heading', { name: 'Mon profil' }).waitFor();
    expect(await modal.isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('facturation-announcement-dismissed'))).toBeNull();
    const second = await context.newPage();
    const secondErrors = watchConsole(second);
    await second.goto(`${server.url}/me`);
    const secondModal = second.getByRole('dialog', { name: 'Le module de facturation est gratuit' });
    await secondModal.waitFor();

    // "Ne plus me montrer": gone for good.
    await secondModal.getByRole('button', { name: 'Ne plus me montrer' }).click();
    await secondModal.waitFor({ state: 'hidden' });
    expect(await second.evaluate(() => localStorage.getItem('facturation-announcement-dismissed'))).toBe('true');

    // The e-invoicing banner: a named region, not an alert (announced once, not on every page).
    const banner = second.getByRole('region', { name: 'Facturation électronique' });
    expect(await second.getByRole('alert').filter({ hasText: 'Facturation électronique' }).count()).toBe(0);
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Masquer ce bandeau' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await second.evaluate(() => localStorage.getItem('invoice-banner-dismissed'))).toBe('true');

    // One reload shows both choices kept.
    await second.reload();
    await second.getByRole('heading', { name: 'Mon profil' }).waitFor();
    expect(await secondModal.isVisible()).toBe(false);
    expect(await second.getByText('Facturation électronique').count()).toBe(0);
    expect([...errors(), ...secondErrors()]).toEqual([]);
    await context.close();
  });

  it('a 401 from the API signs out and sends to /login with the current path', async () => {
    const { context, page, errors } = await openSignedIn(browser, server.url, '/me', undefined, 'admin');
    await page.getByRole('heading', { name: 'Mon profil' }).waitFor();
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('workplace.session') ?? '{}').token as string,
    );
    expect((await server.api.post('/api/logout', undefined, { token })).status).toBe(204);

    // The page stays on /me whichever request meets the revoked token first (a poll, the end of
    // the device's first sync, or the refetch that coming back online starts): no race on the path.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/me');
    expect(await page.evaluate(() => localStorage.getItem('workplace.session'))).toBeNull();
    await signInWith(page, 'admin', 'admin');
    await page.waitForURL(`${server.url}/me`);
    await page.getByRole('heading', { name: 'Mon profil' }).waitFor();
    expect(errors()).toEqual([]);
    await context.close();
  });
});

// One visitor on one page, signing in through the form: a wrong password, a deep link, logout,
// then a forgotten password. Each test goes on where the previous one left the page.
describe('signing in through the form', () => {
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

  it('a wrong password shows the toast of the login error catalogue', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Identifiant').fill('demo');
    await page.getByLabel('Mot de passe').fill('pas-le-bon');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Identifiant et/ou mot de passe incorrect(s)', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('workplace.session'))).toBeNull();
    expect(errors()).toEqual([]);
  });

  it('an unauthenticated deep link goes through login and lands on the deep link', async () => {
    await page.goto(`${server.url}/me`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/me');
    // Axe: the login page is checked in first-load.test.ts, the profile in shell-nav.test.ts (decision 018).
    await signInWith(page, 'demo', 'demo');
    await page.waitForURL(`${server.url}/me`);
    // The announcement greets a new sign-in: dismissed for good, as a user would.
    await page.getByRole('button', { name: 'Ne plus me montrer' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect(page.getByRole('heading', { name: 'Mon profil' }).textContent()).resolves.toBe('Mon profil');
    expect(await page.title()).toBe('Mon profil | Workplace');
    expect(errors()).toEqual([]);
  });

  it('logout clears the local storage and goes to /login', async () => {
    // Signed in on /me by the previous test.
    await page.getByRole('heading', { name: 'Mon profil' }).waitFor();
    expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);
    await page.getByRole('button', { name: /Menu du profil/ }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await page.waitForURL(`${server.url}/login`);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    // Signed out for real: a protected path goes back to the login page.
    await page.goto(`${server.url}/me`);
    await page.waitForURL(/\/login\?redirect=%2Fme$/);
    expect(errors()).toEqual([]);
  });

  // Last: it changes demo's password and signs demo out everywhere.
  it('a forgotten password is reset through the link of the mail', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.waitForURL(`${server.url}/forgotten-password`);
    expect(await page.title()).toBe('Mot de passe oublié | Workplace');
    await expectAccessible(page, 'la demande de lien');
    await page.getByLabel('Identifiant').fill('demo');
    const mailsBefore = emlFiles().length;
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page
      .getByText(
        'Si un compte correspond à cet identifiant, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.',
      )
      .waitFor();

    // The mail is written just after the answer (decision 075): wait for it.
    await expect.poll(() => emlFiles().length).toBeGreaterThan(mailsBefore);
    await page.goto(readResetLink());
    await page.getByRole('heading', { name: 'Nouveau mot de passe' }).waitFor();
    await expectAccessible(page, 'le choix du nouveau mot de passe');
    await page.getByLabel('Nouveau mot de passe').fill('Croissant2026');
    await page.getByLabel('Confirmation du mot de passe').fill('Croissant2026');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.waitForURL(`${server.url}/login`);
    await page.getByText('Votre mot de passe a été modifié. Vous pouvez vous connecter.').waitFor();

    await signInWith(page, 'demo', 'Croissant2026');
    await page.waitForURL(`${server.url}/`);
    expect(
      (await server.api.request('POST', '/api/login', { body: { username: 'demo', password: 'demo' } })).status,
    ).toBe(401);
    expect(errors()).toEqual([]);
  });
});

async function signInWith(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Identifiant').fill(username);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** The .eml files of the embedded outbox, oldest first. */
function emlFiles(): string[] {
  const folder = join(server.dataDir, 'mail');
  return existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => f.endsWith('.eml'))
        .sort()
    : [];
}

/** The link of the last .eml of the embedded outbox (quoted-printable decoded). */
function readResetLink(): string {
  const raw = readFileSync(join(server.dataDir, 'mail', emlFiles().at(-1)!), 'utf8');
  const text = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const link = /https?:\/\/\S+\/forgotten-password\?token=[^\s]+/.exec(text)?.[0];
  expect(link, 'lien du courriel de réinitialisation').toBeDefined();
  return link!;
}
