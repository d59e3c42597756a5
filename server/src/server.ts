import { serve, type ServerType } from '@hono/node-server';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listeningOrigin, type Config } from './env';
import { openDatabase, type Database, type PgliteLease } from './db/client';
import { createMailer } from './mail/mailer';
import { createApp } from './app';
import type { Deps } from './http/types';
import { createServerState } from './http/server-state';
import { purgeIdempotencyKeys } from './http/idempotency';
import { sendNotificationDigests } from './modules/notifications/digest';
import { ensureWritableDirs } from './startup/data-dir';
import { lockDataDir, type DataDirLock } from './startup/data-lock';
import { StartupError } from './startup/startup-error';
import { startPaymentProvider } from './modules/my-account/payments/start';
import { findSessionUser } from './modules/auth/service';
import { loggableError } from './db/loggable-error';
import { startPlatformWorker, type PlatformWorker } from './modules/platform/index';
import { platformEntries } from './modules/index';

export interface RunningServer {
  url: string;
  port: number;
  deps: Deps;
  database: Database;
  /** Decision 088: the platform's worker (outgoing queue, polling) this instance runs. */
  platform: PlatformWorker;
  close(): Promise<void>;
}

export interface StartOptions {
  staticDir?: string;
  now?: () => Date;
  /**
   * Work to finish before the port opens (index.ts: the demo data). Nothing answers HTTP before
   * the database is migrated and prepared, so no sign-in can meet a half-built database.
   */
  prepare?: (deps: Deps) => Promise<void>;
  /** Bench only: the embedded database without fsync, to measure what durability costs. */
  durable?: boolean;
  /** Tests only, in-memory database: open a copy of this snapshot (migrated, seeded) instead of an empty one. */
  loadDataDir?: Blob;
  /** Tests only: an open in-memory copy of that snapshot, given back at close (db/client.ts). */
  lease?: PgliteLease;
}

/**
 * Checks the data folder, locks it (embedded database), opens the database (migrations applied),
 * runs `prepare`, then listens. Used by index.ts and the tests.
 */
export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const { env } = config;
  const embedded = !env.DATABASE_URL && config.pgliteDir !== 'memory://';
  // Every folder the server writes to, proved writable now rather than at the first upload or mail.
  if (env.DATA_DIR !== 'memory://')
    ensureWritableDirs(env.DATA_DIR, [...(embedded ? ['pglite'] : []), 'files', ...(env.SMTP_URL ? [] : ['mail'])]);
  // PostgreSQL arbitrates concurrent servers itself; the files beside it are named uniquely, so
  // several servers may share DATA_DIR then. The embedded database must have a single owner.
  const lock: DataDirLock | null = embedded ? lockDataDir(env.DATA_DIR, config.branding.productName) : null;
  let database: Database | null = null;
  // Decision 044: the local test payment provider, when it is the configured one (its own port).
  let payments: { close(): Promise<void> } | null = null;
  try {
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      pool: {
        max: env.DATABASE_POOL_MAX,
        statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
        connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      },
      pgliteDir: config.pgliteDir,
      durable: opts.durable,
      loadDataDir: opts.loadDataDir,
      lease: opts.lease,
    });
    const now = opts.now ?? config.clock;
    const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, now });
    const deps: Deps = {
      db: database.db,
      config,
      mailer,
      now,
      findSessionUser,
      state: createServerState(database.sharedLocks ?? null),
      commitsWaitForDisk: database.commitsWaitForDisk,
    };
    await opts.prepare?.(deps);
    // A database just seeded, or changed since the last turn before a stop, starts with its
    // statistics (0.4 s after the demo's seeding; nothing to do on a copy or an unchanged database).
    await database.maintain?.().catch((e) => console.warn('Entretien de la base en échec', loggableError(e)));
    payments = await startPaymentProvider(config, deps.now);
    const app = createApp(deps, { staticDir: opts.staticDir });
    const server: ServerType = await new Promise((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
      s.once('error', (error: NodeJS.ErrnoException) => reject(listenError(error, env.HOST, env.PORT)));
    });
    // An idle keep-alive connection must be closed by the client or the balancer, not by us: a
    // server closing it just as a client starts a request on it resets that request (seen as an
    // ECONNRESET on a 50 MB upload that took a few seconds to prepare). 65 s outlives the usual idle
    // timeouts of clients (4 s) and balancers (60 s); docs/deploy.md.
    (server as HttpServer).keepAliveTimeout = 65_000;
    (server as HttpServer).headersTimeout = 66_000;
    const port = (server.address() as AddressInfo).port;
    config.publicUrl ??= listeningOrigin(env.HOST, port);
    // Scheduled jobs run on one instance at a time: with several on one PostgreSQL, the job's lock
    // decides (another instance running it now → this turn is skipped).
    const purge = setInterval(
      () => void onOneInstance(deps, 'job:purge-idempotency', () => purgeIdempotencyKeys(deps.db, deps.now())),
      3_600_000,
    );
    purge.unref();
    // Decision 042: the daily digest of unread notifications; hourly turns, one mail a day per user and
    // company (lastDigestAt), sent from the morning on (digest.ts).
    const digests = setInterval(
      () =>
        void onOneInstance(deps, 'job:notification-digests', async () => {
          await sendNotificationDigests(deps, deps.now());
        }),
      3_600_000,
    );
    digests.unref();
    // The embedded database's autovacuum (decision 070): PostgreSQL runs its own.
    const maintain = database.maintain;
    let maintaining: Promise<unknown> = Promise.resolve();
    const maintenance = maintain
      ? setInterval(() => {
          maintaining = maintain().catch((e) => console.warn('Entretien de la base en échec', loggableError(e)));
        }, MAINTENANCE_MS)
      : undefined;
    maintenance?.unref();
    // Decision 088: every instance runs the platform's worker; the queue's leases share the work.
    const platform = startPlatformWorker(deps, platformEntries);
    const db = database;
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      deps,
      database: db,
      platform,
      async close() {
        clearInterval(purge);
        clearInterval(digests);
        clearInterval(maintenance);
        // Graceful stop: readiness says 503 at once (health module), no new connection is accepted,
        // idle keep-alive connections close, and the requests under way finish, for at most the grace
        // period; then the inbox batches being processed, then the database.
        deps.state.stopping = true;
        try {
          const grace = setTimeout(
            () => (server as HttpServer).closeAllConnections(),
            env.SHUTDOWN_GRACE_SECONDS * 1000,
          );
          await new Promise<void>((resolve) => server.close(() => resolve()));
          clearTimeout(grace);
          await Promise.allSettled([...deps.state.batches.values()]);
          await platform.close();
          await payments?.close();
          // A turn of maintenance under way ends before the database closes under it.
          await maintaining;
          await db.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    await database?.close().catch(() => undefined);
    await payments?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

/** How often the embedded database looks for tables to vacuum or analyze (PostgreSQL: every minute). */
const MAINTENANCE_MS = 5 * 60_000;

async function onOneInstance(deps: Deps, job: string, work: () => Promise<void>): Promise<void> {
  try {
    const release = deps.state.sharedLocks ? await deps.state.sharedLocks.tryHold(job) : async () => {};
    if (!release) return;
    try {
      await work();
    } finally {
      await release();
    }
  } catch (error) {
    console.warn(`Tâche planifiée ${job} en échec`, loggableError(error)); // no query values (decision 077)
  }
}

function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  if (error.code === 'EADDRINUSE')
    return new StartupError(
      `Le port ${port} est déjà utilisé sur ${host} : arrêtez l’autre programme ou choisissez un autre PORT.`,
    );
  if (error.code === 'EACCES')
    return new StartupError(
      `Permission refusée pour écouter sur le port ${port} : choisissez un PORT au-delà de 1023.`,
    );
  return error;
}
