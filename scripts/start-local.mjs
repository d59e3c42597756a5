// `npm start`: try the portal on this machine. Production mode, but with what a fresh clone needs
// and a deployment must not get by default: the demo accounts (SEED_DEMO=1) and mail links to
// http://localhost:PORT (PUBLIC_URL). Variables already set win. A deployment runs `npm run serve`
// with its own PUBLIC_URL and no SEED_DEMO (README, « En production »).
// Plain Node rather than `VAR=… cmd`, so it reads the same in every shell.
//
// It builds first (`npm run build`) unless dist/ already is the build of today's sources, checked
// by the stamp of scripts/build-stamp.mjs (decision 019). `--no-build` skips that check (tests that
// compile the server themselves). Then the compiled server runs in this process: plain Node.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

process.env.NODE_ENV ||= 'production';
process.env.SEED_DEMO ||= '1';
process.env.PUBLIC_URL ||= `http://localhost:${process.env.PORT || 3000}`;

if (!process.argv.includes('--no-build')) {
  const { appBuildIsCurrent, APP_STAMP } = await import('./build-stamp.mjs');
  if (appBuildIsCurrent()) {
    console.log(`Application déjà construite pour ces sources (${APP_STAMP}) : construction sautée.`);
  } else {
    console.log('Construction de l’application (npm run build)…');
    const build = spawnSync(process.execPath, [fileURLToPath(new URL('build.mjs', import.meta.url))], {
      stdio: 'inherit',
    });
    if (build.status !== 0) {
      console.error(
        'Démarrage impossible : la construction a échoué (voir ci-dessus). Les outils de construction ' +
          'viennent de `npm ci` (dépendances de développement comprises).',
      );
      process.exit(1);
    }
  }
}
await import('../dist/server/index.js');
