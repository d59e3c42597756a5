// Child process of bench/list-load.ts: the real server on the embedded database (PGlite in a data
// folder, durable, as `npm run serve` runs it) with the demo data, in its own process so the load
// client does not share its event loop. Prints one JSON line { url, token, company }, then runs
// until its stdin closes (the parent ended). CPU profile: LIST_LOAD_PROF=1 (see list-load.ts).
import { sql } from 'drizzle-orm';
import { startTestServer } from '../tests/support/test-server';

const server = await startTestServer({
  persistent: true,
  env: { NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1' },
});
const { token } = await server.api.login('demo');
// The demo data's writes flushed now, not by a checkpoint in the middle of the measure.
await server.deps.db.execute(sql`checkpoint`);
process.stdout.write(`${JSON.stringify({ url: server.url, token, company: server.seed!.companies[0].id })}\n`);
const stop = () => void server.close().finally(() => process.exit(0));
process.stdin.on('end', stop).on('close', stop).resume();
process.on('SIGTERM', stop);
