import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import {
  expectAccessible,
  launchBrowser,
  newContext,
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

describe('notification bell and pages (spec 2.5)', () => {
  it('shows a count, hovering resets it, an item opens the notification and marks it read', async () => {
    const context = await newContext(browser, { session: await sessionFor(server.url) });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${server.url}/`);
    const bell = page.getByRole('button', { name: /^Notifications : \d+ nouvelle/ });
    await bell.waitFor();
    await bell.hover();
    const first = page.getByRole('menuitem').first();
    await first.waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await expectAccessible(page, 'la cloche ouverte');
    const label = (await first.textContent())!.trim();
    await first.click();
    await page.waitForURL(/\/notifications\/\d+$/);
    await page.getByText(label).first().waitFor();
    await page.getByRole('button', { name: 'Ouvrir le document' }).waitFor();
    const id = Number(page.url().split('/').pop());
    await expect
      .poll(async () => {
        const { token } = await server.api.login('demo');
        return (await server.api.get(`/api/notifications/${id}`, { token })).body.readAt;
      })
      .not.toBeNull();
    await expectAccessible(page, 'une notification');
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('"Voir toutes les notifications" lists them all', async () => {
    const context = await newContext(browser, { session: await sessionFor(server.url) });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page
      .getByRole('button', { name: /^Notifications/ })
      .first()
      .hover();
    await page.getByRole('menuitem', { name: 'Voir toutes les notifications' }).click();
    await page.waitForURL(/\/notifications$/);
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    expect(await page.title()).toBe('Notifications | Workplace');
    await expectAccessible(page, 'la liste des notifications');
    await context.close();
  });
});
