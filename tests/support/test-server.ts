import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../server/src/env';
import { startServer, type RunningServer } from '../../server/src/server';
import { seedDemo } from '../../server/src/seed/demo';
import type { SeedContext } from '../../server/src/seed/modules';
import { inject } from 'vitest';
import { copyFiles, readSnapshot, type Snapshot } from './api-snapshot';
import { adminQuery, databaseUrl } from './pg-cluster';
import { leaseSeededDatabase, leaseSeededPglite, type SeededDatabase } from './seeded-copies';

export interface TestServer extends RunningServer {
  dataDir: string;
  seed: SeedContext | null;
  /** Moves the server's clock (tests of expiry, throttling windows, months). */
  setNow(date: Date | null): void;
  api: ApiClient;
  /** Stops listening and closes the database, keeping the data folder (a server that died). */
  stop(): Promise<void>;
  /** Starts again on the same port with the same data (persistent servers keep everything). */
  restart(): Promise<void>;
}

export interface TestServerOptions {
  seed?: boolean;
  env?: Record<string, string>;
  staticDir?: string;
  /** PGlite in `${dataDir}/pglite` instead of memory://: the data survives stop() / restart(). */
  persistent?: boolean;
  /** A fixed port (default: a free one, kept across restarts). */
  port?: number;
}

/** The real server on PGlite (in memory unless persistent), listening on loopback, with the demo data. */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'workplace-test-'));
  let fixed: Date | null = null;
  // The run's seeded snapshot (decision 017), for every seeded server (in memory or on disk); outside
  // vitest (benches) servers seed themselves.
  const snapshot = opts.seed !== false ? snapshotOfRun() : null;
  if (snapshot) copyFiles(snapshot, dataDir);
  // The api-pg project: a database of its own on the run's PostgreSQL, a copy of the seeded template.
  const pgCopy = await pgDatabaseFor(opts.seed !== false);
  const databaseUrl = pgCopy?.url;
  const boot = async (port: number, loadDataDir?: Blob) => {
    const config = readConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      // Decision 046: `npm test` collects every e-invoice the servers produce and validates them at its end
      // (from the PGlite lane only: the PostgreSQL lane runs the same tests, so the same invoices).
      ...(process.env.EINVOICE_ARCHIVE_DIR && !databaseUrl
        ? { EINVOICE_ARCHIVE_DIR: process.env.EINVOICE_ARCHIVE_DIR }
        : {}),
      ...opts.env,
    });
    // Persistent: PGlite in DATA_DIR/pglite (the config's default), unpacked from the snapshot at the first start.
    if (!opts.persistent) config.pgliteDir = 'memory://';
    // In memory, the seeded copy comes from the worker's kept copies (decision 051).
    const lease = loadDataDir && !opts.persistent && !databaseUrl ? await leaseSeededPglite(loadDataDir) : undefined;
    return startServer(config, {
      // The configured clock (WORKPLACE_NOW in the calendar lane), unless a test holds it still.
      now: () => fixed ?? config.clock(),
      staticDir: opts.staticDir,
      ...(lease ? { lease } : { loadDataDir }),
    });
  };
  let running: RunningServer | null = await boot(opts.port ?? 0, snapshot?.tarball);
  const seed =
    opts.seed === false
      ? null
      : snapshot
        ? { ...structuredClone(snapshot.seed), deps: running.deps }
        : await seedDemo(running.deps);
  const server: TestServer = {
    ...running,
    dataDir,
    seed,
    setNow: (d) => (fixed = d),
    api: apiClient(running.url),
    async stop() {
      const r = running;
      running = null;
      await r?.close();
    },
    async restart() {
      await server.stop();
      // Same port: the browser's origin (its service worker, its IndexedDB) stays the same.
      running = await boot(server.port);
      Object.assign(server, { deps: running.deps, database: running.database, platform: running.platform });
    },
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await pgCopy?.release();
    },
  };
  return server;
}

let runSnapshot: Snapshot | null | undefined;

/** Read once per worker (the api project's files share their worker: isolate false). None outside vitest (bench). */
function snapshotOfRun(): Snapshot | null {
  if (runSnapshot === undefined) {
    const dir = process.env.VITEST ? (inject('apiPg')?.snapshot ?? inject('apiSnapshot')) : undefined;
    runSnapshot = dir ? readSnapshot(dir) : null;
  }
  return runSnapshot;
}

let databases = 0;

/** On the api-pg project: a database of its own, a copy of the seeded template or empty; elsewhere none. */
async function pgDatabaseFor(seeded: boolean): Promise<SeededDatabase | null> {
  const pg = process.env.VITEST ? inject('apiPg') : undefined;
  if (!pg) return null;
  if (seeded) return leaseSeededDatabase(pg.adminUrl);
  const name = `t_${process.pid}_empty_${++databases}`;
  await adminQuery(pg.adminUrl, `create database ${name}`);
  return {
    url: databaseUrl(pg.adminUrl, name),
    release: () => adminQuery(pg.adminUrl, `drop database ${name} with (force)`),
  };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  raw: ArrayBuffer;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  company?: number;
  idempotencyKey?: string;
}

export type ApiClient = ReturnType<typeof apiClient>;

export function apiClient(baseUrl: string) {
  async function request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.company !== undefined) headers['x-company-id'] = String(opts.company);
    if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
    let body: BodyInit | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const raw = await res.arrayBuffer();
    const type = res.headers.get('content-type') ?? '';
    const text = new TextDecoder().decode(raw);
    const parsed = type.includes('json') && text ? JSON.parse(text) : text;
    return { status: res.status, body: parsed as T, headers: res.headers, raw };
  }
  return {
    request,
    get: <T = any>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
    post: <T = any>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
    put: <T = any>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
    patch: <T = any>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('PATCH', path, { ...opts, body }),
    delete: <T = any>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
    /** Signs in and returns the token and profile. */
    async login(username = 'demo', password = username): Promise<{ token: string; profile: any }> {
      const res = await request('POST', '/api/login', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login ${username} → ${res.status} ${JSON.stringify(res.body)}`);
      return { token: res.body.token, profile: res.body };
    },
  };
}
