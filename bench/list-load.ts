// Decision 015: 20 clients at once on the list endpoints of the embedded database.
// The server runs in its own process (bench/list-load-server.ts: PGlite on disk, demo data,
// NODE_ENV=production); this process is the load client: 20 keep-alive connections on loopback,
// each sending its next request as soon as the previous answer is read, for a fixed time.
// Reproduce: `npm run bench -- list-load`, or alone `npx tsx bench/list-load.ts` (LIST_LOAD_SECONDS=20 LIST_LOAD_CLIENTS=20;
// LIST_LOAD_PROF=1 writes a CPU profile of the server to bench/results/).
import { spawn } from 'node:child_process';
import { request, Agent } from 'node:http';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

const HERE = dirname(fileURLToPath(import.meta.url));
const CLIENTS = Number(process.env.LIST_LOAD_CLIENTS ?? 20);
const SECONDS = Number(process.env.LIST_LOAD_SECONDS ?? 20);
const MAX_REQUESTS = 200_000; // bound, whatever the speed

/** What the screens ask when they open: first pages of each list, as the app requests them. */
export const LIST_PATHS = [
  '/api/factures?page=1&pageSize=50',
  '/api/estimates?page=1&pageSize=50',
  '/api/customers',
  '/api/items',
  '/api/my-documents',
  '/api/notifications',
];

export interface Target {
  url: string;
  token: string;
  company: number;
}

/**
 * CPU seconds (user + system, all threads) the server process used so far, from /proc (Linux):
 * under a shared, loaded machine the wall-clock figures swing, CPU per request much less.
 */
function cpuSeconds(pid: number | undefined): number | null {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return null;
  const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

async function startServerProcess(): Promise<{ target: Target; stop: () => Promise<void>; cpu: () => number | null }> {
  const prof = process.env.LIST_LOAD_PROF ? ['--cpu-prof', '--cpu-prof-dir', join(HERE, 'results')] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', join(HERE, 'list-load-server.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
    // The production path: no response-schema check (response-check.ts runs only under NODE_ENV=test).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`le serveur s’est arrêté (code ${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    target: JSON.parse(line) as Target,
    cpu: () => cpuSeconds(child.pid),
    stop: async () => {
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function get(agent: Agent, target: Target, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${target.url}${path}`,
      {
        agent,
        headers: {
          authorization: `Bearer ${target.token}`,
          'x-company-id': String(target.company),
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('délai dépassé')));
    req.on('error', reject);
    req.end();
  });
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/**
 * CLIENTS loops, each awaiting its answer before the next request, during `seconds`. Several
 * targets (instances behind a round-robin balancer, bench/postgres-scale.ts): client k uses target k mod n.
 */
export async function runLoad(target: Target | Target[], seconds: number, clients = CLIENTS): Promise<LoadResult> {
  const targets = Array.isArray(target) ? target : [target];
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const times: number[] = [];
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const loop = async (k: number) => {
    for (let i = k; performance.now() < end && sent < MAX_REQUESTS; i++) {
      sent++;
      const t0 = performance.now();
      const status = await get(agent, targets[k % targets.length]!, LIST_PATHS[i % LIST_PATHS.length]!).catch(() => 0);
      times.push(performance.now() - t0);
      if (status !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, k) => loop(k)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    perSecond: times.length / elapsed,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors,
  };
}

const ms = (n: number) => `${n.toFixed(1).replace('.', ',')} ms`;

export async function benchListLoad(): Promise<Record<string, string>> {
  const { target, stop, cpu } = await startServerProcess();
  try {
    // Warm-up: JIT, PGlite's caches, the first plan of each query.
    await runLoad(target, 3);
    const load = loadavg()[0]!.toFixed(1).replace('.', ',');
    const cpu0 = cpu();
    const r = await runLoad(target, SECONDS);
    const cpu1 = cpu();
    const cpuMs = cpu0 !== null && cpu1 !== null ? ((cpu1 - cpu0) * 1000) / r.requests : null;
    return {
      Commande: 'npm run bench -- list-load (seule : npx tsx bench/list-load.ts)',
      Charge: `${CLIENTS} clients simultanés, ${SECONDS} s, ${LIST_PATHS.length} listes en rotation (base embarquée PGlite sur disque, données de démonstration)`,
      'Requêtes servies': `${r.requests.toLocaleString('fr-FR')} (${r.errors} en erreur)`,
      'Requêtes par seconde': Math.round(r.perSecond).toLocaleString('fr-FR'),
      'Temps de réponse': `médiane ${ms(r.p50)} · p95 ${ms(r.p95)} · p99 ${ms(r.p99)}`,
      'CPU du serveur par requête':
        cpuMs === null
          ? 'non mesuré (pas de /proc)'
          : `${ms(cpuMs)} (soit ${Math.round(1000 / cpuMs)} requêtes/s pour un cœur entier)`,
      'Objectif (décision 015)': '≥ 400 requêtes/s, p95 < 100 ms',
      // First measure, before decision 015, on the shared machine (loadavg ≈ 15 on 2 cores).
      'Avant (1re mesure, 2026-11-23, décision 015)':
        '57 requêtes/s, p95 834 ms ; CPU du serveur 9,0 à 11,3 ms par requête (mesure initiale rapportée : 95 requêtes/s, p95 337 ms)',
      // Decision 028 (reads as named prepared statements), runs of 15 s interleaved with the tree
      // before it, machine shared (loadavg 15–19): CPU per request is the comparable figure.
      'Décision 028 (2026-11-23, machine chargée)':
        'CPU du serveur par requête 6,2 → 4,5 ms, 9,7 → 7,6 ms, 8,7 → 5,3 ms (trois paires) ; meilleure mesure après : 279 requêtes/s, p95 140 ms, 2,7 ms (loadavg 9)',
      'Charge de la machine au départ (loadavg 1 min)': load,
    };
  } finally {
    await stop();
  }
}

// Run alone: npx tsx bench/list-load.ts
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchListLoad();
  for (const [k, v] of Object.entries(figures)) console.log(`${k} : ${v}`);
  process.exit(0);
}
