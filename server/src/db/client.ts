import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './extensions';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { scopedDb } from './request-tx';
import { defaultStartParams, pgliteOptions } from './durable-fs';
import { withPreparedStatements } from './pglite-statements';
import { isSessionEnded } from './errors';
import { MIGRATIONS_DIR } from '../paths';
import { maintainEmbedded, type MaintenanceStep } from './embedded-maintenance';

// Both drivers expose the same query builder; the PGlite type is used everywhere. No relational
// schema (db.query.*): drizzle built its query builders for every table again at each transaction,
// 4 % of a replayed change's CPU for one use (decision 055); queries are written with select().
export type Db = PgliteDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Each synchronous commit waits for the disk: PostgreSQL, or the embedded database on a folder. */
  commitsWaitForDisk?: boolean;
  /** True when the embedded database had to be created (empty folder or memory). */
  close(): Promise<void>;
  /** PostgreSQL only: locks seen by every instance on this database (idempotency.ts). */
  sharedLocks?: SharedLocks;
  /** Embedded only: the whole data folder as a tarball, to open copies of it (the API tests' snapshot). */
  dumpDataDir?(): Promise<Blob>;
  /** Embedded only: autovacuum's work, which PGlite does not do by itself (embedded-maintenance.ts). */
  maintain?(): Promise<MaintenanceStep[]>;
}

const migrationsFolder = MIGRATIONS_DIR;

export interface OpenOptions {
  databaseUrl?: string;
  pgliteDir: string;
  /** Default true: every commit reaches the disk before it returns (see durable-fs.ts). */
  durable?: boolean;
  /** PostgreSQL only (DATABASE_URL): the pool and its limits, from the configuration (env.ts). */
  pool?: Partial<PoolOptions>;
  /**
   * Start from this dumpDataDir() tarball instead of an empty database (the tests' snapshot): in
   * memory, or in a new folder (tests whose server must survive a restart).
   */
  loadDataDir?: Blob;
  /**
   * An open in-memory database to use instead of opening one: the API tests' copies of their seeded
   * snapshot, reset between servers (tests/support/seeded-copies.ts). Closing gives it back.
   */
  lease?: PgliteLease;
}

export interface PgliteLease {
  client: PGlite;
  release(): Promise<void>;
}

export interface PoolOptions {
  /** Connections of this instance (DATABASE_POOL_MAX): instances × max must stay under max_connections. */
  max: number;
  /** 0: none. */
  statementTimeoutMs: number;
  /** How long a request waits for a free connection before failing (then 503). */
  connectTimeoutMs: number;
}
const DEFAULT_POOL: PoolOptions = { max: 10, statementTimeoutMs: 30_000, connectTimeoutMs: 30_000 };
const IDLE_IN_TRANSACTION_MS = 120_000;

/**
 * Named locks across instances, on PostgreSQL's session advisory locks: a lock is held by one
 * connection of the pool, taken out of it until release, and PostgreSQL frees it by itself if the
 * instance dies (its connection closes) — so a lock still held means its holder is alive.
 */
export interface SharedLocks {
  /** Takes the lock without waiting: null when another holds it. */
  tryHold(name: string): Promise<(() => Promise<void>) | null>;
  /** Whether some connection holds it now. */
  isHeld(name: string): Promise<boolean>;
  /** Shared holds on these names, waiting for any exclusive holder to release (one connection for all). */
  holdShared(names: string[]): Promise<() => Promise<void>>;
}

function advisoryLocks(pool: pg.Pool): SharedLocks {
  return {
    async tryHold(name) {
      const client = await pool.connect();
      try {
        const got = await client.query('select pg_try_advisory_lock(hashtextextended($1, 0)) as ok', [name]);
        if (!got.rows[0].ok) {
          client.release();
          return null;
        }
      } catch (error) {
        client.release(true);
        throw error;
      }
      return async () => {
        try {
          await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [name]);
          client.release();
        } catch {
          client.release(true); // a broken connection is closed, which frees the lock too
        }
      };
    },
    async holdShared(names) {
      const client = await pool.connect();
      const unique = [...new Set(names)].sort(); // one order for every holder
      try {
        await client.query('select pg_advisory_lock_shared(hashtextextended(n, 0)) from unnest($1::text[]) n', [
          unique,
        ]);
      } catch (error) {
        client.release(true);
        throw error;
      }
      return async () => {
        try {
          await client.query('select pg_advisory_unlock_shared(hashtextextended(n, 0)) from unnest($1::text[]) n', [
            unique,
          ]);
          client.release();
        } catch {
          client.release(true);
        }
      };
    },
    async isHeld(name) {
      // Taken and given back in the statement's own transaction.
      const got = await pool.query('select pg_try_advisory_xact_lock(hashtextextended($1, 0)) as ok', [name]);
      return !got.rows[0].ok;
    },
  };
}

/** Any number, the same for every instance of this application on one database. */
const MIGRATION_LOCK = 7_331_972_015;

/**
 * Several instances starting together (a deployment) would run the same migrations at once and
 * fail on "already exists": each takes a session advisory lock first, so one migrates and the
 * others, once it is released, find nothing left to do. Migrations may outlast the statement timeout.
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      await client.query('reset statement_timeout');
    }
  } finally {
    client.release();
  }
}

/**
 * In memory (the tests' servers, about fifty a run, and the benches) the "disk" is memory already:
 * a 16 MB buffer pool instead of PostgreSQL's 128 MB, which PGlite allocates and clears at every
 * start (a quarter of a start's CPU, measured).
 */
export function memoryPgliteOptions(loadDataDir?: Blob) {
  return {
    loadDataDir,
    extensions: pgliteExtensions,
    // WAL in 1 MB segments instead of 16, and a segment no longer needed is removed instead of
    // kept for reuse: the tests' snapshot carried a 16 MB segment (more than half its bytes), which
    // every server opened from it copied into memory.
    startParams: [...defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'wal_recycle=off'],
    initDbStartParams: ['--wal-segsize=1'],
  };
}

/**
 * A lent database is already migrated (a copy of the seeded snapshot). Once given back it belongs to
 * the next server: any late use by this one (a follow-up still running after close) fails loudly
 * instead of writing into another test's data.
 */
function leasedDatabase(lease: PgliteLease): Database {
  let released = false;
  const client = new Proxy(lease.client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      // As a closed database does: every call fails, asynchronously.
      return released
        ? () => Promise.reject(new Error('Base de données rendue : ce serveur est arrêté.'))
        : (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  const db = drizzlePglite(withPreparedStatements(client));
  return {
    db: scopedDb(db),
    kind: 'pglite',
    close: async () => {
      released = true;
      await lease.release();
    },
    maintain: () => maintainEmbedded(client),
  };
}

/**
 * A connection PostgreSQL ended while idle in the pool (a restart, a failover, a terminate) is only
 * known dead once the 'error' event above has been read, which may come after a request took it. A
 * statement sent outside a transaction (pool.query: drizzle's queries outside db.transaction) that
 * gets "session ended" (57P01–57P03) was not run: it is sent again (a read also on a reset socket),
 * as often as the pool may still hold dead connections (each failure drops one), so the request
 * after a failover does not fail.
 * A transaction that meets one rolls back and answers 503 to retry (isDatabaseBusy).
 */
function retryOnEndedSessions(pool: pg.Pool, max: number): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = (async (...args: unknown[]) => {
    // The callback form is not used here; it is passed through as it is.
    if (typeof args.at(-1) === 'function') return query(...args);
    const read = isRead(args[0]);
    for (let attempt = 0; ; attempt++) {
      try {
        return await query(...args);
      } catch (error) {
        if (attempt >= max || !(isSessionEnded(error) || (read && isConnectionLost(error)))) throw error;
      }
    }
  }) as typeof pool.query;
}

/**
 * The same dead connection may also show as a reset socket, when the statement was written before
 * PostgreSQL's "session ended" message was read (CI, 2026-11-27): whether the statement ran is then
 * unknown, so only a read, which changes nothing, is sent again.
 */
const isRead = (query: unknown): boolean =>
  /^\s*select\b/i.test(typeof query === 'string' ? query : ((query as { text?: string } | null)?.text ?? ''));
const isConnectionLost = (error: unknown): boolean =>
  error instanceof Error &&
  (['ECONNRESET', 'EPIPE'].includes((error as { code?: string }).code ?? '') ||
    /Connection terminated unexpectedly/.test(error.message));

/**
 * pg 8 queues a query sent while its connection still runs another, with a deprecation warning, and
 * pg 9 refuses it. Inside a transaction (one connection) the server sends some reads together
 * (`Promise.all`), so every connection of the pool runs its queries one after the other, here.
 * Callback and cursor forms keep pg's own path: the pool's single queries use them.
 */
function oneQueryAtATime(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    // pg's own method, looked up at each call (not kept from the connection's start), so that a
    // spy on pg.Client.prototype (the PostgreSQL tests) sees every statement.
    const query = (...args: unknown[]) =>
      (Object.getPrototypeOf(client) as { query: (...a: unknown[]) => Promise<unknown> }).query.apply(client, args);
    let tail: Promise<unknown> = Promise.resolve();
    client.query = ((...args: unknown[]) => {
      const first = args[0] as { submit?: unknown } | undefined;
      if (typeof args.at(-1) === 'function' || typeof first?.submit === 'function') return query(...args);
      const run = tail.then(() => query(...args));
      tail = run.catch(() => undefined);
      return run;
    }) as typeof client.query;
  });
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const limits = { ...DEFAULT_POOL, ...opts.pool };
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: limits.max,
      connectionTimeoutMillis: limits.connectTimeoutMs,
      // A statement stuck behind a lock or a runaway query is cancelled (SQLSTATE 57014): the request
      // gets a 503 to retry (app.ts) instead of holding a connection of the pool for ever.
      statement_timeout: limits.statementTimeoutMs || undefined,
      // A transaction left open by a fault is ended by PostgreSQL. Generous: a validation renders its
      // PDF inside its transaction, which on a loaded machine takes seconds between two statements.
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    });
    // An idle client of the pool whose connection the server ends (a PostgreSQL restart, a failover,
    // an administrator's terminate) emits 'error' on the pool; unheard, it would end the process.
    // The pool drops that client and opens another at the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL : connexion inactive perdue (${error.message}).`));
    retryOnEndedSessions(pool, limits.max);
    oneQueryAtATime(pool);
    try {
      await migrateOnce(pool);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db: scopedDb(db),
      kind: 'postgres',
      commitsWaitForDisk: true,
      sharedLocks: advisoryLocks(pool),
      close: () => pool.end(),
    };
  }
  if (opts.lease) return leasedDatabase(opts.lease);
  if (opts.pgliteDir !== 'memory://') mkdirSync(opts.pgliteDir, { recursive: true });
  const client = await PGlite.create(
    opts.pgliteDir === 'memory://'
      ? memoryPgliteOptions(opts.loadDataDir)
      : {
          ...pgliteOptions(opts.pgliteDir, opts.durable ?? true),
          loadDataDir: opts.loadDataDir,
          extensions: pgliteExtensions,
        },
  );
  // Reads as named prepared statements: parsed once, not at every call (pglite-statements.ts, decision 028).
  const db = drizzlePglite(withPreparedStatements(client));
  await migratePglite(db, { migrationsFolder });
  // scopedDb: inside a request transaction every use of this handle goes to it (request-tx.ts).
  return {
    db: scopedDb(db),
    kind: 'pglite',
    commitsWaitForDisk: opts.pgliteDir !== 'memory://' && (opts.durable ?? true),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
    maintain: () => maintainEmbedded(client),
  };
}
