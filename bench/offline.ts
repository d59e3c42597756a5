// Offline figures for `npm run bench` (issue 6): start of the installed app from the service
// worker cache (online and offline), caching 10 000 customers + 10 000 articles into Dexie, and
// replaying 1 000 queued changes against the real server with duplicates counted there.
// Run alone: npx tsx bench/offline.ts (uses BENCH_DIST, else E2E_DIST, else dist; builds it if missing).
import { inArray } from 'drizzle-orm';
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { idempotencyKeys } from '../server/src/db/schema/index';
import { dismissAnnouncement, launchBrowser, newContext, signIn } from '../tests/e2e/support/browser';
import { outboxCount, queueRawChanges } from '../tests/e2e/support/outbox';
import { startTestServer, type TestServer } from '../tests/support/test-server';
import { fakeListRoute, waitForDatasets } from './offline-support';

const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${Math.round(x)} ms`;
const s = (x: number) => `${(x / 1000).toFixed(2)} s`;

/** Navigation start → the home heading is visible, measured by the page's own clock. */
async function timeToHome(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => {
    const h = [...document.querySelectorAll('h1, h2')].find((e) => e.textContent?.startsWith('Bonjour'));
    return h && (h as HTMLElement).offsetParent !== null ? performance.now() : false;
  }, undefined, { polling: 'raf', timeout: 30_000 });
  const t = (await handle.jsonValue()) as number;
  await page.close();
  return t;
}

async function installedApp(browser: Browser, server: TestServer): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { serviceWorkers: 'allow' });
  const page = await context.newPage();
  await signIn(page, server.url, 'demo');
  await dismissAnnouncement(page);
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
  return { context, page };
}

async function benchStart(browser: Browser, server: TestServer): Promise<Record<string, string>> {
  const { context, page } = await installedApp(browser, server);
  await page.close();
  const online: number[] = [];
  for (let i = 0; i < RUNS; i++) online.push(await timeToHome(context, `${server.url}/`));
  await context.setOffline(true);
  const offline: number[] = [];
  for (let i = 0; i < RUNS; i++) offline.push(await timeToHome(context, `${server.url}/`));
  await context.close();
  return {
    'Démarrage de l’app installée depuis le cache du SW, en ligne (médiane de 5)': ms(median(online)),
    'Démarrage de l’app installée depuis le cache du SW, hors ligne (médiane de 5)': ms(median(offline)),
  };
}

async function benchCaching(browser: Browser, server: TestServer): Promise<Record<string, string>> {
  // Service workers blocked: page.route must see the API calls.
  const context = await newContext(browser, { serviceWorkers: 'block' });
  const page = await context.newPage();
  const { token } = await server.api.login('demo');
  const real = await server.api.get('/api/customers?page=1&pageSize=1', { token });
  const faked = real.status !== 200 || (real.body?.total ?? 0) < 10_000;
  if (faked) {
    await page.route('**/api/customers?**', fakeListRoute('customers', 10_000));
    await page.route('**/api/items?**', fakeListRoute('articles', 10_000));
  }
  await signIn(page, server.url, 'demo');
  await waitForDatasets(page, ['customers', 'articles'], 10_000, 0, 120_000);
  // The measured refresh: what the app does on 'online' (and after sign-in / company change).
  const t0 = await page.evaluate(() => Date.now());
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const t1 = await waitForDatasets(page, ['customers', 'articles'], 10_000, t0, 120_000);
  await context.close();
  return {
    [`Mise en cache Dexie de 10 000 clients + 10 000 articles dans Chromium${faked ? ' (API simulée par page.route : /api/customers et /api/items pas encore disponibles)' : ''}`]: s(t1 - t0),
  };
}

async function benchReplay(browser: Browser, server: TestServer): Promise<Record<string, string>> {
  const { context, page } = await installedApp(browser, server);
  await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
  const company = await page.evaluate(() => JSON.parse(localStorage.getItem('workplace.session')!).profile.userLastCompany as number);
  await context.setOffline(true);
  const changes = Array.from({ length: 1000 }, (_, i) => ({
    method: 'PUT' as const, path: 'user/me', body: { idDerniereSociete: company }, companyId: company, docKey: `bench:${i % 50}`, label: `Changement ${i + 1}`, kind: 'bench.profile',
  }));
  const keys = await queueRawChanges(page, changes);
  let requests = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/user/me') && r.method() === 'PUT') requests += 1;
  });
  await context.setOffline(false);
  const t0 = Date.now();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  while ((await outboxCount(page)) > 0) {
    if (Date.now() - t0 > 300_000) throw new Error('replay did not finish in 5 min');
    await new Promise((r) => setTimeout(r, 100));
  }
  const elapsed = Date.now() - t0;
  // Reference: the same PUT sent straight from Node, so the figure above reads as server + replayer.
  const { token } = await server.api.login('demo');
  const r0 = Date.now();
  for (let i = 0; i < 200; i++) await server.api.put('/api/user/me', { idDerniereSociete: company }, { token, company, idempotencyKey: crypto.randomUUID() });
  const serverOnly = (Date.now() - r0) / 200;
  const rows = await server.deps.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(inArray(idempotencyKeys.key, keys));
  const distinct = new Set(rows.map((r) => r.key)).size;
  await context.close();
  return {
    'Rejeu de 1 000 modifications en file (serveur réel, PUT /api/user/me)': s(elapsed),
    // Each change has its own Idempotency-Key: one stored row per key = applied once; a re-sent
    // request (retry) is answered from that row, never applied again.
    'Rejeu : modifications / lignes idempotency_keys sur le serveur / doublons': `${keys.length} / ${rows.length} / ${rows.length - distinct}`,
    'Rejeu : requêtes PUT envoyées par le navigateur': String(requests),
    'Rejeu : temps moyen par modification / même PUT envoyé directement depuis Node': `${ms(elapsed / keys.length)} / ${ms(serverOnly)}`,
  };
}

export async function benchOffline(): Promise<Record<string, string>> {
  const dist = process.env.BENCH_DIST ?? process.env.E2E_DIST ?? 'dist';
  if (!existsSync(`${dist}/index.html`)) execSync(`npx vite build --outDir ${dist} --emptyOutDir --logLevel warn`, { stdio: 'inherit' });
  const server = await startTestServer({ staticDir: dist });
  const browser = await launchBrowser();
  try {
    return { ...(await benchStart(browser, server)), ...(await benchCaching(browser, server)), ...(await benchReplay(browser, server)) };
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchOffline().then((r) => console.table(r), (e) => {
    console.error(e);
    process.exit(1);
  });
}
