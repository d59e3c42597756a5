import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { sharedSnapshot } from '../support/shared-snapshot';

// The e2e suite tests the production build, as a user gets it from `npm start`.
// E2E_DIST points at another build folder (parallel work); E2E_REBUILD=1 forces a fresh build.
// As in the api project (decision 017), the database is migrated and seeded once for the run: each
// file's server opens its own copy of that snapshot instead of migrating and seeding again (the api
// project's snapshot: tests/support/shared-snapshot.ts).
export default async function setup(project: TestProject) {
  execSync('node scripts/ensure-chromium.mjs', { stdio: 'inherit' });
  const dist = process.env.E2E_DIST ?? 'dist';
  if (!existsSync(`${dist}/index.html`) || process.env.E2E_REBUILD === '1') {
    // Vitest runs with NODE_ENV=test: the service worker would be built with Workbox's development
    // code, which never takes control of the page (every offline test then waits in vain).
    execSync(`npx vite build --outDir ${dist} --emptyOutDir`, {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const { dir } = await sharedSnapshot();
  project.provide('apiSnapshot', dir);
}
