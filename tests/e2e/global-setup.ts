import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// The e2e suite tests the production build, as a user gets it from `npm start`.
export default function setup() {
  execSync('node scripts/ensure-chromium.mjs', { stdio: 'inherit' });
  if (!existsSync('dist/index.html') || process.env.E2E_REBUILD === '1') execSync('npx vite build', { stdio: 'inherit' });
}
