// `npm start`: try the portal on this machine. Production mode, but with what a fresh clone needs
// and a deployment must not get by default: the demo accounts (SEED_DEMO=1) and mail links to
// http://localhost:PORT (PUBLIC_URL). Variables already set win. A deployment runs `npm run serve`
// with its own PUBLIC_URL and no SEED_DEMO (README, « En production »).
// Plain Node rather than `VAR=… cmd`, so it reads the same in every shell.
//
// It builds first (`npm run build`) unless dist/ already is the build of today's sources, checked
// by the stamp of scripts/build-stamp.mjs (decision 019). `--no-build` skips that check (tests that
// compile the server themselves). Then the local approved platform starts as a child process
// (decision 087: dist/server/local-platform.js on 127.0.0.1, LOCAL_PA_PORT or PORT + 100), unless
// PA_URL already names a platform or the demo is off; the server gets its Flow Service as PA_URL.
// Then the compiled server runs in this process: plain Node.
import { spawn, spawnSync } from 'node:child_process';
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
const demoOn = ['1', 'true', 'oui', 'yes', 'auto'].includes(process.env.SEED_DEMO);
if (demoOn && !process.env.PA_URL) process.env.PA_URL = `${await startLocalPlatform()}/flow-service`;
await import('../dist/server/index.js');

/**
 * Starts dist/server/local-platform.js and resolves with its address once it prints it. It stops
 * with this process: its standard input is our pipe, closed when we exit, however we exit.
 */
function startLocalPlatform() {
  const port = process.env.LOCAL_PA_PORT || String(Number(process.env.PORT || 3000) + 100);
  const dataDir = process.env.DATA_DIR || './data';
  const args = [
    fileURLToPath(new URL('../dist/server/local-platform.js', import.meta.url)),
    '--port',
    port,
    '--with-parent',
  ];
  if (dataDir !== 'memory://') args.push('--data-dir', `${dataDir.replace(/\/$/, '')}/local-platform`);
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'], env: process.env });
  return new Promise((resolve) => {
    let seen = '';
    let started = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      seen += chunk;
      const url = /Plateforme agréée locale \(démonstration\) : (http:\/\/127\.0\.0\.1:\d+)/.exec(seen)?.[1];
      if (url && !started) {
        started = true;
        resolve(url);
      }
    });
    child.once('exit', (code) => {
      if (started) {
        console.error(`La plateforme agréée locale s’est arrêtée (code ${code}) : les factures attendent son retour.`);
        return;
      }
      console.error(`Démarrage impossible : la plateforme agréée locale s’est arrêtée (code ${code}, voir ci-dessus).`);
      process.exit(1);
    });
  });
}
