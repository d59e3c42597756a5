import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { startTestServer } from '../../tests/support/test-server';
import { LIST_PATHS } from '../list-load';
const server = await startTestServer({ persistent: true, env: { NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1' } });
const { token } = await server.api.login('demo');
await server.deps.db.execute(sql`checkpoint`);
const company = server.seed!.companies[0].id;
const per = new Map<string, number>();
async function run(n: number, measure: boolean) {
  let i = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (i < n) {
      const p = LIST_PATHS[i++ % LIST_PATHS.length]!;
      const r = await fetch(`${server.url}${p}`, { headers: { authorization: `Bearer ${token}`, 'x-company-id': String(company), 'accept-encoding': 'gzip' } });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${p} ${r.status}`);
    }
  }));
}
await run(600, false);
const c0 = process.cpuUsage(); const t0 = performance.now();
const N = Number(process.env.N ?? 2400);
await run(N, true);
const c = process.cpuUsage(c0);
console.log(`${process.env.LISTLOAD_OFF ? 'OFF' : 'ON '} cpu/req ${((c.user + c.system) / 1000 / N).toFixed(2)} ms  wall/req ${((performance.now() - t0) / N).toFixed(2)} ms`);
await server.close(); process.exit(0);
