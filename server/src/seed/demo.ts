import { count, inArray } from 'drizzle-orm';
import { companies, memberships, users } from '../db/schema/index';
import type { Deps } from '../http/types';
import { hashPassword, verifyPassword } from '../modules/auth/passwords';
import { ALL_CATEGORY_IDS, INBOX_CATEGORY_IDS, clientRights, followerRights } from './rights';
import { moduleSeeders, type SeedContext, type SeededCompany } from './modules';
import { demoCalendar } from './demo-calendar';

import { ADMIN_OWN, DEMO_COMPANIES } from './demo-companies-data';

export const DEMO_SIGN_INS = [
  { username: 'demo', password: 'demo', who: 'client, membre de 10 sociétés' },
  { username: 'admin', password: 'admin', who: 'administrateur : statistiques, dépôts à classer' },
];

export async function isEmpty(deps: Deps): Promise<boolean> {
  const [row] = await deps.db.select({ n: count() }).from(users);
  return row.n === 0;
}

/** Printed whenever the demo sign-ins exist: their passwords are in the README. */
export const DEMO_WARNING = [
  'ATTENTION : comptes de démonstration présents, avec des mots de passe publics :',
  ...DEMO_SIGN_INS.map((s) => `  ${s.username} / ${s.password}  (${s.who})`),
  'Pour essayer le portail seulement. En production, démarrez sur une base vide sans SEED_DEMO (voir README, « En production »).',
].join('\n');

/**
 * Seeding policy at start (config.seedDemo, see env.ts): an empty database receives the demo data
 * only when wanted; never in production unless SEED_DEMO is set. Returns whether a demo sign-in
 * still works (same login AND its public password: a real "admin" account does not count).
 */
export async function prepareDemo(deps: Deps, log: (line: string) => void = console.log): Promise<boolean> {
  if (deps.config.seedDemo && (await isEmpty(deps))) {
    log('Base vide : chargement des données de démonstration…');
    // One transaction: a start stopped while seeding leaves the database empty, so the next start
    // seeds it whole instead of taking a half-loaded demo for a loaded one (it seeds only an empty
    // database). And one commit to flush to the disk instead of about 560: fsync count at the first
    // start of the compiled server, 675 → 115.
    await deps.db.transaction(() => seedDemo(deps));
  }
  const rows = await deps.db
    .select({ username: users.username, hash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_SIGN_INS.map((s) => s.username),
      ),
    );
  for (const row of rows) {
    const demo = DEMO_SIGN_INS.find((s) => s.username === row.username);
    if (demo && row.hash && (await verifyPassword(demo.password, row.hash))) return true;
  }
  return false;
}

/**
 * Demo data: two sign-ins, eleven companies, then each module's own demo records. All of it is dated
 * from one instant, read once (demo-calendar.ts): the seeders' clock stands still on it, so a demo
 * seeded across midnight does not have its invoices on one day and its registers on the next.
 */
export async function seedDemo(realDeps: Deps): Promise<SeedContext> {
  const seedingInstant = realDeps.now();
  const deps: Deps = { ...realDeps, now: () => new Date(seedingInstant) };
  const { openedAt } = demoCalendar(deps.now());
  const seeded: SeededCompany[] = [];
  for (const { invoicing = true, ...values } of [...DEMO_COMPANIES, ADMIN_OWN]) {
    const [row] = await deps.db
      .insert(companies)
      .values({ email: `contact@${slug(values.label)}.fr`, ...values, createdAt: openedAt })
      .returning();
    seeded.push({ ...row, invoicing });
  }
  const [demo] = await deps.db
    .insert(users)
    .values({
      username: 'demo',
      email: 'demo@workplace.example',
      name: 'Martin',
      firstName: 'Sophie',
      userType: 2,
      passwordHash: await hashPassword('demo'),
      lastCompanyId: seeded[0].id,
      createdAt: openedAt,
    })
    .returning();
  const adminCompanies = [seeded[1], seeded[3], seeded[5], seeded[10]];
  const [admin] = await deps.db
    .insert(users)
    .values({
      username: 'admin',
      email: 'admin@workplace.example',
      name: 'Rousseau',
      firstName: 'Julien',
      userType: 1,
      passwordHash: await hashPassword('admin'),
      lastCompanyId: seeded[10].id,
      createdAt: openedAt,
    })
    .returning();
  for (const company of seeded.slice(0, 10)) {
    await deps.db.insert(memberships).values({
      userId: demo.id,
      companyId: company.id,
      appRights: clientRights({ invoicing: company.invoicing }),
      categories: ALL_CATEGORY_IDS,
      categoriesInbox: INBOX_CATEGORY_IDS,
    });
  }
  for (const company of adminCompanies) {
    await deps.db.insert(memberships).values({
      userId: admin.id,
      companyId: company.id,
      appRights: clientRights({ invoicing: company.invoicing, deposits: true, userAdmin: true }),
      categories: ALL_CATEGORY_IDS,
      categoriesInbox: INBOX_CATEGORY_IDS,
    });
  }
  // The firm follows the bakery's accounting (it asks its information requests) without managing it.
  await deps.db.insert(memberships).values({
    userId: admin.id,
    companyId: seeded[0].id,
    appRights: followerRights(),
    categories: [],
    categoriesInbox: [],
  });
  const ctx: SeedContext = { deps, companies: seeded, demoUserId: demo.id, adminUserId: admin.id };
  for (const seeder of moduleSeeders) await seeder(ctx);
  return { ...ctx, deps: realDeps };
}

function slug(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
