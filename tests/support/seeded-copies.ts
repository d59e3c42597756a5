import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { memoryPgliteOptions, type PgliteLease } from '../../server/src/db/client';
import { adminQuery, databaseUrl, onDatabase, PG_TEMPLATE } from './pg-cluster';

// Decision 051: a test server's copy of the seeded database was made anew for every server, about 80
// a run: unpacking the snapshot into an in-memory PGlite (90 % of a server's start, about 0.6 CPU-s),
// or, on the api-pg project, CREATE DATABASE from the seeded template (0.45 CPU-s of PostgreSQL, as
// it copies the template through its WAL). A worker now keeps the copies its closed servers give
// back and puts each back in the seeded state for its next server: the tables written since emptied
// and filled again with the rows they held in the snapshot, every sequence where it stood. A copy
// that cannot be put back exactly (a table added or dropped, an error, a reset that does not end) is
// thrown away, and the next server gets a new one.

/** What the two kinds of copies are asked: a query's rows, on one session. */
interface Session {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
}

interface Baseline {
  /** Every table, schema-qualified and quoted, in a fixed order. */
  tables: string[];
  /** The rows of each table that held some, as JSON. */
  rows: Map<string, string>;
  sequences: Array<{ name: string; lastValue: string | null }>;
}

/**
 * A table's state, cheap to read: its row count and the newest transaction that wrote one of its
 * rows. Any insert, update or delete since changes one or the other (a row inserted then deleted
 * leaves the table as it was, which is all that matters here).
 */
type Fingerprints = Map<string, string>;

const MAX_IDLE = 2;
const RESET_TIMEOUT_MS = 15_000;
let reused = 0;

/** How many servers of this worker got a copy put back in the seeded state (tests/api/seeded-copies.test.ts). */
export const reusedCopies = () => reused;

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

const listTables = async (s: Session) =>
  (
    await s.rows<{ name: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    )
  ).map((r) => r.name);

async function captureBaseline(s: Session): Promise<Baseline> {
  const tables = await listTables(s);
  const rows = new Map<string, string>();
  for (const table of tables) {
    const [{ json }] = await s.rows<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`);
    if (json) rows.set(table, json);
  }
  const sequences = await s.rows<{ name: string; lastValue: string | null }>(
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as "lastValue"
     from pg_sequences order by 1`,
  );
  return { tables, rows, sequences };
}

async function fingerprints(s: Session, tables: string[]): Promise<Fingerprints> {
  const rows = await s.rows<{ t: string; f: string }>(
    tables
      .map((t) => `select ${quote(t)} as t, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as f from ${t}`)
      .join(' union all '),
  );
  return new Map(rows.map((r) => [r.t, r.f]));
}

/** Puts a copy back in the seeded state, and `seeded` in step with it. */
async function reset(s: Session, baseline: Baseline, seeded: Fingerprints): Promise<void> {
  if ((await listTables(s)).join() !== baseline.tables.join()) throw new Error('the tables changed');
  const now = await fingerprints(s, baseline.tables);
  const changed = baseline.tables.filter((t) => now.get(t) !== seeded.get(t));
  await s.rows('begin');
  try {
    // Replica role: neither the foreign keys nor the append-only and retention triggers fire, as
    // when PostgreSQL restores a dump; both hold for the snapshot's rows already. DELETE rather than
    // TRUNCATE: a table others refer to could only be truncated with all of them.
    await s.rows('set local session_replication_role = replica');
    for (const table of changed) {
      await s.rows(`delete from ${table}`);
      const json = baseline.rows.get(table);
      if (json)
        await s.rows(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [json]);
    }
    // Sequences move even for rows never kept (a rolled-back insert): all of them, in one statement.
    await s.rows(
      `select ${baseline.sequences
        .map(({ name, lastValue }) =>
          lastValue === null
            ? `setval(${quote(name)}, 1, false)`
            : `setval(${quote(name)}, ${BigInt(lastValue)}, true)`,
        )
        .join(', ')}`,
    );
    await s.rows('commit');
  } catch (error) {
    await s.rows('rollback').catch(() => undefined);
    throw error;
  }
  if (changed.length === 0) return;
  // The deleted rows' space, as autovacuum would (PGlite has none).
  await s.rows(`vacuum ${changed.join(', ')}`);
  for (const [table, f] of await fingerprints(s, changed)) seeded.set(table, f);
}

/** Runs `work`, failing after RESET_TIMEOUT_MS: a copy still busy (stuck in a transaction) is not awaited. */
async function bounded(work: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('reset too long')), RESET_TIMEOUT_MS);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// ---- In-memory PGlite copies of the snapshot's tarball (projects api, e2e, webkit).

interface PgliteCopy {
  pg: PGlite;
  seeded: Fingerprints;
}
const idlePglite: PgliteCopy[] = [];
// One snapshot per run; keyed by its tarball all the same, so a second one could never mix with it.
const pgliteBaselines = new WeakMap<Blob, Promise<Baseline>>();

// Without parameters, PGlite's simple protocol: VACUUM must not run in the extended protocol's
// implicit transaction.
const pgliteSession = (pg: PGlite): Session => ({
  rows: async <T>(text: string, params?: unknown[]) =>
    params ? (await pg.query<T>(text, params)).rows : (((await pg.exec(text)).at(-1)?.rows ?? []) as T[]),
});

/** A copy of the seeded snapshot for one server: an idle one put back in the seeded state, or a new one. */
export async function leaseSeededPglite(tarball: Blob): Promise<PgliteLease> {
  let copy = idlePglite.pop();
  if (copy) reused++;
  else {
    const pg = await PGlite.create(memoryPgliteOptions(tarball));
    if (!pgliteBaselines.has(tarball)) pgliteBaselines.set(tarball, captureBaseline(pgliteSession(pg)));
    copy = { pg, seeded: await fingerprints(pgliteSession(pg), (await pgliteBaselines.get(tarball)!).tables) };
  }
  const baseline = await pgliteBaselines.get(tarball)!;
  const leased = copy;
  let given = false;
  return {
    client: leased.pg,
    async release() {
      if (given || leased.pg.closed) return;
      given = true;
      try {
        await bounded(
          (async () => {
            if (leased.pg.isInTransaction()) await leased.pg.exec('rollback');
            // The server's prepared statements (db/pglite-statements.ts names them from 1 again),
            // its session settings, advisory locks and temporary tables.
            await leased.pg.exec('discard all');
            await reset(pgliteSession(leased.pg), baseline, leased.seeded);
          })(),
        );
        if (idlePglite.length < MAX_IDLE) idlePglite.push(leased);
        else await leased.pg.close();
      } catch {
        void leased.pg.close().catch(() => undefined);
      }
    },
  };
}

// ---- Databases of the run's PostgreSQL, copies of the seeded template (project api-pg).

interface PgCopy {
  name: string;
  seeded: Fingerprints;
}
const idlePg: PgCopy[] = [];
let pgBaseline: Promise<Baseline> | null = null;
let databases = 0;

export interface SeededDatabase {
  url: string;
  /** The server using it has closed: the database is put back in the seeded state, or dropped. */
  release(): Promise<void>;
}

/** A PostgreSQL session as the reset sees it. */
const sessionOf = (client: pg.Client): Session => ({
  rows: async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[],
});

/** A copy of the seeded template: an idle one put back in the seeded state, or a new one. */
export async function leaseSeededDatabase(adminUrl: string): Promise<SeededDatabase> {
  const urlOf = (name: string) => databaseUrl(adminUrl, name);
  let copy = idlePg.pop();
  if (copy) reused++;
  else {
    const name = `t_${process.pid}_${++databases}`;
    await adminQuery(adminUrl, `create database ${name} template ${PG_TEMPLATE}`);
    pgBaseline ??= onDatabase(urlOf(name), (c) => captureBaseline(sessionOf(c)));
    const { tables } = await pgBaseline;
    copy = { name, seeded: await onDatabase(urlOf(name), (c) => fingerprints(sessionOf(c), tables)) };
  }
  const baseline = await pgBaseline!;
  const leased = copy;
  let given = false;
  return {
    url: urlOf(leased.name),
    async release() {
      if (given) return;
      given = true;
      try {
        // Sessions left by the server (a pool not ended, a second instance): their advisory locks
        // and prepared statements go with them.
        await onDatabase(adminUrl, (c) =>
          c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [leased.name]),
        );
        await bounded(onDatabase(urlOf(leased.name), (c) => reset(sessionOf(c), baseline, leased.seeded)));
        if (idlePg.length < MAX_IDLE) return void idlePg.push(leased);
      } catch {
        /* not provably seeded again: dropped */
      }
      await adminQuery(adminUrl, `drop database ${leased.name} with (force)`);
    },
  };
}
