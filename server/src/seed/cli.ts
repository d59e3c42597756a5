import { readConfig } from '../env';
import { openDatabase } from '../db/client';
import { createMailer } from '../mail/mailer';
import { createServerState } from '../http/server-state';
import { findSessionUser } from '../modules/auth/service';
import { DEMO_SIGN_INS, isEmpty, seedDemo } from './demo';

// `npm run seed:demo`: loads the demo data into the configured database (PostgreSQL included).
const config = readConfig();
const database = await openDatabase({ databaseUrl: config.env.DATABASE_URL, pgliteDir: config.pgliteDir });
const mailer = createMailer({ from: config.env.MAIL_FROM, dataDir: config.env.DATA_DIR, now: config.clock });
const deps = { db: database.db, config, mailer, now: config.clock, findSessionUser, state: createServerState() };
if (!(await isEmpty(deps))) {
  console.log('La base contient déjà des utilisateurs : données de démonstration non chargées.');
} else {
  await seedDemo(deps);
  console.log('Données de démonstration chargées. Connexions :');
  for (const s of DEMO_SIGN_INS) console.log(`  ${s.username} / ${s.password}`);
}
await database.close();
