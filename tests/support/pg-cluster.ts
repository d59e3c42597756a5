import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

// Decision 036: a throwaway PostgreSQL for one test run, from Debian's binaries: initdb in a temporary
// folder, loopback only, fsync on (the durability a real server has), stopped and removed at the end.

/** The api-pg project's migrated and seeded database, copied for every test server. */
export const PG_TEMPLATE = 'workplace_template';

export interface PgCluster {
  /** postgres://…/{database} on this cluster. */
  url(database: string): string;
  stop(): Promise<void>;
}

export const PG_INSTALL_HINT =
  'PostgreSQL est introuvable : installez-le avec « sudo apt-get install -y postgresql » (Debian), ou indiquez son dossier bin dans PG_BIN.';

/** The newest Debian PostgreSQL's bin folder, or PG_BIN. */
export function findPgBin(): string | null {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'postgres')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: as root (CI's machines), the cluster belongs to `postgres`. */
function asServerUser(): { wrap: (cmd: string, args: string[]) => [string, string[]]; owner?: string } {
  if (process.getuid?.() !== 0) return { wrap: (cmd, args) => [cmd, args] };
  return { wrap: (cmd, args) => ['runuser', ['-u', 'postgres', '--', cmd, ...args]], owner: 'postgres' };
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = findPgBin();
  if (!bin) throw new Error(PG_INSTALL_HINT);
  const dir = mkdtempSync(join(tmpdir(), 'workplace-pg-'));
  chmodSync(dir, 0o777); // the `postgres` user writes its cluster into a folder root created
  const data = join(dir, 'data');
  const { wrap, owner } = asServerUser();
  if (owner) execFileSync('chown', [owner, dir]);
  const [initCmd, initArgs] = wrap(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'workplace',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-instructions',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'pipe' });
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=on',
    // Every API test file opens its own database and pool: a run holds a few hundred connections.
    '-c max_connections=400',
    '-c shared_buffers=64MB',
  ].join(' ');
  const logFile = join(dir, 'postgres.log');
  // pg_ctl starts the server detached and waits until it accepts connections: this process holds
  // no handle on it, and stop() below waits for its end.
  const pgCtl = (...args: string[]) => {
    const [cmd, argv] = wrap(join(bin, 'pg_ctl'), ['-D', data, ...args]);
    execFileSync(cmd, argv, { stdio: 'pipe' });
  };
  try {
    pgCtl('-o', options, '-l', logFile, '-w', '-t', '60', 'start');
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL n’a pas démarré : ${String(error)}\n${log}`);
  }
  const url = (database: string) => `postgres://workplace@127.0.0.1:${port}/${database}`;
  return {
    url,
    async stop() {
      try {
        await untilSessionsEnd(url('postgres'));
        pgCtl('-m', 'fast', '-w', '-t', '60', 'stop'); // "fast": open sessions are ended, nothing to keep
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Vitest runs the global teardown (which stops the cluster) before it has waited for its workers to
 * exit; on a loaded machine a worker still closing its servers then saw its sessions cut ("Connection
 * terminated unexpectedly", CI of 2026-11-27). The cluster waits for the other sessions to end first,
 * up to a minute: a session left open by a bug is still cut then.
 */
async function untilSessionsEnd(adminUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  await onDatabase(adminUrl, async (client) => {
    const others =
      'select count(*)::int as n from pg_stat_activity where backend_type = $1 and pid <> pg_backend_pid()';
    while ((await client.query(others, ['client backend'])).rows[0].n > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }).catch(() => undefined);
}

/** One connection to the database at `url` for `work`, closed after it. */
export async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // The server ending the session between two statements would otherwise be an unheard 'error'
  // event, which ends the process; the next statement fails with it instead.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the cluster whose maintenance database is at `adminUrl`. */
export const databaseUrl = (adminUrl: string, name: string) => adminUrl.replace(/\/postgres$/, `/${name}`);

/** Runs statements on the cluster's maintenance database (CREATE / DROP DATABASE). */
export async function adminQuery(cluster: PgCluster | string, text: string): Promise<void> {
  await onDatabase(typeof cluster === 'string' ? cluster : cluster.url('postgres'), (client) => client.query(text));
}
