import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';
import { readConfig } from '../../server/src/env';
import { startServer } from '../../server/src/server';
import { seedDemo } from '../../server/src/seed/demo';
import type { SeedContext } from '../../server/src/seed/modules';

// Decision 017: the API tests' database is migrated and seeded ONCE per run (buildSnapshot, in the
// api project's globalSetup); every test server then gets its own copy of it (PGlite's
// loadDataDir, or a copy a closed server gave back, put back in the seeded state: seeded-copies.ts,
// decision 051) with its own copy of the seeded files, so no test's writes reach another file.

declare module 'vitest' {
  interface ProvidedContext {
    /** The folder written by buildSnapshot (absent outside the api project: servers seed themselves). */
    apiSnapshot?: string;
  }
}

/** The SeedContext without its deps (the test server adds its own). */
export type SeedIds = Omit<SeedContext, 'deps'>;

export interface Snapshot {
  /** PGlite's data folder (absent on PostgreSQL: the template database holds the data). */
  tarball?: Blob;
  seed: SeedIds;
  /** DATA_DIR/files of the seeded server: the demo documents' stored bytes. */
  files: string;
}

/** Boots the real server on an in-memory PGlite, migrates, seeds the demo data and writes it all to a folder. */
export async function buildSnapshot(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'workplace-api-snapshot-'));
  const config = readConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(dir, 'data') });
  config.pgliteDir = 'memory://';
  let seed: SeedContext | null = null;
  const running = await startServer(config, { prepare: async (deps) => void (seed = await seedDemo(deps)) });
  try {
    const { deps: _deps, ...ids } = seed!;
    writeFileSync(join(dir, 'seed.json'), JSON.stringify(ids));
    await slim(running.deps.db);
    writeFileSync(join(dir, 'pgdata.tar'), new Uint8Array(await (await running.database.dumpDataDir!()).arrayBuffer()));
  } finally {
    await running.close();
  }
  return dir;
}

/**
 * Every test server unpacks this tarball, file by file, into its memory (about 50 servers a run):
 * without PostgreSQL's two template databases (600 of its 1 400 files, 15 of its 43 MB; the server
 * never creates a database) and after a checkpoint (no WAL to replay at start), a copy opens in about
 * a quarter less CPU. VACUUM FULL compacts what the migrations left behind; with the in-memory
 * database's 1 MB WAL segments (db/client.ts) the tarball went from 28 to 11 MB, and a server's start
 * from 0.61 to 0.42 CPU-seconds.
 */
async function slim(db: Db): Promise<void> {
  for (const name of ['template0', 'template1']) {
    await db.execute(sql.raw(`alter database ${name} is_template false`));
    await db.execute(sql.raw(`drop database ${name}`));
  }
  await db.execute(sql`vacuum full`);
  await db.execute(sql`checkpoint`);
  // A WAL segment is removed only at the checkpoint after the one that made it unneeded: the second
  // one drops what VACUUM FULL wrote (with the accounting demo, 83 → 40 MB; a copy opens in 0.55 s
  // instead of 1.05 s, about 50 times a run).
  await db.execute(sql`checkpoint`);
}

/** Reads what buildSnapshot wrote (once per worker: test-server.ts keeps it). */
export function readSnapshot(dir: string): Snapshot | null {
  if (!existsSync(join(dir, 'seed.json'))) return null;
  const seed = JSON.parse(readFileSync(join(dir, 'seed.json'), 'utf8'), reviveDates) as SeedIds;
  const tar = join(dir, 'pgdata.tar');
  return {
    tarball: existsSync(tar) ? new Blob([readFileSync(tar)]) : undefined,
    seed,
    files: join(dir, 'data', 'files'),
  };
}

/** The seeded files, copied (never shared: a test may delete or damage them). */
export function copyFiles(snapshot: Snapshot, dataDir: string): void {
  if (existsSync(snapshot.files)) cpSync(snapshot.files, join(dataDir, 'files'), { recursive: true });
}

// Rows' timestamps (createdAt…) come back as Date, as the seed returned them.
const reviveDates = (key: string, value: unknown) =>
  /At$/.test(key) && typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : value;
