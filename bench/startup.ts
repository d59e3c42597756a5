// Figures of issue 9: the time from `npm start`'s launcher to an open port (the port opens only
// once migrations and demo data are done), on a fresh and on an existing data folder; and what
// durable commits cost: validate p95 on a persistent embedded database, with and without fsync.
// Issue 11: the same start, compiled (plain node) against the source through tsx, with the CPU
// each uses until its port opens (`npm run bench -- startup`).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { readConfig } from '../server/src/env';
import { startServer } from '../server/src/server';
import { embeddedFsyncCalls } from '../server/src/db/durable-fs';
import { seedDemo } from '../server/src/seed/demo';
import { ensureCompiledServer, freePort, spawnServer, waitForPort } from '../tests/support/child-server';
import { appBuildIsCurrent } from '../scripts/build-stamp.mjs';
import { invoicePayload } from '../tests/support/invoice-helpers';
import { apiClient, type TestServer } from '../tests/support/test-server';

const VALIDATIONS = 300;
const ms = (n: number) => `${n.toFixed(1).replace('.', ',')} ms`;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** CPU time (user + system) a process has used so far, from /proc (Linux; 0 elsewhere). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks: USER_HZ = 100
  } catch {
    return 0;
  }
}

/** From spawn to open port: wall time and the server's CPU. Default: `npm start`'s launcher, compiled server. */
async function timeToReady(dataDir: string, script?: string, env: Record<string, string> = {}): Promise<{ wall: number; cpu: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnServer({ ...env, DATA_DIR: dataDir, PORT: String(port) }, { script });
  await waitForPort(port, child);
  const wall = performance.now() - started;
  const cpu = cpuMs(child.process.pid!);
  child.process.kill('SIGTERM');
  await child.exited;
  return { wall, cpu };
}

/** Issue 11: the compiled server (plain node) against the TypeScript source through tsx (before). */
async function compiledVsSource(): Promise<Record<string, string>> {
  ensureCompiledServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'workplace-bench-start-'));
  const env = { NODE_ENV: 'production', SEED_DEMO: '1', PUBLIC_URL: 'http://localhost' };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  try {
    const fresh = await timeToReady(dataDir);
    const runs: Record<'compiled' | 'tsx', Array<{ wall: number; cpu: number }>> = { compiled: [], tsx: [] };
    for (let i = 0; i < 3; i++) {
      runs.compiled.push(await timeToReady(dataDir, 'dist/server/index.js', env));
      runs.tsx.push(await timeToReady(dataDir, 'server/src/index.ts', env));
    }
    const row = (r: Array<{ wall: number; cpu: number }>) => `${ms(median(r.map((x) => x.wall)))} · CPU ${ms(median(r.map((x) => x.cpu)))}`;
    const started = performance.now();
    const current = appBuildIsCurrent();
    const stampCheck = performance.now() - started;
    return {
      'Démarrage → port ouvert, dossier neuf (compilé : base créée, migrations, démo)': `${ms(fresh.wall)} · CPU ${ms(fresh.cpu)}`,
      'Démarrage → port ouvert, dossier existant, compilé (`node dist/server/index.js`), médiane de 3': row(runs.compiled),
      'Démarrage → port ouvert, dossier existant, source via tsx (avant), médiane de 3': row(runs.tsx),
      [`\`npm start\` : contrôle du tampon de construction (${current ? 'à jour, construction sautée' : 'périmé'})`]: ms(stampCheck),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 300 validations (PDF included) of Boulangerie Martin drafts on a folder-backed database. */
async function validations(durable: boolean): Promise<{ p50: number; p95: number; fsyncs: number; commit: number[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'workplace-bench-durable-'));
  const config = readConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
  let companyId = 0;
  const running = await startServer(config, { durable, prepare: async (deps) => void (companyId = (await seedDemo(deps)).companies[0].id) });
  try {
    const api = apiClient(running.url);
    const { token } = await api.login('demo');
    const opts = { token, company: companyId };
    const payload = invoicePayload({ deps: running.deps } as TestServer);
    const drafts: number[] = [];
    for (let i = 0; i < VALIDATIONS + 5; i++) {
      const res = await api.post('/api/invoices', payload, opts);
      if (res.status !== 201) throw new Error(`brouillon : ${res.status} ${JSON.stringify(res.body)}`);
      drafts.push(res.body.id);
    }
    const times: number[] = [];
    const fsyncsBefore = embeddedFsyncCalls();
    for (const [i, id] of drafts.entries()) {
      const start = performance.now();
      const res = await api.put(`/api/invoices/${id}/validate`, { ledgerId: 1 }, opts);
      if (res.status !== 200) throw new Error(`validation : ${res.status} ${JSON.stringify(res.body)}`);
      if (i >= 5) times.push(performance.now() - start); // 5 warm-up validations
    }
    const fsyncs = (embeddedFsyncCalls() - fsyncsBefore) / drafts.length;
    times.sort((a, b) => a - b);
    // The bare cost: a one-row transaction, where the fsync is most of the time.
    const db = running.deps.db;
    await db.execute(sql`create table bench_commit (id serial primary key)`);
    const commits: number[] = [];
    for (let i = 0; i < 200; i++) {
      const start = performance.now();
      await db.transaction(async (tx) => void (await tx.execute(sql`insert into bench_commit default values`)));
      commits.push(performance.now() - start);
    }
    commits.sort((a, b) => a - b);
    return { p50: pct(times, 50), p95: pct(times, 95), fsyncs, commit: [pct(commits, 50), pct(commits, 95)] };
  } finally {
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchStartup(): Promise<Record<string, string>> {
  const start = await compiledVsSource();
  const relaxed = await validations(false);
  const durable = await validations(true);
  return {
    ...start,
    [`Validation, base sur disque sans fsync (avant) — ${VALIDATIONS} factures`]: `médiane ${ms(relaxed.p50)} · p95 ${ms(relaxed.p95)}`,
    [`Validation, commits durables (fsync) — ${VALIDATIONS} factures`]: `médiane ${ms(durable.p50)} · p95 ${ms(durable.p95)}`,
    'fsync(2) par validation (commits durables)': durable.fsyncs.toFixed(1).replace('.', ','),
    'Transaction d’une ligne (200), sans fsync': `médiane ${ms(relaxed.commit[0])} · p95 ${ms(relaxed.commit[1])}`,
    'Transaction d’une ligne (200), avec fsync': `médiane ${ms(durable.commit[0])} · p95 ${ms(durable.commit[1])}`,
  };
}
