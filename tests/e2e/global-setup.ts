import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// The e2e suite tests the production build, as a user gets it from `npm start`.
// E2E_DIST points at another build folder (parallel work); E2E_REBUILD=1 forces a fresh build.
export default function setup() {
  execSync('node scripts/ensure-chromium.mjs', { stdio: 'inherit' });
  const dist = process.env.E2E_DIST ?? 'dist';
  if (!existsSync(`${dist}/index.html`) || process.env.E2E_REBUILD === '1') {
    execSync(`npx vite build --outDir ${dist} --emptyOutDir`, { stdio: 'inherit' });
  }
}
