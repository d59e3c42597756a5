// The figures of the code map (decision 079): how many names disagree between layers, how many route
// files hold SQL, how many module pairs import each other, how long functions are, how many ways
// screens read server data, how the docs cite. `node scripts/code-map-figures.mjs [checkout]` prints
// them for this checkout or another one (e.g. a `git worktree` of an older commit, with its own
// node_modules or a symlink to this one's), so a change can show its before and after.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(process.argv[2] ?? HERE);
const at = (p) => path.join(ROOT, p);
const read = (p) => readFileSync(at(p), 'utf8');
const ls = (dir) => (existsSync(at(dir)) ? readdirSync(at(dir)) : []);
const dirs = (dir) => ls(dir).filter((f) => statSync(at(path.join(dir, f))).isDirectory());
const walk = (dir) =>
  ls(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(at(p)).isDirectory() ? walk(p) : [p];
  });
const isSource = (f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.tsx?$/.test(f);
const sources = (...roots) => roots.flatMap(walk).filter(isSource);

// ── 1. One name per area ──────────────────────────────────────────────────────────────────────────
// The area words are today's (docs/glossary.md « Areas » of this checkout, or of the current one).
const glossaryOf = (root) => readFileSync(path.join(root, 'docs/glossary.md'), 'utf8');
const areaWords = (markdown) => {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Areas')) ?? '';
  return [...section.matchAll(/^\| `([a-z-]+)`/gm)].map((m) => m[1]);
};
const words = areaWords(
  existsSync(at('docs/glossary.md')) && areaWords(read('docs/glossary.md')).length
    ? read('docs/glossary.md')
    : glossaryOf(HERE),
);
const contractShared = ['common', 'endpoint', 'index', 'match', 'zod-inert'];
const layers = {
  contract: ls('src/contract')
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -3))
    .filter((n) => !contractShared.includes(n)),
  'server module': dirs('server/src/modules'),
  schema: ls('server/src/db/schema')
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .map((f) => f.slice(0, -3)),
  feature: dirs('src/features'),
  'route file': ls('src/routes')
    .filter((f) => f.endsWith('-routes.tsx'))
    .map((f) => f.slice(0, -11)),
};
const offWord = (layer, name) =>
  !words.some((w) => name === w || (!['server module', 'schema'].includes(layer) && name.startsWith(`${w}-`)));
const figures = [];
const put = (section, label, value) => figures.push([section, label, value]);
for (const [layer, names] of Object.entries(layers))
  put(
    '1',
    `${layer}s not named by an area word`,
    `${names.filter((n) => offWord(layer, n)).length} of ${names.length}`,
  );

// Business-document files named « document » outside the documents area (the glossary's rule).
const invoiceSideFiles = [...sources('src/features', 'src/einvoice', 'src/pdf', 'server/src/modules/invoices')].filter(
  (f) =>
    !/features\/documents|modules\/documents/.test(f) &&
    /document/.test(path.basename(f).replace('business-document', '')),
);
put('1', 'invoice/quote files named « document »', invoiceSideFiles.length);
put(
  '1',
  'server files named estimate-* or items-*',
  sources('server/src/modules').filter((f) => /\/(estimate|items)-[^/]*$/.test(f)).length,
);

// Tables declared in a schema file named after another module (owner: where this checkout or the
// current one declares the table).
const declared = (root) =>
  readdirSync(path.join(root, 'server/src/db/schema'))
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .flatMap((f) =>
      [
        ...readFileSync(path.join(root, 'server/src/db/schema', f), 'utf8').matchAll(
          /export const (\w+)\s*=\s*pgTable\(/g,
        ),
      ].map((m) => [m[1], f.slice(0, -3)]),
    );
const owners = new Map(declared(HERE));
const here = declared(ROOT);
put(
  '1',
  'tables declared outside their owning module’s schema file',
  `${here.filter(([t, file]) => owners.get(t) && owners.get(t) !== file).length} of ${here.length}`,
);

// ── 2. Services own their SQL ─────────────────────────────────────────────────────────────────────
const moduleFiles = sources('server/src/modules');
const routeFiles = moduleFiles.filter((f) => /(^|[/-])routes?\.ts$/.test(path.basename(f)) || /-routes?\.ts$/.test(f));
const sqlImport = /from '(drizzle-orm[^']*|[./]*(?:\/)?db\/schema[^']*)'/;
put(
  '2',
  'route files importing drizzle-orm or db/schema',
  `${routeFiles.filter((f) => sqlImport.test(read(f))).length} of ${routeFiles.length}`,
);
const modulesWithRoutes = [...new Set(routeFiles.map((f) => f.split('/')[3]))];
put(
  '2',
  'modules with routes but no service.ts',
  modulesWithRoutes.filter((m) => !existsSync(at(`server/src/modules/${m}/service.ts`))).join(', ') || '0',
);
const importsOf = (file) =>
  [...read(file).matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)].map((m) =>
    path.normalize(path.join(path.dirname(file), m[1])),
  );
const moduleOf = (p) => /^server\/src\/modules\/([^/]+)\//.exec(p)?.[1];
const edges = new Set();
for (const f of moduleFiles)
  for (const target of importsOf(f)) {
    const [a, b] = [moduleOf(f), moduleOf(target + '/')];
    if (a && b && a !== b) edges.add(`${a}→${b}`);
  }
const pairs = [...edges]
  .filter((e) => edges.has(e.split('→').reverse().join('→')))
  .map((e) => e.split('→').sort().join('↔'));
put('2', 'pairs of modules importing each other', [...new Set(pairs)].join(', ') || '0');
put(
  '2',
  'server/src/http files importing a module',
  sources('server/src/http').filter((f) => importsOf(f).some((t) => /modules\//.test(t))).length,
);
put(
  '2',
  'service files importing a routes file',
  moduleFiles.filter((f) => /service\.ts$/.test(f) && importsOf(f).some((t) => /routes?$/.test(t))).length,
);
for (const f of ['server/src/modules/cash-registers/service.ts', 'server/src/modules/accounting/service.ts'])
  put('2', `lines of ${f}`, existsSync(at(f)) ? read(f).split('\n').length : 'gone');

// Function length and complexity, by oxlint (this repository's binary) on the checkout's sources.
const scratch = mkdtempSync(path.join(tmpdir(), 'code-map-'));
const oxlint = (rules) => {
  const config = path.join(scratch, `${Object.keys(rules)[0]}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      plugins: [],
      categories: { correctness: 'off' },
      ignorePatterns: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'],
      rules,
    }),
  );
  let out;
  try {
    out = execFileSync(
      process.execPath,
      [path.join(HERE, 'node_modules/oxlint/bin/oxlint'), '-c', config, '--format', 'unix', 'src', 'server/src', 'sw'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      },
    );
  } catch (error) {
    out = error.stdout;
  }
  // oxlint checks the paths it is given even when the config ignores them: tests are left out here.
  return out.split('\n').filter((line) => /^[^:]+:\d+:\d+:/.test(line) && !/\.test\.tsx?:|\/testing\//.test(line))
    .length;
};
const size = (max, skip) => ({
  'max-lines-per-function': ['error', { max, skipBlankLines: skip, skipComments: skip, IIFEs: true }],
});
put('2', 'functions over 150 lines (blank lines and comments not counted)', oxlint(size(150, true)));
put('2', 'functions of 80 lines or more (every line counted)', oxlint(size(79, false)));
put('2', 'functions of cyclomatic complexity over 30', oxlint({ complexity: ['error', { max: 30 }] }));

// ── 3. One way to read server data ────────────────────────────────────────────────────────────────
const appFiles = sources('src');
const grepCount = (files, re) => files.filter((f) => re.test(read(f))).length;
put(
  '3',
  'files using the second registry (registerDataset, useCached*, useRefreshOnOpen)',
  grepCount(appFiles, /\b(registerDataset|useCached[A-Z]\w*|useRefreshOnOpen)\b/),
);
put(
  '3',
  'files declaring a dataset outside a *-data.ts file',
  appFiles.filter(
    (f) => /src\/(features|routes)\//.test(f) && !/-data\.ts$/.test(f) && /\bdefineServerData\s*[<(]/.test(read(f)),
  ).length,
);
put(
  '3',
  'feature files reading Dexie directly (a value import of src/data/db; types read nothing)',
  grepCount(
    appFiles.filter((f) => f.startsWith('src/features/') && !f.includes('/testing/')),
    /^import (?!type )(?!\{ (?:type \w+(?:, )?)+ \})[^;]*from '(?:\.\.\/)+data\/db'/m,
  ),
);
put('3', 'screens reading useSearch({ strict: false })', grepCount(appFiles, /useSearch\(\{ strict: false \}\)/));
put('3', 'files using getRouteApi', grepCount(appFiles, /\bgetRouteApi\b/));
const oxlintrc = existsSync(at('.oxlintrc.json')) ? read('.oxlintrc.json') : '';
put(
  '3',
  'React Compiler rules kept off',
  (oxlintrc.match(/"react-compiler\/(set-state-in-effect|refs)": "off"/g) ?? []).length,
);

// ── 4. Docs ───────────────────────────────────────────────────────────────────────────────────────
const records = ls('docs/decisions').filter((f) => /^\d{3}-.*\.md$/.test(f));
const wordCounts = records
  .map((f) => read(`docs/decisions/${f}`).split(/\s+/).filter(Boolean).length)
  .sort((a, b) => a - b);
put('4', 'decision records', records.length);
put(
  '4',
  'words in decision records (total / median)',
  `${wordCounts.reduce((a, b) => a + b, 0)} / ${wordCounts[Math.floor(wordCounts.length / 2)] ?? 0}`,
);
put('4', 'decision index (docs/decisions/README.md)', existsSync(at('docs/decisions/README.md')) ? 'yes' : 'no');
put('4', 'how-it-works pages', ls('docs/how-it-works').filter((f) => f.endsWith('.md') && f !== 'README.md').length);
const codeFiles = [
  ...walk('src'),
  ...walk('server'),
  ...walk('sw'),
  ...walk('tests'),
  ...walk('scripts'),
  ...walk('bench'),
].filter(
  // Released migrations keep their text (their hashes are pinned); the citation test's own examples
  // are citations on purpose.
  (f) =>
    /\.(ts|tsx|mjs|js)$/.test(f) &&
    !f.includes('node_modules') &&
    !f.startsWith('server/drizzle') &&
    f !== 'scripts/citations.test.mjs',
);
const occurrences = (re) => codeFiles.reduce((n, f) => n + (read(f).match(re) ?? []).length, 0);
put('4', 'code citing « issue N »', occurrences(/\b[Ii]ssues? #?\d+/g));
put('4', 'code citing « spec N.N »', occurrences(/\b[Ss]pec(?:ification)? (?:§ ?)?\d+(?:\.\d+)*/g));
const rules = existsSync(at('docs/product-rules.md')) ? read('docs/product-rules.md') : '';
put('4', 'product rules with an id (docs/product-rules.md)', new Set(rules.match(/\b[A-Z]{2,6}-\d+\b/g) ?? []).size);

// ── Print ─────────────────────────────────────────────────────────────────────────────────────────
const titles = { 1: 'One name per area', 2: 'Services own their SQL', 3: 'One way to read server data', 4: 'Docs' };
console.log(
  `Code map figures of ${ROOT} (${execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()})`,
);
for (const section of ['1', '2', '3', '4']) {
  console.log(`\n${section}. ${titles[section]}`);
  for (const [, label, value] of figures.filter(([s]) => s === section)) console.log(`  ${label}: ${value}`);
}
