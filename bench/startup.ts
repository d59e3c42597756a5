// Figures for decision 005: the time from `npm start`'s launcher to an open port (the port opens only
// once migrations and demo data are done), on a fresh and on an existing data folder; and what
// durable commits cost: validate p95 on a persistent embedded database, with and without fsync.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { readConfig } from '../server/src/env';
import { startServer } from '../server/src/server';
import { embeddedFsyncCalls } from '../server/src/db/durable-fs';
import { seedDemo } from '../server/src/seed/demo';
import { ensureCompiledServer, freePort, spawnServer, waitForPort } from '../tests/support/child-server';
import { invoicePayload } from '../tests/support/invoice-helpers';
import { apiClient, type TestServer } from '../tests/support/test-server';

const VALIDATIONS = 300;
const ms = (n: number) => `${n.toFixed(1).replace('.', ',')} ms`;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timeToReady(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnServer({ DATA_DIR: dataDir, PORT: String(port) });
  await waitForPort(port, child);
  const elapsed = performance.now() - started;
  child.process.kill('SIGTERM');
  await child.exited;
  return elapsed;
}

/** 300 validations (PDF included) of Boulangerie Martin drafts on a folder-backed database. */
async function validations(durable: boolean): Promise<{ p50: number; p95: number; fsyncs: number; commit: number[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'workplace-bench-durable-'));
  const config = readConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
  let companyId = 0;
  const running = await startServer(config, {
    durable,
    prepare: async (deps) => void (companyId = (await seedDemo(deps)).companies[0].id),
  });
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
  ensureCompiledServer(); // `npm start` runs the compiled server (decision 019)
  const dataDir = mkdtempSync(join(tmpdir(), 'workplace-bench-start-'));
  try {
    const fresh = await timeToReady(dataDir);
    const existing = await timeToReady(dataDir);
    const relaxed = await validations(false);
    const durable = await validations(true);
    return {
      'Démarrage → port ouvert, dossier neuf (base créée, migrations, démo)': ms(fresh),
      'Démarrage → port ouvert, dossier existant': ms(existing),
      [`Validation, base sur disque sans fsync (avant) — ${VALIDATIONS} factures`]: `médiane ${ms(relaxed.p50)} · p95 ${ms(relaxed.p95)}`,
      [`Validation, commits durables (fsync) — ${VALIDATIONS} factures`]: `médiane ${ms(durable.p50)} · p95 ${ms(durable.p95)}`,
      'fsync(2) par validation (commits durables)': durable.fsyncs.toFixed(1).replace('.', ','),
      'Transaction d’une ligne (200), sans fsync': `médiane ${ms(relaxed.commit[0])} · p95 ${ms(relaxed.commit[1])}`,
      'Transaction d’une ligne (200), avec fsync': `médiane ${ms(durable.commit[0])} · p95 ${ms(durable.commit[1])}`,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
