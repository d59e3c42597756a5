import { configuredClock } from '../clock/clock';
import { startLocalPlatform } from './platform';

// `node dist/server/local-platform.js --port 3100 [--data-dir DIR]`: the local approved platform as
// its own program (decision 087), started by `npm start` before the server. It runs only for the
// demo (SEED_DEMO), and stops with its parent (its standard input closes).

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};

if (!process.env.SEED_DEMO && process.env.NODE_ENV === 'production') {
  console.error(
    'La plateforme agréée locale ne sert qu’à la démonstration : démarrez-la avec SEED_DEMO=1. En production, le portail parle à une vraie plateforme (PA_URL).',
  );
  process.exit(1);
}

const port = Number(arg('--port') ?? process.env.LOCAL_PA_PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Port invalide : « ${arg('--port')} ».`);
  process.exit(1);
}

try {
  const platform = await startLocalPlatform({
    port,
    dataDir: arg('--data-dir') ?? null,
    secret: process.env.LOCAL_PA_SECRET || undefined,
    now: configuredClock(process.env.NODE_ENV ?? 'development', process.env.WORKPLACE_NOW),
  });
  console.log(`Plateforme agréée locale (démonstration) : ${platform.url}`);
  const stop = () => void platform.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  if (process.argv.includes('--with-parent')) {
    process.stdin.resume();
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
  }
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `La plateforme agréée locale ne peut pas démarrer : le port ${port} est déjà pris.`
      : `La plateforme agréée locale ne peut pas démarrer : ${(error as Error).message}`,
  );
  process.exit(1);
}
