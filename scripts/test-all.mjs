// `npm test`: everything, in the order a failure is cheapest to find.
// Type check → lint → unit → API (real server, in-memory PGlite) → production build → e2e (Debian Chromium).
import { spawnSync } from 'node:child_process';

const steps = [
  ['Vérification des types', 'npm', ['run', '--silent', 'typecheck']],
  ['Lint et format (ESLint, Prettier)', 'npm', ['run', '--silent', 'lint']],
  ['Tests unitaires', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['Tests d’API', 'npx', ['vitest', 'run', '--project', 'api']],
  ['Construction de l’application et du serveur', 'npm', ['run', '--silent', 'build', '--', '--logLevel', 'warn']],
  ['Chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['Tests de bout en bout (Chromium)', 'npx', ['vitest', 'run', '--project', 'e2e']],
];

const started = Date.now();
for (const [title, cmd, args] of steps) {
  const t0 = Date.now();
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  console.log(`--- ${title} : ${result.status === 0 ? 'OK' : 'ÉCHEC'} en ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
console.log(`\nTous les tests sont passés en ${((Date.now() - started) / 60000).toFixed(1)} min.`);
