import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { readConfig } from '../../server/src/env';
import { startServer } from '../../server/src/server';
import { seedDemo } from '../../server/src/seed/demo';
import type { SeedContext } from '../../server/src/seed/modules';
import { adminQuery, PG_TEMPLATE, startPgCluster } from './pg-cluster';

// The api-pg project (decision 036): the same API suite on a real PostgreSQL started for the run. As
// with PGlite (decision 017) the database is migrated and seeded once, into a template database;
// every test server then gets its own database created from it (test-server.ts).

declare module 'vitest' {
  interface ProvidedContext {
    /** The api-pg project's cluster: the maintenance URL, and the folder with seed.json and the files. */
    apiPg?: { adminUrl: string; templateUrl: string; snapshot: string };
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const cluster = await startPgCluster();
  const dir = mkdtempSync(join(tmpdir(), 'workplace-pg-snapshot-'));
  try {
    await adminQuery(cluster, `create database ${PG_TEMPLATE}`);
    const config = readConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: cluster.url(PG_TEMPLATE),
    });
    let seed: SeedContext | null = null;
    const running = await startServer(config, { prepare: async (deps) => void (seed = await seedDemo(deps)) });
    const { deps: _deps, ...ids } = seed!;
    writeFileSync(join(dir, 'seed.json'), JSON.stringify(ids));
    await running.close();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  project.provide('apiPg', { adminUrl: cluster.url('postgres'), templateUrl: cluster.url(PG_TEMPLATE), snapshot: dir });
  console.log(`PostgreSQL jetable démarré, base de test préparée en ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return async () => {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
