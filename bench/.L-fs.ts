import { sql } from 'drizzle-orm';
import { embeddedFsyncCalls } from '../server/src/db/durable-fs';
import { startTestServer } from '../tests/support/test-server';
const server = await startTestServer({ persistent: true, env: { NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1' } });
const { token } = await server.api.login('demo');
const company = server.seed!.companies[0].id;
await new Promise((r) => setTimeout(r, 2000));
let f0 = embeddedFsyncCalls();
for (let i = 0; i < 100; i++) await server.deps.db.execute(sql`select 1`);
console.log('select 1 x100 fsyncs', embeddedFsyncCalls() - f0);
for (const p of ['/api/factures?page=1&pageSize=50', '/api/customers', '/api/notifications', '/api/my-documents']) {
  f0 = embeddedFsyncCalls();
  for (let i = 0; i < 20; i++) await server.api.get(p, { token, company });
  console.log(p, 'x20 fsyncs', embeddedFsyncCalls() - f0);
}
await server.close(); process.exit(0);
