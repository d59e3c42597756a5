// Decision 027: what a sign-in or a company change costs for
// the environment, the customers and the articles, with 10 000 of each, on the first sync and on
// the next ones. The real server (in-process, in-memory PGlite) and the app's own sync code
// (src/data/sync/table-sync.ts, tables.ts refreshTable) writing into Dexie over
// fake-indexeddb. Bytes: the answers' bodies as sent (gzip when it pays), headers apart.
// Alone: `npm run bench -- env-sync`.
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { newArticle } from '../src/domain/articles';
import { WorkplaceDb, type PlumeEnvironment } from '../src/data/db';
import { defineServerData, type ConditionalAnswer } from '../src/data/sync/server-data';
import { syncTable, type ChangesPage } from '../src/data/sync/table-sync';
import { keepTable, refreshTable } from '../src/data/sync/tables';
import { customers, items } from '../server/src/db/schema/index';
import { customerValues } from '../server/src/modules/catalogue/customer-input';
import { articleValues } from '../server/src/modules/catalogue/article-service';
import { startTestServer, type TestServer } from '../tests/support/test-server';
import { benchArticle, benchCustomer } from './offline-support';

const ROWS = 10_000;
const RUNS = 15;
type Row = Record<string, unknown>;

/** 10 000 customers and 10 000 articles in the company, written straight into the database. */
export async function seed(server: TestServer, company: number): Promise<void> {
  const custRows = Array.from({ length: ROWS }, (_, i) =>
    customerValues(company, { ...benchCustomer(i), accountNumber: `B${String(i + 1).padStart(5, '0')}` } as never),
  );
  const itemRows = Array.from({ length: ROWS }, (_, i) =>
    articleValues(company, { ...newArticle(), ...benchArticle(i), unitPriceHT: 1 + (i % 500) * 0.37, vatRate: 20 }),
  );
  for (let i = 0; i < ROWS; i += 1000) {
    await server.deps.db.insert(customers).values(custRows.slice(i, i + 1000));
    await server.deps.db.insert(items).values(itemRows.slice(i, i + 1000));
  }
}

/** A client counting the bytes and requests it receives. */
function client(server: TestServer, token: string, company: number) {
  const meter = { bytes: 0, requests: 0 };
  async function get(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}${path}`, {
      headers: {
        authorization: `Bearer ${token}`,
        'x-company-id': String(company),
        'accept-encoding': 'gzip',
        ...headers,
      },
    });
    const text = await res.text();
    meter.requests++;
    meter.bytes += Number(res.headers.get('content-length') ?? Buffer.byteLength(text));
    if (res.status !== 200 && res.status !== 304) throw new Error(`${path} : ${res.status} ${text.slice(0, 200)}`);
    return { status: res.status, etag: res.headers.get('etag'), json: () => JSON.parse(text) as unknown };
  }
  const changes =
    (table: 'customers' | 'items') =>
    async (_c: number, since: string | undefined): Promise<ChangesPage<Row>> =>
      (await get(`/api/sync/${table}${since ? `?since=${since}` : ''}`)).json() as ChangesPage<Row>;
  const fetchIfChanged = async (_c: number, etag: string | null): Promise<ConditionalAnswer> => {
    const res = await get('/api/environment/plume?lists=none', etag ? { 'if-none-match': etag } : {});
    return res.status === 304
      ? { status: 'unchanged' }
      : { status: 'changed', data: res.json() as PlumeEnvironment, etag: res.etag };
  };
  keepTable(defineServerData<PlumeEnvironment>({ key: 'environment', keep: 'table', fetchIfChanged }));
  /** What the app does at sign-in and on a company change: the three in parallel, written to Dexie. */
  async function signIn(db: WorkplaceDb) {
    const before = { ...meter };
    const cpu = process.cpuUsage();
    const start = performance.now();
    await Promise.all([
      refreshTable('environment', company, db),
      syncTable(db, 'customers', company, changes('customers'), (r) => r.accountNumber as string),
      syncTable(db, 'articles', company, changes('items'), (r) => r.id as number),
    ]);
    const used = process.cpuUsage(cpu);
    return {
      ms: performance.now() - start,
      cpuMs: (used.user + used.system) / 1000,
      bytes: meter.bytes - before.bytes,
      requests: meter.requests - before.requests,
    };
  }
  return { get, meter, signIn };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (n: number) => `${n.toFixed(1).replace('.', ',')} ms`;
const size = (bytes: number) =>
  bytes < 10_240 ? `${bytes.toLocaleString('fr-FR')} o` : `${(bytes / 1024).toFixed(1).replace('.', ',')} Ko`;

export async function benchEnvSync(): Promise<Record<string, string>> {
  const server = await startTestServer();
  const db = new WorkplaceDb(`bench-env-sync-${Date.now()}`);
  try {
    const company = server.seed!.companies[0]!.id;
    await seed(server, company);
    const { token } = await server.api.login('demo');
    const c = client(server, token, company);

    // Before decision 027: the whole environment and both whole lists (pages of 500), network only.
    const old = { ...c.meter };
    const oldStart = performance.now();
    await c.get('/api/environment/plume');
    for (const list of ['customers', 'items'])
      for (let page = 1; page <= Math.ceil((ROWS + 20) / 500); page++)
        await c.get(`/api/${list}?page=${page}&pageSize=500`);
    const oldMs = performance.now() - oldStart;
    const oldBytes = c.meter.bytes - old.bytes;

    const first = await c.signIn(db);
    const next = [];
    for (let i = 0; i < RUNS; i++) next.push(await c.signIn(db));
    // Someone changed one article and one customer meanwhile.
    const [article] = await server.deps.db.select().from(items).limit(1);
    await server.api.put(
      `/api/items/${article!.id}`,
      { ...benchArticle(0), code: article!.code, unitPriceHT: 99 },
      {
        token,
        company,
      },
    );
    await server.api.put(
      '/api/customers/B00001',
      { ...benchCustomer(0), accountNumber: 'B00001', city: 'Paris' },
      {
        token,
        company,
      },
    );
    const changed = await c.signIn(db);
    const rows = `${ROWS.toLocaleString('fr-FR')} clients et ${ROWS.toLocaleString('fr-FR')} articles`;
    return {
      [`Avant : environnement entier + listes entières (${rows}) – octets`]: size(oldBytes),
      'Avant : même chose – durée (réseau seul, sans écriture Dexie)': ms(oldMs),
      'Première synchronisation – octets (requêtes)': `${size(first.bytes)} (${first.requests})`,
      'Première synchronisation – durée (écriture Dexie comprise)': ms(first.ms),
      [`Synchronisation suivante, rien de changé – octets (requêtes)`]: `${size(next[0]!.bytes)} (${next[0]!.requests})`,
      [`Synchronisation suivante, rien de changé – durée médiane (${RUNS} essais)`]: ms(median(next.map((r) => r.ms))),
      'Synchronisation suivante, rien de changé – CPU client + serveur (médiane)': ms(median(next.map((r) => r.cpuMs))),
      'Après 1 article et 1 client modifiés – octets': size(changed.bytes),
      'Après 1 article et 1 client modifiés – durée': ms(changed.ms),
      'Lignes sur l’appareil après coup (clients + articles)': `${(
        (await db.customers.count()) + (await db.articles.count())
      ).toLocaleString('fr-FR')}`,
    };
  } finally {
    db.close();
    await server.close();
  }
}
