import { count, inArray } from 'drizzle-orm';
import { companies, memberships, users } from '../db/schema/index';
import type { Deps } from '../http/types';
import { hashPassword, verifyPassword } from '../modules/auth/passwords';
import { ALL_CATEGORY_IDS, INBOX_CATEGORY_IDS, clientRights, followerRights } from './rights';
import { moduleSeeders, type SeedContext, type SeededCompany } from './modules';
import { demoCalendar } from './demo-calendar';

type DemoCompany = Omit<typeof companies.$inferInsert, 'id'> & { invoicing?: boolean };
const DEMO_COMPANIES: DemoCompany[] = [
  {
    label: 'Boulangerie Pâtisserie Martin',
    legalForm: 'SARL',
    shareCapital: '8 000 €',
    address: '14 rue des Lilas',
    postalCode: '69003',
    city: 'Lyon',
    siren: '512345679',
    siret: '51234567900025',
    rcs: 'RCS Lyon 512 345 679',
    vatNumber: 'FR75512345679',
    email: 'contact@boulangerie-martin.fr',
    phone: '04 78 12 34 56',
    // Printed on its invoices paid by transfer (decision 012).
    iban: 'FR7630004000031234567890143',
    bic: 'BNPAFRPPLYO',
  },
  {
    label: 'Garage Dupont & Fils',
    legalForm: 'SAS',
    shareCapital: '20 000 €',
    address: '3 avenue Jean Jaurès',
    postalCode: '33000',
    city: 'Bordeaux',
    siren: '498765437',
    siret: '49876543700013',
    rcs: 'RCS Bordeaux 498 765 437',
    vatNumber: 'FR28498765437',
  },
  {
    label: 'Menuiserie Lefèvre Artisan Bois',
    // Decision 046: a sole trader (entrepreneur individuel): « EI » printed after its name, no legal
    // form nor share capital.
    soleTrader: true,
    address: '7 chemin du Moulin',
    postalCode: '44000',
    city: 'Nantes',
    siren: '801234568',
    siret: '80123456800013',
    rcs: 'RM 801 234 568',
    vatNumber: 'FR66801234568',
    subscriptionInvoice: 'Starter',
    numberInvoiceValidateMonth: 5,
  },
  {
    label: 'Café des Arts',
    legalForm: 'SARL',
    shareCapital: '5 000 €',
    address: '1 place du Marché',
    postalCode: '13001',
    city: 'Marseille',
    siren: '823456785',
    siret: '82345678500018',
    rcs: 'RCS Marseille 823 456 785',
    vatNumber: 'FR72823456785',
  },
  {
    label: 'Cabinet Infirmier du Vieux Port',
    legalForm: 'SCP',
    shareCapital: '1 500 €',
    address: '22 quai du Port',
    postalCode: '13002',
    city: 'Marseille',
    siren: '834567893',
    siret: '83456789300013',
    rcs: 'RCS Marseille 834 567 893',
    vatNumber: 'FR25834567893',
  },
  {
    label: 'Fleurs et Jardins de Provence',
    legalForm: 'SAS',
    shareCapital: '15 000 €',
    address: '9 boulevard Victor Hugo',
    postalCode: '84000',
    city: 'Avignon',
    siren: '845678903',
    siret: '84567890300012',
    rcs: 'RCS Avignon 845 678 903',
    vatNumber: 'FR72845678903',
  },
  {
    label: 'Plomberie Chauffage Moreau',
    legalForm: 'EURL',
    shareCapital: '3 000 €',
    address: '48 rue Nationale',
    postalCode: '59000',
    city: 'Lille',
    siren: '856789011',
    siret: '85678901100017',
    rcs: 'RCS Lille 856 789 011',
    vatNumber: 'FR32856789011',
  },
  {
    label: 'Librairie La Plume d’Or',
    legalForm: 'SARL',
    shareCapital: '12 000 €',
    address: '5 rue Sainte-Catherine',
    postalCode: '33000',
    city: 'Bordeaux',
    siren: '867890121',
    siret: '86789012100017',
    rcs: 'RCS Bordeaux 867 890 121',
    vatNumber: 'FR61867890121',
    invoicing: false,
  },
  {
    label: 'Transports Rapides Girard',
    legalForm: 'SAS',
    shareCapital: '50 000 €',
    address: 'ZI des Acacias',
    postalCode: '31100',
    city: 'Toulouse',
    siren: '878901230',
    siret: '87890123000010',
    rcs: 'RCS Toulouse 878 901 230',
    vatNumber: 'FR38878901230',
  },
  {
    label: 'Épicerie Fine Bernard',
    legalForm: 'SARL',
    shareCapital: '7 500 €',
    address: '30 rue de la République',
    postalCode: '67000',
    city: 'Strasbourg',
    siren: '889012340',
    siret: '88901234000010',
    rcs: 'RCS Strasbourg 889 012 340',
    vatNumber: 'FR13889012340',
  },
];
const ADMIN_OWN: DemoCompany = {
  label: 'Conseil Audit Rousseau',
  legalForm: 'SAS',
  shareCapital: '40 000 €',
  address: '18 rue Lafayette',
  postalCode: '75009',
  city: 'Paris',
  siren: '890123458',
  siret: '89012345800014',
  rcs: 'RCS Paris 890 123 458',
  vatNumber: 'FR59890123458',
};

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
