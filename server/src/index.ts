import { readConfig } from './env';
import { STATIC_DIR } from './paths';
import type { RunningServer } from './server';
import { ensureWritableDirs } from './startup/data-dir';
import { StartupError } from './startup/startup-error';

// One process: the built PWA and the API under /api/, on the embedded database by default.
// The port opens only once the database is migrated and the demo data (if any) loaded.
async function main(): Promise<RunningServer> {
  const config = readConfig();
  // Configuration and folder first: a mistake is reported before the app's modules (seconds) load.
  if (config.env.DATA_DIR !== 'memory://') ensureWritableDirs(config.env.DATA_DIR);
  const { startServer } = await import('./server');
  const { DEMO_WARNING, prepareDemo } = await import('./seed/demo');
  let demoAccounts = false;
  const running = await startServer(config, {
    staticDir: STATIC_DIR,
    prepare: async (deps) => void (demoAccounts = await prepareDemo(deps)),
  });
  const { env, branding } = config;
  console.log(
    `${branding.productName} est prêt sur http://localhost:${running.port} (liens envoyés par courriel : ${config.publicUrl})`,
  );
  console.log(
    env.DATABASE_URL
      ? 'Base de données : PostgreSQL (DATABASE_URL)'
      : `Base de données embarquée : ${config.pgliteDir}`,
  );
  if (demoAccounts) console.warn(DEMO_WARNING);
  console.log(
    running.deps.mailer.kind === 'smtp' ? 'Courriels : SMTP' : `Courriels : fichiers .eml dans ${env.DATA_DIR}/mail`,
  );
  return running;
}

try {
  const running = await main();
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  // An operator's problem gets its French sentence only; anything else keeps its stack (a bug).
  if (error instanceof StartupError) console.error(`Démarrage impossible. ${error.message}`);
  else console.error(`Démarrage impossible : ${String((error as Error)?.message ?? error)}\n${ownFrames(error)}`);
  process.exit(1);
}

/** The stack frames of our own code: those of bundled dependencies are one minified line each. */
function ownFrames(error: unknown): string {
  const lines = String((error as Error)?.stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l));
  return lines
    .filter((l) => !l.includes('node_modules') && !l.includes('node:internal'))
    .slice(0, 8)
    .join('\n');
}
