// Helpers of the offline invoicing scenario (tests/e2e/offline-invoicing.test.ts): a server that
// survives a restart, the service worker and the Dexie caches read straight from IndexedDB, the
// editors' pickers, and the outbox as the device holds it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server';
import { CONDITION_WAIT, newContext, sessionFor, watchConsole } from './browser';
import { pdfPageDrawn } from './pdf';

/** The browser's own lines while the network is cut ("Failed to load resource…"): expected offline. */
export const OFFLINE_NOISE = /Failed to fetch|ERR_INTERNET_DISCONNECTED/;

/** The production build on a server whose data (PGlite on disk) survives stop() / restart() on the same port. */
export const startPersistentAppServer = (): Promise<TestServer> =>
  startTestServer({ staticDir: process.env.E2E_DIST ?? 'dist', persistent: true });

/** Every row of one store of the signed-in user's IndexedDB database (workplace-<userId>). */
export function readStore<T = any>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(async (name) => {
    const userId = JSON.parse(localStorage.getItem('workplace.session') ?? 'null')?.profile?.id;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(`workplace-${userId}`);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      return await new Promise<T[]>((resolve, reject) => {
        const req = db.transaction(name).objectStore(name).getAll();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    } finally {
      db.close();
    }
  }, store);
}

export const companyOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('workplace.session')!).profile.userLastCompany as number);

/** Waits until the datasets of the company are stored on the device (each refresh writes its meta row). */
export async function waitForCaches(page: Page, datasets: string[]): Promise<void> {
  const company = await companyOf(page);
  const stored = async () =>
    (await readStore<{ companyId: number; dataset: string }>(page, 'meta'))
      .filter((r) => r.companyId === company)
      .map((r) => r.dataset);
  await expect
    .poll(
      async () => {
        const have = await stored();
        return datasets.filter((d) => !have.includes(d));
      },
      { timeout: CONDITION_WAIT },
    )
    .toEqual([]);
}

/** A document opened online is kept (its detail) for offline reading. */
export async function waitForOpenedDocument(page: Page, table: 'invoices' | 'quotes', id: number): Promise<void> {
  await expect
    .poll(
      async () =>
        (await readStore<{ id: unknown; detail?: unknown }>(page, table)).some(
          (r) => r.id === id && r.detail !== undefined,
        ),
      { timeout: CONDITION_WAIT },
    )
    .toBe(true);
}

export interface OutboxView {
  kind: string;
  state: string;
  attempts: number;
  path: string;
  idempotencyKey: string;
  seq: number;
}
export const outboxEntries = async (page: Page): Promise<OutboxView[]> =>
  (await readStore<OutboxView>(page, 'outbox'))
    .sort((a, b) => a.seq - b.seq)
    .map(({ kind, state, attempts, path, idempotencyKey, seq }) => ({
      kind,
      state,
      attempts,
      path,
      idempotencyKey,
      seq,
    }));

/** Signed in as demo (session injected) with the service worker in control and the editors' data on the device. */
export async function openOnline(
  browser: Browser,
  server: TestServer,
  allowConsole?: RegExp,
): Promise<{ context: BrowserContext; page: Page; errors: () => string[] }> {
  const context = await newContext(browser, {
    serviceWorkers: 'allow',
    session: await sessionFor(server.url),
    allowConsole,
  });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(`${server.url}/`);
  await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
  // The first visit is not controlled until the worker activates and claims it.
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: CONDITION_WAIT });
  await waitForCaches(page, ['environment', 'customers', 'articles', 'invoices', 'quotes']);
  return { context, page, errors };
}

/** Back online; the 'online' event is what the app listens to (Playwright may not fire it). */
export async function goOnline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

export async function pick(page: Page, combobox: string, search: string, option: RegExp): Promise<void> {
  const box = page.getByRole('combobox', { name: combobox });
  await box.click();
  if (search) await box.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** A quote or invoice for a cached customer with one catalogue article, in the open editor. */
export async function fillDocument(
  page: Page,
  customer: [string, RegExp],
  article: [string, RegExp],
  quantity: string,
): Promise<void> {
  await pick(page, 'Client', ...customer);
  await pick(page, 'Ajouter un article du catalogue', ...article);
  await page.getByLabel('Quantité').fill(quantity);
  await page.getByRole('button', { name: /^Terminer la ligne 1/ }).click();
}

/** The preview in the PDF dialog, drawn by pdf.js (page 1 on a canvas). */
export async function pdfInDialog(page: Page): Promise<{ pages: number; ink: number }> {
  return pdfPageDrawn(page.getByRole('dialog', { name: /^Aperçu de votre document/ }));
}
