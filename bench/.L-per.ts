import { PGlite } from '@electric-sql/pglite';
import { performance } from 'node:perf_hooks';
import { startTestServer } from '/work/main/tests/support/test-server';
const log: Array<{ sql: string; ms: number }> = [];
let on = false;
for (const m of ['query', 'exec'] as const) {
  const orig = (PGlite.prototype as any)[m];
  (PGlite.prototype as any)[m] = async function (this: any, ...args: any[]) {
    const t = performance.now(); const r = await orig.apply(this, args);
    if (on) log.push({ sql: String(args[0]).slice(0, 300), ms: performance.now() - t });
    return r;
  };
}
const server = await startTestServer({ persistent: true, env: { NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1' } });
const { token } = await server.api.login('demo');
const company = server.seed!.companies[0].id;
for (const p of ['/api/factures?page=1&pageSize=50', '/api/estimates?page=1&pageSize=50', '/api/customers', '/api/items', '/api/my-documents', '/api/notifications']) {
  for (let i = 0; i < 10; i++) await server.api.get(p, { token, company });
  on = true; log.length = 0;
  const times: number[] = [];
  let size = 0, res: any;
  for (let i = 0; i < 30; i++) { const t = performance.now(); res = await fetch(server.url + p, { headers: { authorization: `Bearer ${token}`, 'x-company-id': String(company), 'accept-encoding': 'gzip' } }); const b = await res.arrayBuffer(); size = b.byteLength; times.push(performance.now() - t); }
  on = false;
  times.sort((a, b) => a - b);
  console.log(`\n${p} status ${res.status} median ${times[15].toFixed(1)} ms, bytes ${size} enc ${res.headers.get('content-encoding')} queries/req ${log.length / 30}`);
  const agg = new Map<string, number>();
  for (const q of log) agg.set(q.sql, (agg.get(q.sql) ?? 0) + q.ms);
  for (const [s, t] of [...agg].sort((a, b) => b[1] - a[1])) console.log(`  ${(t / 30).toFixed(2)} ms  ${s.replace(/\s+/g, ' ').slice(0, 220)}`);
}
await server.close();
process.exit(0);
