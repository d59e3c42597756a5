// The installed app after one online visit: it opens with no network (service worker precache),
// says it is offline, and its manifest passes Chromium's own installability checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import { inArray } from 'drizzle-orm';
import { idempotencyKeys } from '../../server/src/db/schema/index';
import {
  CONDITION_WAIT,
  expectAccessible,
  launchBrowser,
  newContext,
  sessionFor,
  settled,
  shot,
  shotAt,
  startAppServer,
  TABLET,
  visit,
  watchConsole,
} from './support/browser';
import { outboxCount, queueRawChanges } from './support/outbox';
import { OFFLINE_NOISE, waitForCaches } from './support/offline-helpers';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startAppServer();
  // The installed app runs in the browser people install it from (decision 049).
  browser = await launchBrowser({ fullBrowser: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The first visit is not controlled until the worker activates and claims it. */
async function waitForController(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: CONDITION_WAIT });
}

describe('offline shell', () => {
  it('after one online visit, a reload with no network opens the app and says "Hors ligne"', async () => {
    const context = await newContext(browser, {
      serviceWorkers: 'allow',
      session: await sessionFor(server.url),
      allowConsole: OFFLINE_NOISE,
    });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
    await waitForController(page);
    expect(await page.getByText('Hors ligne').count()).toBe(0);
    await waitForCaches(page, ['accounting']);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
    await page.getByText('Hors ligne', { exact: true }).waitFor();
    // The home's accounting result comes from the device: the answers the sign-in prefetch kept.
    const result = page.getByRole('region', { name: 'Résultat de l’exercice' });
    await result.getByText(/^Exercice du \d{2}\/\d{2}\/\d{4} au /).waitFor();
    await result.getByText('Produits', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller != null)).toBe(true);
    // Another screen's code is precached too.
    await visit(page, '/me');
    await page.getByRole('heading', { name: 'Mon profil' }).waitFor();
    // Axe: the profile is checked in shell-nav.test.ts, the offline top bar in invoice-lists.test.ts (decision 018).

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByText('Hors ligne', { exact: true }).waitFor({ state: 'detached' });
    // Offline, requests to /api fail by design: only those "Failed to load resource" lines are allowed.
    expect(errors().filter((e) => !OFFLINE_NOISE.test(e))).toEqual([]);
    await context.close();
  });

  it('the manifest is complete and Chromium finds no installability error', async () => {
    const context = await newContext(browser, { serviceWorkers: 'allow', session: await sessionFor(server.url) });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await waitForController(page);
    const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
    expect(manifest).toMatchObject({
      name: expect.any(String),
      short_name: 'Workplace',
      start_url: '/',
      display: 'standalone',
      lang: 'fr',
    });
    const icons = manifest.icons as Array<{ src: string; sizes: string; purpose?: string }>;
    expect(icons.some((i) => i.sizes === '192x192')).toBe(true);
    expect(icons.some((i) => i.sizes === '512x512')).toBe(true);
    expect(icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
    for (const icon of icons) {
      const res = await page.request.get(`${server.url}${icon.src}`);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toContain('image/png');
    }
    expect(await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href'))).toBe(
      '/manifest.webmanifest',
    );
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    // 'in-incognito': every Playwright context is an off-the-record profile; nothing to do with the app.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    await context.close();
  });

  it('changes queued offline wait in the sync panel, can be abandoned, and are sent exactly once back online', async () => {
    const context = await newContext(browser, {
      serviceWorkers: 'allow',
      session: await sessionFor(server.url),
      allowConsole: OFFLINE_NOISE,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
    await waitForController(page);
    const company = await page.evaluate(
      () => JSON.parse(localStorage.getItem('workplace.session')!).profile.userLastCompany as number,
    );

    await context.setOffline(true);
    const change = (n: number) => ({
      method: 'PUT' as const,
      path: 'user/me',
      body: { idDerniereSociete: company },
      companyId: company,
      docKey: `profil:${n}`,
      label: `Choix de la société par défaut (${n})`,
      kind: 'profile.company',
    });
    const keys = await queueRawChanges(page, [change(1), change(2), change(3)]);
    await page.reload();
    await page.getByRole('button', { name: '3 modifications en attente' }).click();
    const panel = page.getByRole('dialog', { name: 'Synchronisation' });
    await panel.getByText('Choix de la société par défaut (2)').waitFor();
    await panel.getByText(/utilisés sur/).waitFor();
    await shot(page, 'offline-shell/panel-1366');
    // Axe: the sync panel is checked once, with a refused change (next test; decision 018).

    await panel
      .getByRole('article', { name: 'Choix de la société par défaut (2)' })
      .getByRole('button', { name: 'Abandonner' })
      .click();
    await page
      .getByRole('dialog', { name: 'Abandonner cette modification ?' })
      .getByRole('button', { name: 'Abandonner' })
      .click();
    await panel.getByText('2 modifications en attente').waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    await shotAt(page, 'offline-shell/topbar-820-offline', TABLET);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByRole('button', { name: 'Synchronisation : tout est envoyé' }).waitFor();
    expect(await outboxCount(page)).toBe(0);
    const rows = await server.deps.db.select().from(idempotencyKeys).where(inArray(idempotencyKeys.key, keys));
    expect(rows.map((r) => r.key).sort()).toEqual([keys[0], keys[2]].sort());
    expect(rows.every((r) => r.status === 200)).toBe(true);
    await context.close();
  });

  it('a change the server refuses during the replay stays in the panel with the server’s French message', async () => {
    const context = await newContext(browser, { serviceWorkers: 'allow', session: await sessionFor(server.url) });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
    const company = await page.evaluate(
      () => JSON.parse(localStorage.getItem('workplace.session')!).profile.userLastCompany as number,
    );
    await queueRawChanges(page, [
      {
        method: 'PUT',
        path: 'user/me',
        body: { idDerniereSociete: 999999 },
        companyId: company,
        docKey: 'profil',
        label: 'Choix d’une société inconnue',
        kind: 'profile.company',
      },
      {
        method: 'PUT',
        path: 'user/me',
        body: { idDerniereSociete: company },
        companyId: company,
        docKey: 'profil',
        label: 'Choix de la société habituelle',
        kind: 'profile.company',
      },
    ]);
    await page.reload();
    await page.getByRole('button', { name: '1 modification en attente, 1 modification refusée' }).click();
    const panel = page.getByRole('dialog', { name: 'Synchronisation' });
    const refused = panel.getByRole('article', { name: 'Choix d’une société inconnue' });
    await refused.getByText('Refusée par le serveur').waitFor();
    await refused.getByText('Vous n’êtes pas membre de cette société.').waitFor();
    await panel
      .getByRole('article', { name: 'Choix de la société habituelle' })
      .getByText('En attente de la modification refusée')
      .waitFor();
    await shot(page, 'offline-shell/panel-failed-1366');
    await settled(page);
    await expectAccessible(page, 'une modification refusée');
    await shotAt(page, 'offline-shell/panel-failed-820', TABLET);
    // Abandoning the refusal lets the document's next change go.
    await refused.getByRole('button', { name: 'Abandonner' }).click();
    await page
      .getByRole('dialog', { name: 'Abandonner cette modification ?' })
      .getByRole('button', { name: 'Abandonner' })
      .click();
    await panel.getByRole('button', { name: 'Synchroniser' }).click();
    await panel.getByText('Aucune modification en attente.').waitFor();
    await context.close();
  });
});
