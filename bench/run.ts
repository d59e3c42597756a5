// `npm run bench`: runs every bench module present, one after the other, prints a French table
// per section and writes bench/results/latest.json. A failing section is reported and the others
// still run; the exit code stays 0 (the figures are for reading, not a gate).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Figures = Record<string, string>;
interface Section {
  file: string;
  fn: string;
  title: string;
}

const HERE = dirname(fileURLToPath(import.meta.url));
const SECTION_TIMEOUT_MS = 15 * 60_000;

// Each issue adds its module here; a module not written yet is skipped.
const SECTIONS: Section[] = [
  { file: 'shell.ts', fn: 'benchShell', title: 'Coquille de l’application et connexion' },
  {
    file: 'einvoice-check.ts',
    fn: 'benchEInvoiceCheck',
    title: 'Factures reçues : verdict des validateurs officiels (XSD, Schematrons par SaxonJS, fils de lecture)',
  },
  {
    file: 'platform-queue.ts',
    fn: 'benchPlatformQueue',
    title: 'Plateforme agréée : 1 000 factures en file pendant une panne, puis vidées (0 doublon, 0 perte)',
  },
  { file: 'catalogue.ts', fn: 'benchCatalogue', title: 'Cœur de la facturation' },
  { file: 'documents.ts', fn: 'benchDocuments', title: 'Documents' },
  { file: 'offline.ts', fn: 'benchOffline', title: 'Hors ligne' },
  { file: 'invoices.ts', fn: 'benchInvoices', title: 'Devis et factures' },
  { file: 'invoice-list-screen.ts', fn: 'benchInvoiceListScreen', title: 'Écran de la liste des factures (Chromium)' },
  { file: 'startup.ts', fn: 'benchStartup', title: 'Démarrage et commits durables' },
  { file: 'server-start.ts', fn: 'benchServerStart', title: 'Démarrage du serveur : compilé ou source via tsx (CPU)' },
  { file: 'first-load.ts', fn: 'benchFirstLoad', title: 'Premier chargement sur une ligne 4G lente (Chromium)' },
  { file: 'list-load.ts', fn: 'benchListLoad', title: 'Listes sous charge : 20 clients simultanés (base embarquée)' },
  { file: 'articles-screen.ts', fn: 'benchArticlesScreen', title: 'Catalogue de 10 000 articles à l’écran (Chromium)' },
  {
    file: 'quote-editor-screen.ts',
    fn: 'benchQuoteEditorScreen',
    title: 'Devis de 150 lignes dans l’éditeur : une touche, processeur ralenti 4× (Chromium)',
  },
  {
    file: 'postgres-scale.ts',
    fn: 'benchPostgresScale',
    title: 'PostgreSQL à l’échelle : 1 000 sociétés, 1 million de factures, une et trois instances',
  },
  {
    file: 'env-sync.ts',
    fn: 'benchEnvSync',
    title: 'Environnement de facturation : première synchronisation et suivantes (10 000 clients, 10 000 articles)',
  },
  {
    file: 'cash-registers.ts',
    fn: 'benchCashRegisters',
    title: 'Caisses : 10 caisses × 3 ans, environ 1 million de mouvements chaînés et signés',
  },
  {
    file: 'accounting.ts',
    fn: 'benchAccounting',
    title:
      'Comptabilité : FEC d’un million de lignes importé en flux, 3 exercices, grand livre, recherche, tableaux de bord',
  },
  {
    file: 'admin.ts',
    fn: 'benchAdmin',
    title: 'Gérer mes utilisateurs : liste d’une société de 2 000 utilisateurs, création',
  },
  {
    file: 'my-account.ts',
    fn: 'benchMyAccount',
    title: 'Mon compte : extrait de compte d’une société de 600 factures du cabinet',
  },
  {
    file: 'webkit-offline.ts',
    fn: 'benchWebkitOffline',
    title: 'Démarrage hors ligne depuis le cache du service worker : WebKit et Chromium',
  },
];

function printTable(title: string, figures: Figures): void {
  const rows = Object.entries(figures);
  const width = Math.max('Mesure'.length, ...rows.map(([k]) => k.length));
  const valueWidth = Math.max('Valeur'.length, ...rows.map(([, v]) => v.length));
  console.log(`\n## ${title}\n`);
  console.log(`| ${'Mesure'.padEnd(width)} | ${'Valeur'.padEnd(valueWidth)} |`);
  console.log(`|${'-'.repeat(width + 2)}|${'-'.repeat(valueWidth + 2)}|`);
  for (const [key, value] of rows) console.log(`| ${key.padEnd(width)} | ${value.padEnd(valueWidth)} |`);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`délai dépassé (${ms / 60_000} min)`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function runSection(section: Section): Promise<Figures> {
  const mod = (await import(pathToFileURL(join(HERE, section.file)).href)) as Record<string, unknown>;
  const fn = mod[section.fn];
  if (typeof fn !== 'function') throw new Error(`${section.file} n’exporte pas ${section.fn}()`);
  return withTimeout((fn as () => Promise<Figures>)(), SECTION_TIMEOUT_MS);
}

const results: Record<string, { titre: string; durée_s: number; mesures?: Figures; erreur?: string }> = {};
console.log(`# Mesures de performance — ${new Date().toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}`);
// `npm run bench -- startup offline`: only the sections whose file name contains one of the words.
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const section of SECTIONS) {
  if (!existsSync(join(HERE, section.file))) continue;
  if (only.length && !only.some((word) => section.file.includes(word))) continue;
  const started = Date.now();
  try {
    const figures = await runSection(section);
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    results[section.fn] = { titre: section.title, durée_s: seconds, mesures: figures };
    printTable(section.title, figures);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    results[section.fn] = {
      titre: section.title,
      durée_s: Math.round((Date.now() - started) / 100) / 10,
      erreur: message,
    };
    console.log(`\n## ${section.title}\n\nÉCHEC : ${message}`);
    if (error instanceof Error && error.stack) console.error(error.stack);
  }
}

const outDir = join(HERE, 'results');
mkdirSync(outDir, { recursive: true });
writeFileSync(
  join(outDir, 'latest.json'),
  `${JSON.stringify({ date: new Date().toISOString(), sections: results }, null, 2)}\n`,
);
console.log(`\nRésultats enregistrés dans bench/results/latest.json`);
// A section that timed out may keep handles open: leave anyway, with success.
process.exit(0);
