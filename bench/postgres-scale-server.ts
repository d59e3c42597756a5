// Child process of bench/postgres-scale.ts: one server instance on the bench's PostgreSQL
// (DATABASE_URL in its environment), as `npm run serve` runs it. Prints one JSON line { url }, then
// runs until its stdin closes.
import { readConfig } from '../server/src/env';
import { startServer } from '../server/src/server';

const running = await startServer(readConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' }));
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);
const stop = () => void running.close().finally(() => process.exit(0));
process.stdin.on('end', stop).on('close', stop).resume();
process.on('SIGTERM', stop);
