import { fileURLToPath } from 'node:url';
import { readConfig } from './env';
import { startServer } from './server';
import { DEMO_SIGN_INS, isEmpty, seedDemo } from './seed/demo';

// One process: the built PWA and the API under /api/, on the embedded database by default.
const config = readConfig();
const staticDir = fileURLToPath(new URL('../../dist', import.meta.url));
const running = await startServer(config, { staticDir });
const { env, branding } = config;

if (!env.DATABASE_URL && env.SEED_DEMO === 'auto' && (await isEmpty(running.deps))) {
  console.log('Base vide : chargement des données de démonstration…');
  await seedDemo(running.deps);
}
console.log(`${branding.productName} est prêt sur http://localhost:${running.port}`);
console.log(env.DATABASE_URL ? 'Base de données : PostgreSQL (DATABASE_URL)' : `Base de données embarquée : ${config.pgliteDir}`);
if (!env.DATABASE_URL) {
  console.log('Connexions de démonstration :');
  for (const s of DEMO_SIGN_INS) console.log(`  ${s.username} / ${s.password}  (${s.who})`);
}
console.log(running.deps.mailer.kind === 'smtp' ? 'Courriels : SMTP' : `Courriels : fichiers .eml dans ${env.DATA_DIR}/mail`);

const stop = async () => {
  await running.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
