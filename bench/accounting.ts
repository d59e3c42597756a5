// Figures for decision 039: a FEC of about a million lines imported over HTTP, streamed
// (lines per second), three such exercises in one company, then the great book's first and a deep
// page, the entries search and every dashboard, p95 over 20 runs. ACCOUNTING_BENCH_LINES sizes an
// exercise. The server runs as `npm start` runs it, in its own process: its memory (read from /proc)
// is its own, not the generator's, and what it shows along the file says whether it stays flat.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bakeryExercise } from '../server/src/seed/accounting';
import { ensureCompiledServer, freePort, spawnServer, waitForPort } from '../tests/support/child-server';
import { fr, latency } from './latency';

const LINES = Number(process.env.ACCOUNTING_BENCH_LINES ?? 1_000_000);
const EXERCISES = 3;
const RUNS = 20;
/** Lines of one bakery exercise at scale 1, generated month by month, to size the scale. */
const LINES_AT_SCALE_1 = 13_100;

const mb = (bytes: number) => `${fr(bytes / 1024 / 1024, 0)} Mo`;

/** The server process's resident memory now (VmRSS, Linux /proc). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : 0;
}

const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** A year's FEC generated month by month into the request body: the bench never holds it either. */
function fecBody(year: number, scale: number, boundary: string, counter: { lines: number; bytes: number }) {
  const enc = new TextEncoder();
  let month = 0;
  let header = true;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (month === 12) {
        controller.enqueue(enc.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      const start = `${year}-${String(month + 1).padStart(2, '0')}-01`;
      const end = addDays(month === 11 ? `${year + 1}-01-01` : `${year}-${String(month + 2).padStart(2, '0')}-01`, -1);
      const w = bakeryExercise(start, end, { seed: year * 100 + month, scale });
      const rows = w.take();
      if (!header) rows.shift();
      const head = header
        ? `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="123456789FEC${year}1231.txt"\r\nContent-Type: text/plain\r\n\r\n`
        : '';
      header = false;
      const bytes = enc.encode(head + rows.join('\n') + '\n');
      counter.lines += w.lines;
      counter.bytes += bytes.length;
      controller.enqueue(bytes);
      month++;
    },
  });
}

export async function benchAccounting(): Promise<Record<string, string>> {
  ensureCompiledServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'workplace-bench-accounting-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { NODE_ENV: 'production', SEED_DEMO: '1', PUBLIC_URL: base, DATA_DIR: dataDir, PORT: String(port) };
  const child = spawnServer(env, { script: 'dist/server/index.js' });
  const figures: Record<string, string> = {};
  try {
    await waitForPort(port, child);
    const pid = child.process.pid!;
    const signIn = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin' }),
    });
    const me = (await signIn.json()) as { token: string; userCompanies: Array<{ id: number; label: string }> };
    const token = me.token;
    const company = me.userCompanies.find((c) => c.label === 'Garage Dupont & Fils')!.id;
    const request = (method: string, path: string, body?: unknown) =>
      fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'x-company-id': String(company),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const scale = Math.max(1, Math.round(LINES / LINES_AT_SCALE_1));
    const years = [2023, 2024, 2025];
    for (const [i, year] of years.entries()) {
      const boundary = `----bench${Date.now()}`;
      const counter = { lines: 0, bytes: 0 };
      const before = rssOf(pid);
      let peak = before;
      // The server's RSS when a quarter, half and three quarters of the file have been sent, and at
      // the end: flat means these do not grow with the file.
      const marks: number[] = [];
      const sampler = setInterval(() => {
        const rss = rssOf(pid);
        peak = Math.max(peak, rss);
        if (marks.length < 3 && counter.lines >= ((marks.length + 1) * LINES) / 4) marks.push(rss);
      }, 50);
      const t = performance.now();
      const res = await fetch(`${base}/api/my-accounting/imports`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'x-company-id': String(company),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body: fecBody(year, scale, boundary, counter),
        duplex: 'half',
      } as RequestInit);
      const ms = performance.now() - t;
      clearInterval(sampler);
      marks.push(rssOf(pid));
      const body = (await res.json()) as { lines?: number; message?: string };
      if (res.status !== 201) throw new Error(`import ${year} → ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      const memory = `RSS du serveur ${mb(before)} avant ; ${marks.map(mb).join(', ')} aux quarts du fichier et à la fin ; pic ${mb(peak)}`;
      if (i === 0) {
        figures['Import d’un FEC (HTTP, multipart, en flux)'] =
          `${counter.lines.toLocaleString('fr-FR')} lignes, ${mb(counter.bytes)} : ${fr(ms / 1000)} s, ${fr(counter.lines / (ms / 1000), 0)} lignes/s`;
        figures['Mémoire du serveur (processus à part) pendant l’import'] = memory;
      } else
        figures[`Import de l’exercice ${year}`] =
          `${counter.lines.toLocaleString('fr-FR')} lignes : ${fr(ms / 1000)} s ; ${memory}`;
    }
    const periods = (await (await request('GET', '/api/my-accounting/periods')).json()) as Array<{ lines: number }>;
    const total = periods.reduce((sum, p) => sum + p.lines, 0);
    figures['Volume'] = `${EXERCISES} exercices, ${total.toLocaleString('fr-FR')} lignes`;

    const time = async (label: string, path: string, method: 'GET' | 'PUT' = 'GET', body?: unknown) => {
      const times: number[] = [];
      let last: any;
      for (let r = 0; r < RUNS; r++) {
        const t = performance.now();
        const res = await request(method, path, body);
        const text = await res.text();
        times.push(performance.now() - t);
        if (res.status !== 200) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
        last = JSON.parse(text);
      }
      figures[label] = latency(times);
      return last;
    };
    const first = await time('Grand livre, première page (tous comptes, 100 lignes)', '/api/my-accounting/great-book');
    await time('Grand livre, compte 512, première page', '/api/my-accounting/great-book?accounts=512');
    // A deep page: walk 20 pages of cursor, then time the 21st.
    let after: string = first.next;
    for (let k = 0; k < 20; k++) {
      const res = await request('GET', `/api/my-accounting/great-book?after=${after}`);
      after = ((await res.json()) as { next: string }).next;
    }
    await time('Grand livre, page profonde par curseur', `/api/my-accounting/great-book?after=${after}`);
    await time(
      'Grand livre, période d’un mois (coupe des agrégats)',
      '/api/my-accounting/great-book?accounts=6&dateStart=2025-03-10&dateEnd=2025-04-20',
    );
    await time('Recherche : texte « moulins »', '/api/my-accounting/entries', 'PUT', { q: 'moulins' });
    // A word no line holds: without the trigram index this read every line of the exercise.
    await time('Recherche : texte absent du livre', '/api/my-accounting/entries', 'PUT', { q: 'zanzibar' });
    await time('Recherche : montants 500 à 600 €, journal AC', '/api/my-accounting/entries', 'PUT', {
      amountMin: 500,
      amountMax: 600,
      journals: ['AC'],
    });
    for (const path of ['accounts', 'result/last', 'incomes', 'expenses', 'treasury', 'treasury-accounts/index'])
      await time(`Tableau de bord ${path}`, `/api/my-accounting/dashboard/${path}`);
    await time('Périodes', '/api/my-accounting/periods');
    await time('Journaux', '/api/my-accounting/journals');
  } finally {
    child.process.kill('SIGTERM');
    await child.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}
