// `npm run build`: the PWA (vite build → dist/), then the server (esbuild → dist/server/), then the
// stamp that lets `npm start` skip the next build while the sources stay the same (decision 019).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer } from './build-server.mjs';
import { APP_INPUTS, APP_STAMP, digest, ROOT, SERVER_OUT } from './build-stamp.mjs';

const started = Date.now();
// Taken before building: a file saved during the build makes the stamp stale, never the reverse.
const stamp = { digest: digest(APP_INPUTS), builtAt: new Date().toISOString() };
const extra = process.argv.slice(2); // e.g. `npm run build -- --logLevel warn`
const vite = spawnSync('npx', ['vite', 'build', ...extra], { cwd: ROOT, stdio: 'inherit' });
if (vite.status !== 0) process.exit(vite.status ?? 1);
const serverMs = await buildServer();
writeFileSync(join(ROOT, APP_STAMP), `${JSON.stringify(stamp)}\n`);
const s = (ms) => `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
console.log(
  `Serveur compilé dans ${SERVER_OUT}/ en ${s(serverMs)} ; construction complète en ${s(Date.now() - started)}.`,
);
