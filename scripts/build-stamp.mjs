// Is dist/ the build of the current sources? (decision 019) A stamp is a SHA-256 of every input
// file's path and content, taken before the build starts and written into dist/server/ after it
// succeeds. `npm start` rebuilds only when the digest of today's files differs. Plain Node, no
// dependency: the launcher must run on a production install too.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_OUT = 'dist/server';
/** Full build (client + server): written by scripts/build.mjs, read by `npm start`. */
export const APP_STAMP = `${SERVER_OUT}/app-stamp.json`;
/** Server only: written by scripts/build-server.mjs, read by the tests that start the compiled server. */
export const SERVER_STAMP = `${SERVER_OUT}/server-stamp.json`;

/** What `npm run build` reads. Tests, docs and the bench do not change the build: left out. */
export const APP_INPUTS = [
  'index.html',
  'manifest.webmanifest',
  'package.json',
  'package-lock.json',
  'postcss.config.cjs',
  'tsconfig.json',
  'vite.config.ts',
  'public',
  'src',
  'sw',
  'server/src',
  'server/drizzle',
  'server/tsconfig.json',
  'scripts/build.mjs',
  'scripts/build-server.mjs',
  'scripts/build-stamp.mjs',
  'scripts/vite-app-shell.ts',
  'scripts/vite-precompress.ts',
  'scripts/vite-static-login.ts',
];
const SKIPPED = /(^|\/)node_modules(\/|$)|\.test\.tsx?$/;

function listFiles(root, path, out) {
  const full = join(root, path);
  if (!existsSync(full)) return out.push(`${path} (absent)`);
  if (!statSync(full).isDirectory()) return out.push(path);
  for (const name of readdirSync(full).sort()) {
    const child = `${path}/${name}`;
    if (!SKIPPED.test(child)) listFiles(root, child, out);
  }
}

/** Digest of the given files and folders (recursively); a missing one counts as "absent". */
export function digest(paths, root = ROOT) {
  const files = [];
  for (const path of [...paths].sort()) listFiles(root, path, files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    if (!file.endsWith(' (absent)')) hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp(root, file) {
  try {
    return JSON.parse(readFileSync(join(root, file), 'utf8'));
  } catch {
    return null;
  }
}

/** True when dist/ holds a complete build of today's sources (client and server). */
export function appBuildIsCurrent(root = ROOT) {
  const stamp = readStamp(root, APP_STAMP);
  if (!stamp || !existsSync(join(root, 'dist/index.html')) || !existsSync(join(root, SERVER_OUT, 'index.js')))
    return false;
  return stamp.digest === digest(APP_INPUTS, root);
}

/** True when dist/server/ was compiled from today's server sources (the files esbuild read). */
export function serverBuildIsCurrent(root = ROOT) {
  const stamp = readStamp(root, SERVER_STAMP);
  if (!stamp || !existsSync(join(root, SERVER_OUT, 'index.js'))) return false;
  return stamp.digest === digest(stamp.inputs, root);
}
