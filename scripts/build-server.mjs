// `npm run build:server` (and the second half of `npm run build`): compiles the API server with
// esbuild into dist/server/, run with plain `node dist/server/index.js`: no TypeScript loader at run
// time (decision 019). Our code and most packages are bundled: Node then loads a handful of files
// instead of ~1 000 (the import costs half the CPU). Left outside, loaded from the production
// node_modules: PGlite (finds its .wasm and data files next to its own module) and pg (optional
// native part). The pdf fonts are files read from @fontsource/inter at run time. Code splitting
// keeps index.ts's lazy imports lazy: a configuration mistake is reported before the app loads.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { APP_STAMP, digest, ROOT, SERVER_OUT, SERVER_STAMP, serverBuildIsCurrent } from './build-stamp.mjs';
import { ensureEInvoiceSefs, SEF_CACHE } from './einvoice-sef.mjs';

// Decision 086: SaxonJS (a 2 Mo module the reader threads load) and xmllint-wasm (its own worker
// file and .wasm beside it) stay in node_modules too.
export const EXTERNAL = ['@electric-sql/pglite', 'pg', 'saxonjs-he', 'xmllint-wasm'];
const EXTRA_INPUTS = [
  'server/drizzle',
  'package-lock.json',
  'scripts/build-server.mjs',
  'scripts/build-stamp.mjs',
  'scripts/einvoice-sef.mjs',
  'tests/validators/einvoice',
  'tests/validators/fnfe-fr',
];
/** The official e-invoice rules compiled to SEF, copied beside the server's code (decision 086). */
const RULES_OUT = 'einvoice-rules';

const packageOf = (input) => /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(input)?.[1];

/**
 * Builds into a fresh folder, then moves the files in: chunk names carry a content hash, and the
 * chunks of an earlier build are kept 10 minutes, so a server started just before (a parallel test
 * file) still finds the chunks it loads lazily. index.js and the stamp come last.
 */
export async function buildServer({ root = ROOT } = {}) {
  const started = Date.now();
  const out = join(root, SERVER_OUT);
  const tmp = join(root, 'dist', `.server-${process.pid}-${started}`);
  mkdirSync(out, { recursive: true });
  // Cached by the stylesheets' hashes: a minute the first time, nothing afterwards.
  const rulesManifest = await ensureEInvoiceSefs({ root, log: (line) => console.log(line) });
  try {
    const result = await build({
      absWorkingDir: root,
      // The e-invoice readers' worker thread is an entry of its own (decision 074).
      entryPoints: {
        index: 'server/src/index.ts',
        'einvoice-reader': 'server/src/modules/received-invoices/reader-worker.ts',
        // The local approved platform (decision 087): a program of its own, started by `npm start`
        // before the server; it shares the reader threads and the official rules' chunks.
        'local-platform': 'server/src/local-platform/main.ts',
      },
      outdir: tmp,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      external: EXTERNAL,
      // Bundled CommonJS packages call require() for Node's own modules: give them a real one.
      banner: {
        js: `import { createRequire as __workplaceRequire } from 'node:module';
const require = __workplaceRequire(import.meta.url);`,
      },
      // server/src/paths.ts: read the migrations and the PWA from their compiled locations.
      define: { WORKPLACE_COMPILED: 'true' },
      // A real fault's stack can name our source files: NODE_OPTIONS=--enable-source-maps.
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'warning',
    });
    const all = Object.keys(result.metafile.inputs);
    const inputs = [...all.filter((path) => !path.includes('node_modules/')), ...EXTRA_INPUTS];
    // A source saved while esbuild ran may be missing from the bundle: then the stamp says stale.
    const unchanged = inputs.every(
      (path) => !existsSync(join(root, path)) || statSync(join(root, path)).mtimeMs < started,
    );
    // The packages inside the bundle, for the test that checks none is a devDependency.
    const bundled = [...new Set(all.map(packageOf).filter(Boolean))].sort();
    // …and what it still imports at run time (Node modules, external packages), as esbuild saw it.
    const imports = Object.values(result.metafile.outputs).flatMap((o) =>
      o.imports.filter((i) => i.external).map((i) => i.path),
    );
    const stamp = {
      digest: unchanged ? digest(inputs, root) : null,
      inputs,
      bundled,
      imports: [...new Set(imports)].sort(),
    };
    writeFileSync(join(tmp, 'package.json'), '{ "type": "module" }\n');
    // A server-only build never vouches for the PWA: `npm start` will run the full build.
    rmSync(join(root, APP_STAMP), { force: true });
    cpSync(join(root, 'server/drizzle'), join(out, 'drizzle'), { recursive: true });
    rmSync(join(out, RULES_OUT), { recursive: true, force: true });
    // Only the SEFs the manifest names (the cache keeps earlier stylesheets' too), their code lists, the XSDs.
    const listed = new Set(Object.values(JSON.parse(readFileSync(rulesManifest, 'utf8'))).map((e) => e.sef));
    cpSync(join(root, SEF_CACHE), join(out, RULES_OUT), {
      recursive: true,
      filter: (src) => !/\.sef\.json$/.test(src) || listed.has(basename(src)),
    });
    const written = new Set(readdirSync(tmp));
    const last = (name) => name.startsWith('index.js');
    for (const name of [...written].sort((a, b) => Number(last(a)) - Number(last(b))))
      renameSync(join(tmp, name), join(out, name));
    for (const name of readdirSync(out)) {
      const path = join(out, name);
      if (![...written, 'drizzle', RULES_OUT].includes(name) && statSync(path).mtimeMs < started - 10 * 60_000)
        rmSync(path);
    }
    writeFileSync(join(tmp, 'stamp.json'), JSON.stringify(stamp));
    renameSync(join(tmp, 'stamp.json'), join(root, SERVER_STAMP));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return Date.now() - started;
}

/**
 * For tests and the bench: compiles only when dist/server/ is missing or older than the sources.
 * Parallel test files wait for one build (a lock folder) instead of each making their own.
 */
export async function buildServerIfStale({ root = ROOT } = {}) {
  const lock = join(root, 'dist', '.server-build.lock');
  mkdirSync(join(root, 'dist'), { recursive: true });
  for (;;) {
    if (serverBuildIsCurrent(root)) return null;
    try {
      mkdirSync(lock);
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // Someone else is building; a lock older than 5 minutes is a killed build's: taken over.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > 5 * 60_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      return serverBuildIsCurrent(root) ? null : await buildServer({ root });
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const ms = process.argv.includes('--if-stale') ? await buildServerIfStale() : await buildServer();
    if (ms === null) console.log(`Serveur compilé déjà à jour (${SERVER_STAMP}).`);
    else console.log(`Serveur compilé dans ${SERVER_OUT}/ en ${(ms / 1000).toFixed(1).replace('.', ',')} s`);
  } catch (error) {
    // esbuild has already printed each error with its file and line.
    if (!error?.errors) console.error(error);
    console.error('La compilation du serveur a échoué.');
    process.exit(1);
  }
}
