import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { readConfig } from '../../server/src/env';
import { MIGRATIONS_DIR } from '../../server/src/paths';
import { startServer, type RunningServer } from '../../server/src/server';
import { customerPayload, GARAGE, invoicePayload, MARTIN } from '../support/invoice-helpers';
import { PNG_BYTES, pdfOfSize, upload, uploadForm } from '../support/uploads';
import { adminQuery, databaseUrl } from '../support/pg-cluster';
import { holdBlobs } from '../../server/src/modules/documents/blob-guard';
import { storageFor } from '../../server/src/modules/documents/stores';
import { removeDepositBytes } from '../../server/src/modules/inbox/service';
import { apiClient, startTestServer, type TestServer } from '../support/test-server';

// Decision 036: what only a real PostgreSQL has — several instances migrating one database at start,
// the statement timeout, the pool's size. Run by the api-pg project (skipped on PGlite, which has
// one connection and no other instance).

const cluster = inject('apiPg');
const closing: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const c of closing.reverse()) await c.close();
});

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function testServer(env: Record<string, string>): Promise<TestServer> {
  const server = await startTestServer({ env });
  closing.push(server);
  return server;
}

/** Another instance on the same database and data folder (one mail folder, as one SMTP relay would be). */
async function secondInstance(first: TestServer) {
  const config = readConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: first.dataDir,
    DATABASE_URL: first.deps.config.env.DATABASE_URL,
  });
  const running = await startServer(config);
  closing.push(running);
  return { ...running, api: apiClient(running.url) };
}

describe.skipIf(!cluster)('on PostgreSQL', () => {
  it('three instances starting together on an empty database migrate it once, and all answer', async () => {
    const url = databaseUrl(cluster!.adminUrl, 'deploiement_simultane');
    await adminQuery(cluster!.adminUrl, 'create database deploiement_simultane');
    const config = () =>
      readConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', DATABASE_URL: url });
    const instances: RunningServer[] = await Promise.all([
      startServer(config()),
      startServer(config()),
      startServer(config()),
    ]);
    // Closed in reverse order: the instances first, then their database.
    closing.push({ close: () => adminQuery(cluster!.adminUrl, 'drop database deploiement_simultane') }, ...instances);
    for (const instance of instances) {
      expect((await fetch(`${instance.url}/api/health/ready`)).status).toBe(200);
    }
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const applied = await withClient(url, (c) =>
      c.query('select count(*)::int as n from drizzle.__drizzle_migrations'),
    );
    expect(applied.rows[0].n).toBe(journal.entries.length);
  });

  it('a validation stuck behind a lock past the statement timeout gets a French 503 to retry, and changes nothing', async () => {
    const server = await testServer({ DATABASE_STATEMENT_TIMEOUT_MS: '1500' });
    const { token } = await server.api.login('demo');
    const company = server.seed!.companies.find((c) => c.label === MARTIN)!.id;
    const draft = await server.api.post('/api/invoices', invoicePayload(server), { token, company });
    expect(draft.status).toBe(201);
    const url = server.deps.config.env.DATABASE_URL!;
    const before = await withClient(url, (c) =>
      c.query('select coalesce(sum(last), 0)::int as n from document_counters where company_id = $1', [company]),
    );
    // Another session (a stuck job, a long report) holds the invoice's row.
    const answer = await withClient(url, async (blocker) => {
      await blocker.query('begin');
      await blocker.query('select id from invoices where id = $1 for update', [draft.body.id]);
      try {
        return await server.api.put(`/api/invoices/${draft.body.id}/validate`, {}, { token, company });
      } finally {
        await blocker.query('rollback');
      }
    });
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe('Le serveur est momentanément très sollicité : réessayez dans un instant.');
    expect(answer.headers.get('retry-after')).toBe('2');
    const after = await withClient(url, (c) =>
      c.query('select coalesce(sum(last), 0)::int as n from document_counters where company_id = $1', [company]),
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
    // Retried once the lock is gone, it goes through.
    const retried = await server.api.put(`/api/invoices/${draft.body.id}/validate`, {}, { token, company });
    expect(retried.status).toBe(200);
  });

  it('two instances on one database answer one Idempotency-Key once, whichever gets each retry', async () => {
    const first = await testServer({});
    const second = await secondInstance(first);
    const { token } = await first.api.login('demo');
    const company = first.seed!.companies.find((c) => c.label === MARTIN)!.id;
    const body = customerPayload('Deux instances', { accountNumber: 'INST01' });
    const send = (url: string) =>
      apiClient(url).post('/api/customers', body, { token, company, idempotencyKey: 'deux-instances-0001' });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => send(i % 2 ? second.url : first.url)));
    for (const a of answers) expect([201, 503], JSON.stringify(a.body)).toContain(a.status);
    expect(answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replay') === null)).toHaveLength(1);
    const rows = await withClient(first.deps.config.env.DATABASE_URL!, (c) =>
      c.query("select count(*)::int as n from customers where account_number = 'INST01'"),
    );
    expect(rows.rows[0].n).toBe(1);
    // Settled: each instance replays the stored answer.
    for (const url of [first.url, second.url]) {
      const late = await send(url);
      expect(late.status).toBe(201);
      expect(late.headers.get('idempotent-replay')).toBe('true');
    }
  });

  it('one invoice sent with one key through two instances at once leaves as one mail', async () => {
    const first = await testServer({});
    const second = await secondInstance(first); // one mail folder, as one SMTP relay would be
    const { token } = await first.api.login('demo');
    const company = first.seed!.companies.find((c) => c.label === MARTIN)!.id;
    const draft = await first.api.post('/api/invoices', invoicePayload(first), { token, company });
    expect((await first.api.put(`/api/invoices/${draft.body.id}/validate`, {}, { token, company })).status).toBe(200);
    const mails = () => (existsSync(join(first.dataDir, 'mail')) ? readdirSync(join(first.dataDir, 'mail')).length : 0);
    const before = mails();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        apiClient(i % 2 ? second.url : first.url).post(
          `/api/business-files/${draft.body.id}/send`,
          { type: 'Facture' },
          { token, company, idempotencyKey: 'envoi-deux-instances-01' },
        ),
      ),
    );
    for (const a of answers) expect([200, 503], JSON.stringify(a.body)).toContain(a.status);
    expect(answers.filter((a) => a.status === 200 && a.headers.get('idempotent-replay') === null)).toHaveLength(1);
    expect(mails()).toBe(before + 1);
  });

  it('an inbox batch held by an instance that dies is finished by another, each file filed once', async () => {
    const a = await testServer({});
    const b = await secondInstance(a);
    const demo = (await a.api.login('demo')).token;
    const admin = (await a.api.login('admin')).token;
    const company = a.seed!.companies.find((c) => c.label === GARAGE)!.id;
    const files = [
      { bytes: pdfOfSize(400), name: 'releve-novembre.pdf' },
      { bytes: PNG_BYTES, name: 'ticket-peage.png', type: 'image/png' },
    ];
    const deposited = await upload(a.api, uploadForm(files, 43), { token: demo, company });
    expect(deposited.status).toBe(201);
    const url = a.deps.config.env.DATABASE_URL!;
    // "Instance X" takes the next batch and dies while filing it: its connection holds the lease.
    const dying = new pg.Client({ connectionString: url });
    await dying.connect();
    const next = await dying.query("select nextval('deposit_batches_id_seq')::int + 1 as id");
    const batchId: number = next.rows[0].id;
    await dying.query('select pg_advisory_lock(hashtextextended($1, 0))', [`inbox-batch:${batchId}`]);

    const ids = deposited.body.items.map((d: { id: number }) => d.id);
    const created = await a.api.post('/api/batch', { ids }, { token: admin, company });
    expect(created.status).toBe(201);
    expect(created.body.id).toBe(batchId);
    // Reading the batch triggers its processing (the firm's screen polls it) on both instances at once;
    // then their jobs are awaited: the state read after them is what they left.
    const triggerBoth = async () => {
      await Promise.all([a, b].map((x) => x.api.get(`/api/trigger/batch/${batchId}`, { token: admin, company })));
      await Promise.all([...a.deps.state.batches.values(), ...b.deps.state.batches.values()]);
    };
    // While the lease is held, neither instance files anything.
    await triggerBoth();
    expect((await b.api.get(`/api/trigger/batch/${batchId}`, { token: admin, company })).body.status).toBe('queued');

    await dying.end(); // the instance is gone: PostgreSQL frees its lock
    // One of the two takes the lease; each file becomes one document.
    await triggerBoth();
    const done = await b.api.get(`/api/trigger/batch/${batchId}`, { token: admin, company });
    expect(done.body).toMatchObject({ status: 'done', processed: 2, total: 2 });
    const documents = await withClient(url, (c) =>
      c.query('select count(*)::int as n from documents where deposit_id = any($1::int[])', [ids]),
    );
    expect(documents.rows[0].n).toBe(2);
  });

  it('bytes an upload on one instance still holds are never removed by a deletion on another', async () => {
    const a = await testServer({});
    const b = await secondInstance(a); // same database, same files folder
    const store = storageFor(a.deps);
    const { sha256 } = await store.put(pdfOfSize(2048));
    // Instance A is between "bytes placed" and "rows committed" for these bytes…
    const release = await holdBlobs(a.deps.state, [sha256]);
    // …when instance B withdraws the last deposit that used the same content.
    expect(await removeDepositBytes(b.deps.db, b.deps.state, storageFor(b.deps), sha256)).toBe(false);
    expect(await store.exists(sha256)).toBe(true);
    await release();
    expect(await removeDepositBytes(b.deps.db, b.deps.state, storageFor(b.deps), sha256)).toBe(true);
    expect(await store.exists(sha256)).toBe(false);
  });

  it('an instance never opens more connections than DATABASE_POOL_MAX, however many requests come', async () => {
    const server = await testServer({ DATABASE_POOL_MAX: '2' });
    const { token } = await server.api.login('demo');
    const company = server.seed!.companies.find((c) => c.label === MARTIN)!.id;
    const url = server.deps.config.env.DATABASE_URL!;
    const database = new URL(url).pathname.slice(1);
    let most = 0;
    const watch = withClient(cluster!.adminUrl, async (c) => {
      for (let i = 0; i < 40; i++) {
        const r = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [database]);
        most = Math.max(most, r.rows[0].n);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => server.api.get('/api/factures?pageSize=20', { token, company })),
    );
    await watch;
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  });

  it('an idle connection ended by PostgreSQL (a restart, a failover) neither stops the server nor fails the next request', async () => {
    // The server's connections, to make the race happen every time: its pool learns that PostgreSQL
    // ended a connection only when it reads the news from the socket, which may come after a request
    // took that connection and sent its query (a CI run hit it). Each connection's socket is paused,
    // and read again only once a query was sent on it.
    const connections: pg.Client[] = [];
    const connect = pg.Client.prototype.connect;
    const spy = vi.spyOn(pg.Client.prototype, 'connect').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      connections.push(this);
      return (connect as (...a: unknown[]) => Promise<pg.Client>).apply(this, args);
    } as typeof connect);
    const server = await testServer({ DATABASE_POOL_MAX: '2' });
    const { token } = await server.api.login('demo');
    const company = server.seed!.companies.find((c) => c.label === MARTIN)!.id;
    const database = new URL(server.deps.config.env.DATABASE_URL!).pathname.slice(1);
    spy.mockRestore();
    const idle = connections.filter((c) => c.database === database);
    expect(idle.length).toBeGreaterThan(0);
    const paused: Array<import('node:net').Socket> = [];
    for (const client of idle) {
      const socket = (client as unknown as { connection: { stream: import('node:net').Socket } }).connection.stream;
      socket.pause();
      paused.push(socket);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: typeof query }).query = (...args) => {
        setTimeout(() => socket.resume(), 20);
        return query(...args);
      };
    }
    // The pool keeps its connections open between requests: end them from the server's side, and wait
    // until they are gone.
    const ended = await withClient(cluster!.adminUrl, async (c) => {
      const others = 'from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()';
      const r = await c.query(`select count(pg_terminate_backend(pid))::int as n ${others}`, [database]);
      while ((await c.query(`select count(*)::int as n ${others}`, [database])).rows[0].n > 0);
      return r.rows[0].n as number;
    });
    expect(ended).toBeGreaterThan(0);
    const next = await server.api.get('/api/factures?pageSize=5', { token, company });
    // Any connection the request did not take hears the news too, so the server closes cleanly.
    for (const socket of paused) socket.resume();
    expect(next.status).toBe(200);
  });

  it('reads sent together inside a transaction run one after the other on its connection (pg 9 refuses overlapping ones)', async () => {
    const server = await testServer({});
    const db = server.deps.db;
    // pg queues a query sent while its connection runs another (deprecated in pg 8, refused in pg 9).
    const overlapping: string[] = [];
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client & { _getActiveQuery(): unknown; _queryQueue: unknown[] },
      ...args: unknown[]
    ) {
      if (this._getActiveQuery() || this._queryQueue.length > 0) overlapping.push(JSON.stringify(args[0]));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query);
    try {
      // As the server's handlers do: several reads at once through `deps.db`, inside its transaction.
      const rows = await db.transaction(() =>
        Promise.all([1, 2, 3].map((n) => db.execute(sql`select ${n}::int as n from pg_sleep(0.02)`))),
      );
      expect(rows.map((r) => r.rows[0])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    } finally {
      spy.mockRestore();
    }
    expect(overlapping).toEqual([]);
  });

  it('a read that meets a reset socket is sent again; a write is not, since it may have run', async () => {
    const server = await testServer({});
    const db = server.deps.db;
    // The next `n` statements sent outside a transaction fail as a socket reset by the server would.
    let resets = 0;
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const callback = args.at(-1);
      if (resets > 0 && typeof callback === 'function') {
        resets -= 1;
        const error = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
        process.nextTick(() => (callback as (e: Error) => void)(error));
        return undefined;
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query);
    try {
      resets = 1;
      expect((await db.execute(sql`select 41 + 1 as n`)).rows).toEqual([{ n: 42 }]);
      expect(resets).toBe(0);
      resets = 1;
      await expect(db.execute(sql`update users set username = username where false`)).rejects.toThrow();
    } finally {
      spy.mockRestore();
    }
  });
});
