// Decision 078: a sign-out made with no network is remembered on the device and
// sent at the next connection, before anything else, so the token does not stay valid on the server
// for the rest of its 12 hours; and the sign-out says what stays on the device, for whom, and how to
// remove it. The old token is checked from the test, against the server itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import {
  CONDITION_WAIT,
  expectAccessible,
  launchBrowser,
  dismissAnnouncement,
  newContext,
  sessionFor,
  startAppServer,
} from './support/browser';
import { outboxCount, queueRawChanges } from './support/outbox';
import { OFFLINE_NOISE } from './support/offline-helpers';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  context = await newContext(browser, {
    serviceWorkers: 'allow',
    session: await sessionFor(server.url),
    allowConsole: OFFLINE_NOISE,
  });
  page = await context.newPage();
});
afterAll(async () => {
  // Closing checks the console and the CSP of the whole visit (decision 018).
  await context?.close();
  await browser?.close();
  await server?.close();
});

const tokenOnPage = () =>
  page.evaluate(() => JSON.parse(localStorage.getItem('workplace.session') ?? 'null')?.token as string | undefined);
/** What the server answers the token now: 200 while the session is open, 401 once revoked. */
const serverAnswers = async (token: string) => (await server.api.get('/api/user/me', { token })).status;

/** The API requests the page sends from now on, in order ("POST /api/logout"…). */
function recordApiRequests(): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/config')
      seen.push(`${request.method()} ${url.pathname}`);
  });
  return seen;
}

/** The login form, as the user types it (the announcement that greets a new sign-in already dismissed). */
async function signInAsDemo(): Promise<void> {
  await dismissAnnouncement(page);
  await page.getByLabel('Identifiant').fill('demo');
  await page.getByLabel('Mot de passe').fill('demo');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
}

async function signOutFromMenu(): Promise<void> {
  await page.getByRole('button', { name: /Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
}

describe('a sign-out with no network', () => {
  it('leaves the token valid until the next connection, where it is revoked first', async () => {
    await page.goto(`${server.url}/me`);
    await page.getByRole('heading', { name: 'Mon profil' }).waitFor();
    // The login screen must open offline once signed out: the service worker serves it.
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
      timeout: CONDITION_WAIT,
    });
    const token = (await tokenOnPage())!;

    await context.setOffline(true);
    // Nothing waits to be sent: no confirmation, signed out at once.
    await signOutFromMenu();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Identifiant').waitFor();
    expect(await tokenOnPage()).toBeUndefined();
    // The device keeps the token's revocation only, to send at the next connection.
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('workplace.pendingSignOuts') ?? '[]').length),
    ).toBe(1);
    // The server could not be told: the token still opens the session.
    expect(await serverAnswers(token)).toBe(200);

    // Chromium fires 'online' as the network comes back: the revocation goes then, and at the
    // reload's start if its answer had not come back before the page was left (a 401 the second time).
    const requests = recordApiRequests();
    await context.setOffline(false);
    await page.reload();
    await page.getByLabel('Identifiant').waitFor();
    await expect.poll(() => serverAnswers(token), { timeout: CONDITION_WAIT }).toBe(401);
    expect(requests[0]).toBe('POST /api/logout');
    expect(new Set(requests)).toEqual(new Set(['POST /api/logout']));
    // Sent and answered: the device no longer keeps it.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('workplace.pendingSignOuts')), { timeout: CONDITION_WAIT })
      .toBeNull();
  });

  it('the confirmation says what stays on the device and for whom; signing in again sends it, after the revocation', async () => {
    // Signed out by the previous test: in again through the form, then offline with a change queued.
    await signInAsDemo();
    const token = (await tokenOnPage())!;
    const company = await page.evaluate(
      () => JSON.parse(localStorage.getItem('workplace.session')!).profile.userLastCompany as number,
    );
    await context.setOffline(true);
    await queueRawChanges(page, [
      {
        method: 'PUT',
        path: 'user/me',
        body: { idDerniereSociete: company },
        companyId: company,
        docKey: 'profil',
        label: 'Choix de la société par défaut',
        kind: 'profile.company',
      },
    ]);
    await page.reload();
    await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();

    await signOutFromMenu();
    const dialog = page.getByRole('dialog', { name: 'Des données restent sur cet appareil' });
    await dialog.waitFor();
    await dialog
      .getByText('1 modification en attente d’envoi reste sur cet appareil pour Sophie Martin.', { exact: true })
      .waitFor();
    await dialog.getByText(/Quand Sophie Martin se reconnectera sur cet appareil/).waitFor();
    await expectAccessible(page, 'la confirmation de déconnexion');
    await dialog.getByRole('button', { name: 'Me déconnecter' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await serverAnswers(token)).toBe(200);

    // The app closed offline, opened again with a network: the revocation is its first request,
    // before the sign-in; the change queued for the same user goes once they are signed in again.
    await page.goto('about:blank');
    const requests = recordApiRequests();
    await context.setOffline(false);
    await page.goto(`${server.url}/login`);
    await signInAsDemo();
    await expect.poll(() => outboxCount(page), { timeout: CONDITION_WAIT }).toBe(0);
    expect(await serverAnswers(token)).toBe(401);
    expect(requests.indexOf('POST /api/logout')).toBe(0);
    expect(requests.indexOf('POST /api/login')).toBeGreaterThan(0);
    // The queued change, alone or in a batch (decision 026).
    const replayed = requests.findIndex((r) => r === 'PUT /api/user/me' || r === 'POST /api/sync/batch');
    expect(replayed).toBeGreaterThan(requests.indexOf('POST /api/login'));
  });
});
