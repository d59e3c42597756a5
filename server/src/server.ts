import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Config } from './env';
import { openDatabase, type Database } from './db/client';
import { createMailer } from './mail/mailer';
import { createApp } from './app';
import type { Deps } from './http/types';
import { purgeIdempotencyKeys } from './http/idempotency';

export interface RunningServer {
  url: string;
  port: number;
  deps: Deps;
  database: Database;
  close(): Promise<void>;
}

/** Opens the database (migrations applied), builds the app and listens. Used by index.ts and the tests. */
export async function startServer(config: Config, opts: { staticDir?: string; now?: () => Date } = {}): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: config.env.DATABASE_URL, pgliteDir: config.pgliteDir });
  const mailer = createMailer({ smtpUrl: config.env.SMTP_URL, from: config.env.MAIL_FROM, dataDir: config.env.DATA_DIR });
  const deps: Deps = { db: database.db, config, mailer, now: opts.now ?? (() => new Date()) };
  const app = createApp(deps, { staticDir: opts.staticDir });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.env.PORT, hostname: config.env.HOST }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const purge = setInterval(() => void purgeIdempotencyKeys(deps.db, deps.now()).catch(() => undefined), 3_600_000);
  purge.unref();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    deps,
    database,
    async close() {
      clearInterval(purge);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}
