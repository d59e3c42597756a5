import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import {
  CONDITION_WAIT,
  expectAccessible,
  launchBrowser,
  openSignedIn,
  shot,
  shotAt,
  startAppServer,
  TABLET,
  visit,
} from './support/browser';
import { companyOf, OFFLINE_NOISE, readStore } from './support/offline-helpers';

// The bell and the notification pages in a real Chromium against the real server (NOTIF-1 to NOTIF-5): the
// screens' axe passes, opening a notification marks it read on the server, and the home's unread
// widget follows. The bell's own logic (count, reset on hover, an item opens its notification,
// "Voir toutes les notifications") is in src/features/notifications/notification-bell.screen.test.tsx.
// One signed-in page for the file.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: () => string[];
beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  ({ context, page, errors } = await openSignedIn(browser, server.url, '/', undefined, 'demo', {
    allowConsole: OFFLINE_NOISE,
  }));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

/** Until the server says the notification (its path, '/notifications/12') is read. */
const readOnServer = (path: string) =>
  expect
    .poll(
      async () => {
        const { token } = await server.api.login('demo');
        return (await server.api.get(`/api${path}`, { token })).body.readAt;
      },
      { timeout: CONDITION_WAIT },
    )
    .not.toBeNull();

describe('notification bell and pages (NOTIF-1 to NOTIF-5)', () => {
  it('an item of the bell opens the notification and marks it read on the server', async () => {
    const bell = page.getByRole('button', { name: /^Notifications : \d+ nouvelle/ });
    await bell.waitFor();
    await bell.hover();
    // A document notification (type 1); an information request (type 2) opens its accounting page.
    const first = page.getByRole('menuitem').filter({ hasNotText: 'Demande d’information' }).first();
    await first.waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await expectAccessible(page, 'la cloche ouverte');
    const label = (await first.textContent())!.trim();
    await first.click();
    await page.waitForURL(/\/notifications\/\d+$/);
    await page.getByText(label).first().waitFor();
    await page.getByRole('button', { name: 'Ouvrir le document' }).waitFor();
    await readOnServer(new URL(page.url()).pathname);
    await expectAccessible(page, 'une notification');
    expect(errors()).toEqual([]);
  });

  it('"Voir toutes les notifications" lists them all', async () => {
    await page
      .getByRole('button', { name: /^Notifications/ })
      .first()
      .hover();
    await page.getByRole('menuitem', { name: 'Voir toutes les notifications' }).click();
    await page.waitForURL(/\/notifications$/);
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    expect(await page.title()).toBe('Notifications | Workplace');
    await expectAccessible(page, 'la liste des notifications');
    expect(errors()).toEqual([]);
  });

  it('the home’s « Notifications non lues » follows a notification read, without a reload', async () => {
    await visit(page, '/');
    const widget = page.getByRole('region', { name: 'Notifications non lues' });
    const unread = async () => Number(await widget.getByText(/^\d+$/).textContent());
    const row = widget.locator('a[href^="/notifications/"]').first();
    await row.waitFor();
    const href = (await row.getAttribute('href'))!;
    const before = await unread();
    const request = (await row.textContent())!.startsWith('Demande d’information');
    await widget.locator(`a[href="${href}"]`).click();
    // Opened, read on the server, and where it leads: an information request goes on to its
    // accounting page, which then names the request (two redirects that would otherwise land after
    // the next visit).
    await page.waitForURL((url) =>
      request
        ? url.pathname === '/ma-comptabilite/demande-information' && url.searchParams.has('demande')
        : url.pathname === href,
    );
    await readOnServer(href);
    await visit(page, '/');
    // Read: one less in its figure and gone from its rows, without a reload. The figure is polled:
    // while the widget reads the device's copy it shows a skeleton, with no rows to miss.
    await expect.poll(unread, { timeout: CONDITION_WAIT }).toBe(before - 1);
    expect(await widget.locator(`a[href="${href}"]`).count()).toBe(0);
    expect(errors()).toEqual([]);
  });

  it('offline, a notification kept on the device opens and is read there; the server learns it back online', async () => {
    await visit(page, '/');
    const widget = page.getByRole('region', { name: 'Notifications non lues' });
    const unread = async () => Number(await widget.getByText(/^\d+$/).textContent());
    const before = await unread();
    // An unread document notification (type 1) of the device's copy (the bell's latest ten).
    const kept = await readStore<{ data: { id: number; type: number; label: string; readAt: string | null } }>(
      page,
      'notifications',
    );
    const note = kept.map((r) => r.data).find((n) => n.type === 1 && n.readAt === null)!;
    expect(note).toBeDefined();
    // An information request's notification (type 2), and the request the server says it opens. The
    // requests' screen is read once online: its code and the device's copy of the requests.
    const ask = kept.map((r) => r.data).find((n) => n.type === 2)!;
    const company = await companyOf(page);
    const { token } = await server.api.login('demo');
    const asked = await server.api.get(`/api/my-accounting/required-details?notification=${ask.id}`, {
      token,
      company,
    });
    const requestId = String((asked.body.items as Array<{ id: number }>)[0]!.id);
    await visit(page, '/ma-comptabilite/demande-information');
    await page.getByRole('article').first().waitFor();

    await context.setOffline(true);
    await visit(page, `/notifications/${note.id}`);
    await page.getByText(note.label, { exact: true }).waitFor();
    await visit(page, '/');
    await expect.poll(unread, { timeout: CONDITION_WAIT }).toBe(before - 1);
    // The list: the notifications the device keeps, and why the rest is missing.
    await visit(page, '/notifications');
    await page.getByText(/^Hors ligne : voici les dernières notifications gardées sur cet appareil\./).waitFor();
    expect(await page.getByRole('link').filter({ hasText: note.label }).count()).toBe(1);
    await expectAccessible(page, 'la liste des notifications hors ligne');
    await shot(page, 'notifications-hors-ligne');
    await shotAt(page, 'notifications-hors-ligne-tablette', TABLET);
    // Offline, the information request opens on its request, found on the device (NOTIF-1).
    await visit(page, `/notifications/${ask.id}`);
    await page.waitForURL(
      (u) => u.pathname === '/ma-comptabilite/demande-information' && u.searchParams.has('demande'),
    );
    expect(new URL(page.url()).searchParams.get('demande')).toBe(requestId);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await readOnServer(`/notifications/${note.id}`);
    await page.getByText(/^Hors ligne : voici/).waitFor({ state: 'detached' });
    expect(errors().filter((e) => !OFFLINE_NOISE.test(e))).toEqual([]);
  });
});
