// Decision 019: the server's start, compiled (plain `node dist/server/index.js`) against
// the TypeScript source through tsx (before), with the CPU each uses until its port opens, and the
// cost of `npm start`'s build-stamp check. Alone: `npm run bench -- server-start`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { APP_INPUTS, digest } from '../scripts/build-stamp.mjs';
import { ensureCompiledServer, freePort, spawnServer, waitForPort } from '../tests/support/child-server';

const ms = (n: number) => `${n.toFixed(1).replace('.', ',')} ms`;

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
async function timeToReady(
  dataDir: string,
  script?: string,
  env: Record<string, string> = {},
): Promise<{ wall: number; cpu: number }> {
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

/** Decision 019: the compiled server (plain node) against the TypeScript source through tsx (before). */
export async function benchServerStart(): Promise<Record<string, string>> {
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
    const row = (r: Array<{ wall: number; cpu: number }>) =>
      `${ms(median(r.map((x) => x.wall)))} · CPU ${ms(median(r.map((x) => x.cpu)))}`;
    // What `npm start` computes to decide whether to build (scripts/build-stamp.mjs).
    const started = performance.now();
    digest(APP_INPUTS);
    const stampCheck = performance.now() - started;
    return {
      'Démarrage → port ouvert, dossier neuf (compilé : base créée, migrations, démo)': `${ms(fresh.wall)} · CPU ${ms(fresh.cpu)}`,
      'Démarrage → port ouvert, dossier existant, compilé (`node dist/server/index.js`), médiane de 3': row(
        runs.compiled,
      ),
      'Démarrage → port ouvert, dossier existant, source via tsx (avant), médiane de 3': row(runs.tsx),
      '`npm start` : empreinte des sources comparée à celle de la construction': ms(stampCheck),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
