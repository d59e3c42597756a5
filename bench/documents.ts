// Figures for decision 004: a 50 MB deposit on loopback (throughput, the server's memory while it
// streams) and the document list with 50 000 documents of one company. bench/run.ts prints them.
import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES } from '../src/domain/uploads';
import { startTestServer, type TestServer } from '../tests/support/test-server';
import { fr, latency } from './latency';

const DOCUMENTS = 50_000;
const CALLS = 60;
const MB = 1024 * 1024;

/**
 * The client runs in a child process: the server is in this process, so its memory is measured
 * without the 50 MB the client holds. The child times the request from send to answer.
 */
const CLIENT = `
const [url, token, company, size] = process.argv.slice(1);
const bytes = new Uint8Array(Number(size));
bytes.set(new TextEncoder().encode('%PDF-1.4\\n'));
const form = new FormData();
form.append('category', '42');
form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'bench-50-mo.pdf');
const started = performance.now();
const res = await fetch(url + '/api/my-inbox/documents/upload', { method: 'POST', body: form, headers: { authorization: 'Bearer ' + token, 'x-company-id': company } });
await res.arrayBuffer();
console.log(JSON.stringify({ status: res.status, ms: performance.now() - started }));
`;

async function measureUpload(server: TestServer, token: string, company: number) {
  const run = () =>
    promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', CLIENT, server.url, token, String(company), String(MAX_UPLOAD_BYTES)],
      { maxBuffer: 1 << 20 },
    );
  // A first small run warms the route (JIT, busboy), so the measured one is the steady state.
  await promisify(execFile)(process.execPath, [
    '--input-type=module',
    '-e',
    CLIENT,
    server.url,
    token,
    String(company),
    '4096',
  ]);
  (globalThis as { gc?: () => void }).gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const { stdout } = await run();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const result = JSON.parse(stdout) as { status: number; ms: number };
  if (result.status !== 201) throw new Error(`dépôt de 50 Mo refusé : ${result.status}`);
  return { seconds: result.ms / 1000, baseline, peak };
}

async function insertDocuments(server: TestServer, companyId: number) {
  const started = performance.now();
  // One statement: the bench measures reading, not 50 000 round trips.
  await server.deps.db.execute(sql`
    insert into documents (company_id, category_id, name, mime_type, size, sha256, search_key, created_at)
    select ${companyId}, (array[4,5,9,16,17,18,19,21,22,39,40,42,43,44])[1 + (g % 14)],
           'Pièce ' || g || '.pdf', 'application/pdf', 1000 + g, repeat('a', 64), 'piece ' || g || '.pdf comptabilite',
           now() - make_interval(mins => g)
    from generate_series(1, ${DOCUMENTS}) as g`);
  // PostgreSQL's autovacuum would analyse the table after such a load; the embedded one has none.
  await server.deps.db.execute(sql`analyze documents`);
  return performance.now() - started;
}

async function timeCalls(call: () => Promise<{ status: number }>, runs = CALLS, warmup = 5): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const res = await call();
    times.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`liste : statut ${res.status}`);
  }
  return times;
}

export async function benchDocuments(): Promise<Record<string, string>> {
  const server = await startTestServer();
  try {
    const { token } = await server.api.login('demo');
    const seed = server.seed!;
    const upload = await measureUpload(server, token, seed.companies[0].id);

    const big = seed.companies[2].id;
    const insertMs = await insertDocuments(server, big);
    const list = (query: string) => () => server.api.get(`/api/my-documents?${query}`, { token, company: big });
    const first = await timeCalls(list('page=1&pageSize=50'));
    const deep = await timeCalls(list('page=900&pageSize=50'));
    const search = await timeCalls(list('page=1&pageSize=50&q=piece%2012'));
    const byName = await timeCalls(list('page=1&pageSize=50&sort=name&category=11'));

    return {
      'Dépôt d’un fichier de 50 Mo (boucle locale)': `${fr(MAX_UPLOAD_BYTES / MB / upload.seconds)} Mo/s (${fr(upload.seconds, 2)} s)`,
      'Mémoire du serveur pendant le dépôt (RSS, pic)': `${fr(upload.peak / MB, 0)} Mo`,
      'Hausse de la mémoire du serveur pendant le dépôt': `+${fr((upload.peak - upload.baseline) / MB, 0)} Mo (fichier de 50 Mo écrit en flux)`,
      [`Insertion de ${DOCUMENTS.toLocaleString('fr-FR')} documents (une requête + ANALYZE)`]: `${fr(insertMs / 1000, 2)} s`,
      'Liste de mes documents, 1re page de 50 (50 000 documents)': latency(first),
      'Liste, page 900 (OFFSET 44 950)': latency(deep),
      'Liste avec recherche « piece 12 »': latency(search),
      'Liste d’une catégorie (Comptabilité) triée par nom': latency(byName),
    };
  } finally {
    await server.close();
  }
}
