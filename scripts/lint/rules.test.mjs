// The lint's rules fail loudly, not silently: a pattern that stops matching (an oxlint upgrade, a
// folder renamed, a glob mistyped in .oxlintrc.json) would otherwise turn a rule off with the suite
// still green. Each snippet below is linted by oxlint with the real configuration, at the path it
// names, in a copy of the sources (so imports resolve to the real files and no probe ever lands in
// the working tree), and must raise exactly the listed rules. Run by `npm run lint` (decision 072).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OXLINT = path.join(ROOT, 'node_modules/oxlint/bin/oxlint');

const BOUNDARY = 'workplace/boundaries';
const TABLES = 'workplace/table-ownership';
const IMPORTS = 'no-restricted-imports';
const ROUTE_SQL = 'workplace/routes-without-sql';
const MOUNTED = 'workplace/routes-mounted-only';
const UNUSED_DIRECTIVE = 'unused-disable-directive';

// [path, code, rules expected]; an empty list: the snippet must pass.
// A function of `lines` lines, its signature and closing brace included.
const functionOf = (lines) =>
  `export function probe(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(lines - 4)}  return n;\n}`;
const LONG_FUNCTION = functionOf(151);
// A function of cyclomatic complexity `n`: its own path and n - 1 branches.
const complexityOf = (n) =>
  `export function probe(x: number): number {\n  let n = 0;\n${Array.from({ length: n - 1 }, (_, i) => `  if (x === ${i}) n += 1;\n`).join('')}  return n;\n}`;
const BRANCHING_FUNCTION = complexityOf(31);

const cases = [
  // Layers: one way down, and the app never imports the server (types and `import()` count).
  ['src/domain/probe.ts', "import { http } from '../lib/http';\nexport const a = http;", [BOUNDARY]],
  ['src/domain/probe-type.ts', "import type { ApiError } from '../lib/http';\nexport type A = ApiError;", [BOUNDARY]],
  ['src/domain/probe-export.ts', "export { http } from '../lib/http';", [BOUNDARY]],
  [
    'src/lib/probe.ts',
    "import { changePassword } from '../features/auth';\nexport const a = changePassword;",
    [BOUNDARY],
  ],
  ['src/lib/probe-lazy.ts', "export const load = () => import('../features/auth');", [BOUNDARY]],
  ['src/data/probe.ts', "import { x } from '../components/dates';\nexport const a = x;", [BOUNDARY]],
  [
    'src/components/probe.ts',
    "import { changePassword } from '../features/auth';\nexport const a = changePassword;",
    [BOUNDARY],
  ],
  ['src/routes/probe.ts', "import { x } from '../../server/src/app';\nexport const a = x;", [BOUNDARY]],
  ['sw/probe.ts', "import { x } from '../server/src/app';\nexport const a = x;", [BOUNDARY]],
  ['server/src/probe.ts', "import { http } from '../../src/lib/http';\nexport const a = http;", [BOUNDARY]],
  ['server/src/probe-domain.ts', "import { toCents } from '../../src/domain/money';\nexport const a = toCents;", []],
  ['src/routes/probe-screen.ts', "import { x } from '../features/auth/api/session-api';\nexport const a = x;", []],
  // src/einvoice is shared with the server like src/pdf, and written from its model: it imports
  // src/domain and src/pdf only, and neither of those imports it.
  ['src/einvoice/probe.ts', "import { http } from '../lib/http';\nexport const a = http;", [BOUNDARY]],
  ['src/einvoice/probe-server.ts', "import { x } from '../../server/src/app';\nexport const a = x;", [BOUNDARY]],
  ['src/einvoice/probe-pdf.ts', "import { sellerName } from '../pdf/header';\nexport const a = sellerName;", []],
  ['src/pdf/probe-einvoice.ts', "import { toCii } from '../einvoice/cii';\nexport const a = toCii;", [BOUNDARY]],
  // The HTTP layer imports no module (decision 080): what it needs comes through Deps.
  [
    'server/src/http/probe-module.ts',
    "import { findSessionUser } from '../modules/auth/service';\nexport const a = findSessionUser;",
    [BOUNDARY],
  ],
  ['server/src/http/probe-own.ts', "import { sha256 } from './sha256';\nexport const a = sha256;", []],
  // A feature reaches another through its index.ts; a server module another through its service.
  [
    'src/features/users-profile/probe.ts',
    "import { a } from '../auth/api/session-api';\nexport const b = a;",
    [BOUNDARY],
  ],
  [
    'src/features/users-profile/probe-entry.ts',
    "import { changePassword } from '../auth';\nexport const b = changePassword;",
    [],
  ],
  [
    'server/src/modules/invoices/probe.ts',
    "import { r } from '../catalogue/article-routes';\nexport const a = r;",
    [BOUNDARY, MOUNTED],
  ],
  // One public service per module (decision 080): service.ts, not its internal *-service.ts files.
  [
    'server/src/modules/invoices/probe-service.ts',
    "import { s } from '../catalogue/article-service';\nexport const a = s;",
    [BOUNDARY],
  ],
  [
    'server/src/modules/invoices/probe-public.ts',
    "import { customerColumns } from '../catalogue/service';\nexport const a = customerColumns;",
    [],
  ],
  ['server/src/modules/invoices/probe-own.ts', "import { r } from './routes';\nexport const a = r;", []],
  // Route files run no query (decision 080): neither drizzle-orm (nor its subpaths) nor the schema.
  [
    'server/src/modules/invoices/probe-routes.ts',
    "import { eq } from 'drizzle-orm';\nexport const a = eq;",
    [ROUTE_SQL],
  ],
  [
    'server/src/modules/invoices/probe-sub-route.ts',
    "import { alias } from 'drizzle-orm/pg-core';\nexport const a = alias;",
    [ROUTE_SQL],
  ],
  [
    'server/src/modules/invoices/probe-schema-routes.ts',
    "import { invoices } from '../../db/schema/index';\nexport const a = invoices;",
    [ROUTE_SQL],
  ],
  [
    'server/src/modules/invoices/probe-clean-routes.ts',
    "import { loadInvoice } from './invoice-store';\nexport const a = loadInvoice;",
    [],
  ],
  ['server/src/modules/invoices/probe-query.ts', "import { eq } from 'drizzle-orm';\nexport const a = eq;", []],
  // Only an index.ts imports a route file, to mount it: never a service.
  [
    'server/src/modules/invoices/probe-mount.ts',
    "import { paymentRoutes } from './payments-routes';\nexport const a = paymentRoutes;",
    [MOUNTED],
  ],
  [
    'server/src/modules/invoices/probe/index.ts',
    "import { paymentRoutes } from '../payments-routes';\nexport const a = paymentRoutes;",
    [],
  ],
  [
    'server/src/modules/invoices/probe-group-routes.ts',
    "import { paymentRoutes } from './payments-routes';\nexport const a = paymentRoutes;",
    [],
  ],
  // Server modules own their tables.
  [
    'server/src/modules/statistics/probe.ts',
    "import { sessions } from '../../db/schema/index';\nexport const a = sessions;",
    [TABLES],
  ],
  ['server/src/modules/auth/probe.ts', "import { sessions } from '../../db/schema';\nexport const a = sessions;", []],
  // Every table has the owner its schema file names, the HTTP layer's and the preferences' included.
  [
    'server/src/modules/sync/probe.ts',
    "import { idempotencyKeys } from '../../db/schema';\nexport const a = idempotencyKeys;",
    [TABLES],
  ],
  [
    'server/src/modules/admin/probe.ts',
    "import { notificationPreferences } from '../../db/schema/notifications';\nexport const a = notificationPreferences;",
    [TABLES],
  ],
  [
    'server/src/modules/auth/probe-all.ts',
    "import * as schema from '../../db/schema';\nexport const a = schema;",
    [TABLES],
  ],
  // src/domain is pure; the date inputs come from src/components/dates.
  ['src/domain/probe-io.ts', "import Dexie from 'dexie';\nexport const a = Dexie;", [IMPORTS]],
  ['src/domain/probe-node.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;", [IMPORTS]],
  ['src/domain/probe-react.ts', "import { jsx } from 'react/jsx-runtime';\nexport const a = jsx;", [IMPORTS]],
  [
    'src/features/users-profile/probe-dates.ts',
    "import { DateInput } from '@mantine/dates';\nexport const a = DateInput;",
    [IMPORTS],
  ],
  ['src/components/dates.ts', "import { DateInput } from '@mantine/dates';\nexport const a = DateInput;", []],
  // Disable comments: named rules, a reason, spelled eslint-disable, and used.
  [
    'src/features/users-profile/probe-why.ts',
    '// eslint-disable-next-line no-debugger\ndebugger;',
    ['eslint-comments/require-description'],
  ],
  [
    'src/features/users-profile/probe-all-rules.ts',
    '// eslint-disable-next-line -- every rule\ndebugger;',
    ['eslint-comments/no-unlimited-disable'],
  ],
  ['src/features/users-profile/probe-used.ts', '// eslint-disable-next-line no-debugger -- a probe\ndebugger;', []],
  [
    'src/features/users-profile/probe-unused.ts',
    '// eslint-disable-next-line no-debugger -- a probe\nexport const a = 1;',
    [UNUSED_DIRECTIVE],
  ],
  [
    'src/features/users-profile/probe-oxlint.ts',
    '// oxlint-disable-next-line no-debugger -- a probe\ndebugger;',
    ['workplace/eslint-directives-only'],
  ],
  // React: hooks, and the React Compiler's checks (on src/, not on the pure layers).
  [
    'src/features/users-profile/probe-hooks.ts',
    "import { useState } from 'react';\nexport function useProbe(on: boolean) {\n  if (on) useState(0);\n}",
    ['react-hooks/rules-of-hooks'],
  ],
  [
    'src/features/users-profile/probe-deps.ts',
    "import { useEffect } from 'react';\nexport function useProbe(id: string) {\n  useEffect(() => console.log(id), []);\n}",
    ['react-hooks/exhaustive-deps'],
  ],
  [
    'src/features/users-profile/probe-static.tsx',
    'export function Probe() {\n  const Inner = () => <p>x</p>;\n  return <Inner />;\n}',
    ['react-compiler/static-components'],
  ],
  [
    'src/features/users-profile/probe-mutate.tsx',
    'export function Probe(props: { n: number }) {\n  props.n = 2;\n  return <p>{props.n}</p>;\n}',
    ['react-compiler/immutability'],
  ],
  [
    'src/domain/probe-compiler.tsx',
    'export function Probe() {\n  const Inner = () => <p>x</p>;\n  return <Inner />;\n}',
    [],
  ],
  // jsx-a11y, with role="list" on a list allowed.
  ['src/components/probe-a11y.tsx', 'export const A = () => <img src="a.png" />;', ['jsx-a11y/alt-text']],
  ['src/components/probe-list.tsx', 'export const A = () => <ul role="list"><li>a</li></ul>;', []],
  // TypeScript and @eslint/js, as configured.
  ['src/lib/probe-any.ts', 'export const a: any = 1;', ['typescript/no-explicit-any']],
  ['tests/probe-any.test.ts', 'export const a: any = 1;', []],
  ['src/lib/probe-unused.ts', 'const _skipped = 1;\nconst unused = 2;\nexport const a = 1;', ['no-unused-vars']],
  [
    'src/lib/probe-const.ts',
    'let { a, b } = { a: 1, b: 2 };\na += 1;\nlet c = 3;\nexport const d = [a, b, c];',
    ['prefer-const'],
  ],
  ['scripts/probe.mjs', 'export const a = missingGlobal;', ['no-undef']],
  ['scripts/probe-var.ts', 'var a = 1;\nexport { a };', ['no-var']],
  // The server's one clock (decision 076): no Date.now() nor argument-less new Date() outside it.
  [
    'server/src/modules/invoices/probe-clock.ts',
    'export const now = () => Date.now();',
    ['workplace/no-restricted-syntax'],
  ],
  ['server/src/seed/probe-clock.ts', 'export const now = () => new Date();', ['workplace/no-restricted-syntax']],
  ['server/src/http/probe-clock.ts', 'export const at = (t: number) => new Date(t);', []],
  ['server/src/modules/invoices/probe-clock.test.ts', 'export const now = () => Date.now();', []],
  // Server datasets are declared in -data.ts files only (decision 082), in features and routes.
  [
    'src/features/users-profile/probe-card.tsx',
    "import { defineServerData } from '../../data/sync/server-data';\nexport const d = defineServerData({ key: 'p', keep: 'memory', fetch: async () => 1 });",
    ['workplace/no-restricted-syntax'],
  ],
  [
    'src/features/users-profile/probe-data.ts',
    "import { defineServerData } from '../../data/sync/server-data';\nexport const d = defineServerData({ key: 'p', keep: 'memory', fetch: async () => 1 });",
    [],
  ],
  [
    'src/routes/probe-layout.tsx',
    "import { defineServerData } from '../data/sync/server-data';\nexport const d = defineServerData({ key: 'p', keep: 'memory', fetch: async () => 1 });",
    ['workplace/no-restricted-syntax'],
  ],
  [
    'src/features/users-profile/probe-table.ts',
    "import { keepTable } from '../../data/sync/tables';\nexport const off = () => keepTable({ key: 'p', keep: 'table' });",
    ['workplace/no-restricted-syntax'],
  ],
  // Only the data layer reads Dexie (decision 082): a feature goes through src/data; types may be named.
  [
    'src/features/users-profile/probe-db.ts',
    "import { currentDb } from '../../data/db';\nexport const a = currentDb;",
    [IMPORTS],
  ],
  [
    'src/features/users-profile/components/probe-db.tsx',
    "import { userDb } from '../../../data/db';\nexport const a = userDb;",
    [IMPORTS],
  ],
  [
    'src/features/users-profile/probe-db-type.ts',
    "import type { PlumeEnvironment } from '../../data/db';\nexport type A = PlumeEnvironment;",
    [],
  ],
  [
    'src/features/users-profile/probe-db.test.ts',
    "import { currentDb } from '../../data/db';\nexport const a = currentDb;",
    [],
  ],
  ['src/data/sync/probe-db.ts', "import { currentDb } from '../db';\nexport const a = currentDb;", []],
  // The date rule of the same override still holds next to it.
  [
    'src/features/users-profile/probe-dates-kept.ts',
    "import { DatePickerInput } from '@mantine/dates';\nexport const a = DatePickerInput;",
    [IMPORTS],
  ],
  // A screen reads its search through its route, typed (decision 083): everywhere in src/, -data.ts
  // files too; tests may render a screen outside its route.
  [
    'src/features/users-profile/components/probe-search.tsx',
    "import { useSearch } from '@tanstack/react-router';\nexport const useS = () => useSearch({ strict: false });",
    ['workplace/no-restricted-syntax'],
  ],
  [
    'src/lib/probe-search.ts',
    "import { useSearch } from '@tanstack/react-router';\nexport const useS = () => useSearch({ strict: false });",
    ['workplace/no-restricted-syntax'],
  ],
  [
    'src/features/users-profile/probe-search-data.ts',
    "import { useSearch } from '@tanstack/react-router';\nexport const useS = () => useSearch({ strict: false });",
    ['workplace/no-restricted-syntax'],
  ],
  [
    'src/features/users-profile/probe-search.test.tsx',
    "import { useSearch } from '@tanstack/react-router';\nexport const useS = () => useSearch({ strict: false });",
    [],
  ],
  // State follows its key in render, refs are not written during render (decision 083).
  [
    'src/features/users-profile/components/probe-effect-state.tsx',
    "import { useEffect, useState } from 'react';\nexport function Probe({ q }: { q: string }) {\n  const [page, setPage] = useState(1);\n  useEffect(() => setPage(1), [q]);\n  return <p>{page}</p>;\n}",
    ['react-compiler/set-state-in-effect'],
  ],
  [
    'src/features/users-profile/components/probe-render-ref.tsx',
    "import { useRef } from 'react';\nexport function Probe({ q }: { q: string }) {\n  const latest = useRef(q);\n  latest.current = q;\n  return <p>{q}</p>;\n}",
    ['react-compiler/refs'],
  ],
  [
    'src/features/users-profile/components/probe-state-for.tsx',
    "import { useStateFor } from '../../../lib/use-state-for';\nexport function Probe({ q }: { q: string }) {\n  const [page] = useStateFor(q, 1);\n  return <p>{page}</p>;\n}",
    [],
  ],
  // No function over 150 lines in src/, server/src/ and sw/ (decision 083); tests may be longer.
  ['src/features/users-profile/components/probe-long.tsx', LONG_FUNCTION, ['max-lines-per-function']],
  ['server/src/modules/invoices/probe-long.ts', LONG_FUNCTION, ['max-lines-per-function']],
  ['sw/probe-long.ts', LONG_FUNCTION, ['max-lines-per-function']],
  ['server/src/modules/invoices/probe-long.test.ts', LONG_FUNCTION, []],
  ['src/features/users-profile/components/probe-150.tsx', functionOf(150), []],
  // No function of complexity over 30 there either; tests and test doubles may branch more.
  ['src/domain/probe-branching.ts', BRANCHING_FUNCTION, ['complexity']],
  ['server/src/modules/invoices/probe-branching.ts', BRANCHING_FUNCTION, ['complexity']],
  ['sw/probe-branching.ts', BRANCHING_FUNCTION, ['complexity']],
  ['src/domain/probe-branching.test.ts', BRANCHING_FUNCTION, []],
  ['src/data/testing/probe-branching.ts', BRANCHING_FUNCTION, []],
  ['src/domain/probe-30.ts', complexityOf(30), []],
  [
    'src/features/users-profile/components/probe-route-search.tsx',
    "import { getRouteApi, useSearch } from '@tanstack/react-router';\nexport const useS = () => [getRouteApi('/app/admin').useSearch(), useSearch({ from: '/app/admin' })];",
    [],
  ],
];

// The home of AST-selector rules is off until a rule is written there: prove the mechanism with one.
const syntaxCase = [
  'server/src/modules/invoices/probe-syntax.ts',
  'export const now = () => Date.now();',
  ['workplace/no-restricted-syntax'],
];
const syntaxConfig = {
  extends: ['./.oxlintrc.json'],
  options: { reportUnusedDisableDirectives: 'error' },
  overrides: [
    {
      files: [syntaxCase[0]],
      rules: {
        'workplace/no-restricted-syntax': [
          'error',
          { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'deps.now' },
        ],
      },
    },
  ],
};

let copy;
let found;

// oxlint's codes are `plugin(rule)`; ours are the ids written in .oxlintrc.json and disable comments.
const ruleOf = (diagnostic) => {
  if (!diagnostic.code)
    return diagnostic.message.startsWith('Unused eslint-disable') ? UNUSED_DIRECTIVE : diagnostic.message;
  const [, plugin, rule] = /^(.*)\((.*)\)$/.exec(diagnostic.code);
  return plugin === 'eslint' ? rule : `${plugin}/${rule}`;
};

async function lint(config, files) {
  const run = promisify(execFile)(process.execPath, [OXLINT, '-c', config, '-f', 'json', ...files], {
    cwd: copy,
    maxBuffer: 64 * 1024 * 1024,
  });
  // oxlint exits 1 when it found something, which is the point here.
  const { stdout } = await run.catch((error) => (error.stdout ? error : Promise.reject(error)));
  const byFile = new Map(files.map((file) => [file, []]));
  for (const diagnostic of JSON.parse(stdout).diagnostics) byFile.get(diagnostic.filename)?.push(ruleOf(diagnostic));
  return byFile;
}

before(async () => {
  copy = mkdtempSync(path.join(tmpdir(), 'lint-rules-'));
  for (const dir of ['src', 'server/src', 'sw', 'scripts/lint'])
    cpSync(path.join(ROOT, dir), path.join(copy, dir), { recursive: true });
  cpSync(path.join(ROOT, '.oxlintrc.json'), path.join(copy, '.oxlintrc.json'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  for (const [file, code] of [...cases, syntaxCase]) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    writeFileSync(path.join(copy, file), `${code}\n`);
  }
  writeFileSync(path.join(copy, 'syntax.oxlintrc.json'), JSON.stringify(syntaxConfig));
  const [main, syntax] = await Promise.all([
    lint(
      '.oxlintrc.json',
      cases.map(([file]) => file),
    ),
    lint('syntax.oxlintrc.json', [syntaxCase[0]]),
  ]);
  found = new Map([...main, ...syntax]);
});

after(() => rmSync(copy, { recursive: true, force: true }));

for (const [file, code, expected] of [...cases, syntaxCase]) {
  test(`${file}: ${code.split('\n')[0]}`, () => {
    assert.deepEqual([...found.get(file)].sort(), [...expected].sort());
  });
}
