import { fileURLToPath } from 'node:url';

// Files the server reads from disk, wherever its code runs from (decision 019):
// - from source (tsx, tests): this file is server/src/paths.ts;
// - compiled (`npm run build`): every chunk is in dist/server/, the build copies the migrations to
//   dist/server/drizzle, and the built PWA is dist/ itself. dist/ + package.json + the production
//   node_modules are then a complete installation.
// scripts/build-server.mjs defines WORKPLACE_COMPILED; under tsx or vitest it does not exist.
declare const WORKPLACE_COMPILED: boolean | undefined;
const compiled = typeof WORKPLACE_COMPILED !== 'undefined' && WORKPLACE_COMPILED;
const at = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** The Drizzle migrations (generated into server/drizzle by `npm run db:generate`). */
export const MIGRATIONS_DIR = compiled ? at('./drizzle') : at('../drizzle');

/** The built PWA served at / (`vite build` output). */
export const STATIC_DIR = compiled ? at('..') : at('../../dist');
