// Offline figures for `npm run bench` (decision 002): start of the installed app from the service
// worker cache (online and offline), caching 10 000 customers + 10 000 articles into Dexie, and
// replaying 1 000 queued changes against the real server with duplicates counted there.
// Run alone: npx tsx bench/offline.ts (uses BENCH_DIST, else E2E_DIST, else dist; builds it if missing).
import { inArray } from 'drizzle-orm';
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { dismissAnnouncement, launchBrowser, newContext, signIn } from '../tests/e2e/support/browser';
import { queueRawChanges } from '../tests/e2e/support/outbox';
import { startTestServer, type TestServer } from '../tests/support/test-server';
import { newArticle } from '../src/domain/articles';
import { customers, idempotencyKeys, items } from '../server/src/db/schema/index';
import { customerValues } from '../server/src/modules/catalogue/customer-input';
import { articleValues } from '../server/src/modules/catalogue/article-service';
import { toWire } from '../src/domain/wire-names';
import { benchArticle, benchCustomer, fakeListRoute, waitForDatasets, waitForEmptyOutbox } from './offline-support';
import { benchReplayOwnProcess } from './offline-replay-process';

const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${Math.round(x)} ms`;
const s = (x: number) => `${(x / 1000).toFixed(2)} s`;

/** Navigation start → the home heading is visible, measured by the page's own clock. */
async function timeToHome(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const h = [...document.querySelectorAll('h1, h2')].find((e) => e.textContent?.startsWith('Bonjour'));
      return h && (h as HTMLElement).offsetParent !== null ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
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

/** 10 000 customers and 10 000 articles in the demo's company, written straight into the database. */
async function seedCatalogue(server: TestServer): Promise<void> {
  const company = server.seed!.companies[0].id;
  const custRows = Array.from({ length: 10_000 }, (_, i) =>
    customerValues(company, { ...benchCustomer(i), accountNumber: `B${String(i + 1).padStart(5, '0')}` } as never),
  );
  const itemRows = Array.from({ length: 10_000 }, (_, i) =>
    articleValues(company, { ...newArticle(), ...benchArticle(i), unitPriceHT: 1 + (i % 500) * 0.37, vatRate: 20 }),
  );
  for (let i = 0; i < 10_000; i += 1000) {
    await server.deps.db.insert(customers).values(custRows.slice(i, i + 1000));
    await server.deps.db.insert(items).values(itemRows.slice(i, i + 1000));
  }
}

async function benchCaching(browser: Browser, server: TestServer): Promise<Record<string, string>> {
  await seedCatalogue(server);
  // Service workers blocked: page.route (the fallback) must see the API calls.
  const context = await newContext(browser, { serviceWorkers: 'block' });
  const page = await context.newPage();
  const { token } = await server.api.login('demo');
  const totals = await Promise.all(
    ['customers', 'items'].map(
      async (p) => (await server.api.get(`/api/${p}?page=1&pageSize=1`, { token })).body?.total ?? 0,
    ),
  );
  const expected = { customers: totals[0] as number, articles: totals[1] as number };
  const faked = expected.customers < 10_000 || expected.articles < 10_000;
  if (faked) {
    await page.route('**/api/customers?**', fakeListRoute('customers', 10_000));
    await page.route('**/api/items?**', fakeListRoute('articles', 10_000));
    expected.customers = expected.articles = 10_000;
  }
  const first0 = Date.now();
  await signIn(page, server.url, 'demo');
  await waitForDatasets(page, expected, 0, 180_000);
  const firstSync = Date.now() - first0;
  // The measured refresh: what the app does on 'online' (and after sign-in / company change).
  const t0 = await page.evaluate(() => Date.now());
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const t1 = await waitForDatasets(page, expected, t0, 180_000);
  await context.close();
  // Reference: the same pages fetched from Node, so the figure reads as server + browser caching.
  let serverOnly = 0;
  if (!faked) {
    const r0 = Date.now();
    for (const p of ['customers', 'items']) {
      for (let page = 1; ; page++) {
        const res = await server.api.get(`/api/${p}?page=${page}&pageSize=500`, { token });
        if (res.body.items.length < 500) break;
      }
    }
    serverOnly = Date.now() - r0;
  }
  const fr = (n: number) => new Intl.NumberFormat('fr-FR').format(n);
  const what = `${fr(expected.customers)} clients + ${fr(expected.articles)} articles`;
  const source = faked ? 'API simulée par page.route' : 'serveur réel';
  // Decision 027: the first sign-in fills Dexie; afterwards 'online' asks only what changed since.
  const result: Record<string, string> = {
    [`Mise en cache Dexie de ${what} dans Chromium, de la connexion à la fin (${source})`]: s(firstSync),
    [`Remise à jour de ce cache à l’événement online, rien n’ayant changé (synchronisation incrémentale, ${source})`]:
      s(t1 - t0),
  };
  if (!faked) result['Pour comparaison : les deux listes entières, 40 pages de 500, depuis Node'] = s(serverOnly);
  return result;
}

/**
 * single: the batch endpoint answers 404 as an older server would, so the replayer falls back to one
 * request per change (decision 016's replay): the figure before decision 026, on the same machine.
 */
export async function benchReplay(
  browser: Browser,
  server: TestServer,
  opts: { single?: boolean; round?: number } = {},
): Promise<{ elapsed: number; figures: Record<string, string> }> {
  const { context, page } = await installedApp(browser, server);
  // /api/ requests skip the service worker (sw/sw.ts), so the context's route sees them.
  if (opts.single)
    await context.route('**/api/sync/batch', (r) =>
      r.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"message":"Cette adresse d’API n’existe pas."}',
      }),
    );
  const how = opts.single ? ' — une requête par modification (sans lot)' : '';
  await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
  const company = await page.evaluate(
    () => JSON.parse(localStorage.getItem('workplace.session')!).profile.userLastCompany as number,
  );
  await context.setOffline(true);
  // 50 customers edited 20 times each: a change the contract lets wait offline, so it may travel in
  // a batch (decision 026; the former PUT /api/user/me is online-only). Order per customer holds.
  // Each round edits 50 customers of its own on the same server.
  const prefix = opts.single ? 'S' : 'RTUVW'[opts.round ?? 0];
  const account = (d: number) => `${prefix}${String(d + 1).padStart(5, '0')}`;
  await server.deps.db.insert(customers).values(
    Array.from({ length: 50 }, (_, d) => {
      const { id: _id, ...c } = benchCustomer(d);
      return customerValues(company, { ...c, accountNumber: account(d) } as never);
    }),
  );
  const edit = (i: number) => {
    const { id: _id, ...c } = benchCustomer(i % 50);
    return { ...c, accountNumber: account(i % 50), socialReason: `Client rejoué ${i + 1}` };
  };
  const changes = Array.from({ length: 1000 }, (_, i) => ({
    method: 'PUT' as const,
    path: `customers/${account(i % 50)}`,
    body: edit(i),
    companyId: company,
    docKey: `customer:${account(i % 50)}`,
    label: `Changement ${i + 1}`,
    kind: 'customer.save',
  }));
  const keys = await queueRawChanges(page, changes);
  let requests = 0;
  let batches = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/customers/') && r.method() === 'PUT') requests += 1;
    if (r.url().endsWith('/api/sync/batch') && r.method() === 'POST') batches += 1;
  });
  const cpu0 = process.cpuUsage();
  await context.setOffline(false);
  const t0 = Date.now();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const elapsed = (await waitForEmptyOutbox(page, t0, 20)) - t0;
  // The server runs in this process: its CPU time is a figure less moved by the machine's load.
  const cpu = process.cpuUsage(cpu0);
  // Reference: the same PUT sent straight from Node, so the figure above reads as server + replayer.
  const { token } = await server.api.login('demo');
  const r0 = Date.now();
  for (let i = 0; i < 200; i++)
    await server.api.put(`/api/customers/${account(0)}`, toWire(edit(i * 50)), {
      token,
      company,
      idempotencyKey: crypto.randomUUID(),
    });
  const serverOnly = (Date.now() - r0) / 200;
  const rows = await server.deps.db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(inArray(idempotencyKeys.key, keys));
  const distinct = new Set(rows.map((r) => r.key)).size;
  await context.close();
  const figures: Record<string, string> = {
    'Rejeu de 1 000 modifications en file (serveur réel, PUT /api/customers/:n, 50 clients × 20)': s(elapsed),
    // Each change has its own Idempotency-Key: one stored row per key = applied once; a re-sent
    // request (retry) is answered from that row, never applied again.
    'Rejeu : modifications / lignes idempotency_keys sur le serveur / doublons': `${keys.length} / ${rows.length} / ${rows.length - distinct}`,
    // Decision 026: the queue travels in batches (POST /api/sync/batch, ≤ 100 changes each).
    'Rejeu : requêtes envoyées par le navigateur (PUT seuls / lots POST /api/sync/batch)': `${requests} / ${batches}`,
    'Rejeu : temps CPU du processus serveur (utilisateur + système)': ms((cpu.user + cpu.system) / 1000),
    'Rejeu : temps moyen par modification / même PUT envoyé directement depuis Node': `${ms(elapsed / keys.length)} / ${ms(serverOnly)}`,
  };
  return { elapsed, figures: Object.fromEntries(Object.entries(figures).map(([k, v]) => [k + how, v])) };
}

export const REPLAY_ROUNDS = 3;

/**
 * The replay, REPLAY_ROUNDS times on the same server: one run moves by ±30 % on this VM (decision
 * 056). Every round is printed, then the median; the other figures are the first round's.
 */
async function benchReplayRounds(browser: Browser, server: TestServer): Promise<Record<string, string>> {
  const rounds: Array<Awaited<ReturnType<typeof benchReplay>>> = [];
  for (let round = 0; round < REPLAY_ROUNDS; round++) rounds.push(await benchReplay(browser, server, { round }));
  const times = rounds.map((r) => r.elapsed);
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  const [key, ...others] = Object.keys(rounds[0].figures);
  return {
    [`${key}, ${REPLAY_ROUNDS} tours, médiane (objectif ≤ 3 s)`]: `${s(median)} (${times.map(s).join(' ; ')})`,
    ...Object.fromEntries(others.map((k) => [k, rounds[0].figures[k]])),
  };
}

export async function benchOffline(): Promise<Record<string, string>> {
  const dist = process.env.BENCH_DIST ?? process.env.E2E_DIST ?? 'dist';
  if (!existsSync(`${dist}/index.html`))
    execSync(`npx vite build --outDir ${dist} --emptyOutDir --logLevel warn`, { stdio: 'inherit' });
  const server = await startTestServer({ staticDir: dist });
  const browser = await launchBrowser({ v8Defaults: true });
  try {
    // Replay before the catalogue is seeded: its sign-in would otherwise cache 20 000 rows meanwhile.
    return {
      ...(await benchStart(browser, server)),
      ...(await benchReplayRounds(browser, server)),
      // BENCH_REPLAY_SINGLE=1: also the one-request-per-change replay, for a before/after on this machine.
      ...(process.env.BENCH_REPLAY_SINGLE ? (await benchReplay(browser, server, { single: true })).figures : {}),
      ...(await benchReplayOwnProcess(browser)),
      ...(await benchCaching(browser, server)),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchOffline().then(
    (r) => console.table(r),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
