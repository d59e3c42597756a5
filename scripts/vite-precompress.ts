import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|ttf|ico|map)$/;
const MIN_BYTES = 1024;
// Brotli's best quality costs about twice the time of the next one for 2 % fewer bytes: kept for every
// file up to 512 KB (the routes' code and styles), not for the lazy PDF renderer (1.3 MB, 1.8 s less
// per build, 20 KB more).
const BEST_QUALITY_UP_TO = 512 * 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside every text asset of a build folder; returns how many. */
export function precompressFolder(dir: string): number {
  let count = 0;
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const bytes = readFileSync(path);
    if (bytes.length < MIN_BYTES) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: bytes.length <= BEST_QUALITY_UP_TO ? 11 : 10,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    count++;
  }
  return count;
}

/**
 * The server sends static files compressed, once compressed at build time (brotli 11 is
 * too slow to run per request). Runs last, after the service worker is written, so sw.js is covered.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'workplace-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressFolder(outDir);
      },
    },
  };
}
