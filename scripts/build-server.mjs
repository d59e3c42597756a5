// `npm run build:server` (and the second half of `npm run build`): compiles the API server with
// esbuild into dist/server/ — run with plain `node dist/server/index.js`, no TypeScript loader at
// run time (decision 019). Our code (server/src, src/domain, src/pdf) is bundled; the packages of
// node_modules stay outside (`packages: 'external'`), loaded from the production dependencies:
// PGlite finds its .wasm and data files next to its own module, pdf fonts are read from
// @fontsource/inter. Code splitting keeps index.ts's lazy imports lazy: a configuration mistake is
// still reported before the app's modules load.
import { cpSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { digest, ROOT, SERVER_OUT, SERVER_STAMP } from './build-stamp.mjs';

/** Builds into a fresh folder, then swaps it in: a server starting meanwhile never sees half a build. */
export async function buildServer({ root = ROOT } = {}) {
  const started = Date.now();
  const out = join(root, SERVER_OUT);
  const tmp = join(root, 'dist', `.server-${process.pid}-${Date.now()}`);
  mkdirSync(join(root, 'dist'), { recursive: true });
  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints: { index: 'server/src/index.ts' },
      outdir: tmp,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      packages: 'external',
      // server/src/paths.ts: read the migrations and the PWA from their compiled locations.
      define: { WORKPLACE_COMPILED: 'true' },
      // Stack traces of a real fault name our source files (with node --enable-source-maps).
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'warning',
    });
    cpSync(join(root, 'server/drizzle'), join(tmp, 'drizzle'), { recursive: true });
    const ownInputs = Object.keys(result.metafile.inputs).filter((path) => !path.includes('node_modules/'));
    const inputs = [...ownInputs, 'server/drizzle', 'package-lock.json', 'scripts/build-server.mjs', 'scripts/build-stamp.mjs'];
    writeFileSync(join(tmp, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(join(tmp, basename(SERVER_STAMP)), JSON.stringify({ digest: digest(inputs, root), inputs }));
    rmSync(out, { recursive: true, force: true });
    try {
      renameSync(tmp, out);
    } catch (error) {
      // Another build (a parallel test file) swapped its own copy in first: same sources, same output.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return Date.now() - started;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ms = await buildServer();
  console.log(`Serveur compilé dans ${SERVER_OUT}/ en ${(ms / 1000).toFixed(1).replace('.', ',')} s`);
}
