// One word per area in every layer (docs/glossary.md, « Areas »): the contract module, the server
// module, the schema file, the feature folders and the route files of an area are all named by its
// word (`<area>`, or `<area>-<part>` where a layer splits an area). This test reads the glossary's
// table and the folders, and fails when they disagree. Run by `npm run lint`.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const list = (dir) => readdirSync(join(ROOT, dir));
const folders = (dir) => list(dir).filter((f) => statSync(join(ROOT, dir, f)).isDirectory());

// The contract's building blocks, shared by every area (they are no area's).
const CONTRACT_SHARED = ['common', 'endpoint', 'index', 'match', 'zod-inert'];

/** Each layer's names as the folders hold them. */
export function layerNames() {
  return {
    contract: list('src/contract')
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.slice(0, -3))
      .filter((name) => !CONTRACT_SHARED.includes(name)),
    server: folders('server/src/modules'),
    schema: list('server/src/db/schema')
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => f.slice(0, -3)),
    features: folders('src/features'),
    routes: list('src/routes')
      .filter((f) => f.endsWith('-routes.tsx'))
      .map((f) => f.slice(0, -'-routes.tsx'.length)),
  };
}

const COLUMNS = ['area', 'screens', 'contract', 'server', 'schema', 'features', 'routes'];
// Layers whose name is the area's word exactly; the others may add a part (`invoices-editor`).
const EXACT = ['server', 'schema'];

/** The glossary's « Areas » table: one row per area, the names of each layer. */
export function glossaryAreas(markdown = readFileSync(join(ROOT, 'docs/glossary.md'), 'utf8')) {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Areas'));
  assert.ok(section, 'docs/glossary.md n’a pas de section « Areas »');
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim());
      const names = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      const row = Object.fromEntries(COLUMNS.map((column, i) => [column, names(cells[i] ?? '')]));
      return { ...row, area: row.area[0] };
    });
}

/** What is wrong between the table and the folders, in French; empty when they agree. */
export function disagreements(rows, layers) {
  const problems = [];
  for (const layer of Object.keys(layers)) {
    const declared = rows.flatMap((row) => row[layer].map((name) => ({ name, area: row.area })));
    for (const name of layers[layer])
      if (!declared.some((d) => d.name === name))
        problems.push(`${layer} : « ${name} » n’est à aucune ligne de la table des zones du glossaire`);
    for (const { name, area } of declared) {
      if (!layers[layer].includes(name))
        problems.push(`${layer} : « ${name} » (zone ${area}) est dans le glossaire mais n’existe pas`);
      const named = EXACT.includes(layer) ? name === area : name === area || name.startsWith(`${area}-`);
      if (!named) problems.push(`${layer} : « ${name} » ne porte pas le mot de sa zone, « ${area} »`);
    }
  }
  for (const row of rows)
    if (!row.contract.length !== !row.server.length)
      problems.push(`zone ${row.area} : un module serveur sans contrat, ou un contrat sans module serveur`);
  return problems;
}

test('every layer names each area by the glossary’s word', () => {
  assert.deepEqual(disagreements(glossaryAreas(), layerNames()), []);
});

test('the check bites: another word in one layer, a folder without a row, a server module without contract', () => {
  const rows = glossaryAreas();
  const layers = layerNames();
  const renamed = { ...layers, server: layers.server.map((m) => (m === 'catalogue' ? 'invoicing-core' : m)) };
  assert.deepEqual(disagreements(rows, renamed), [
    'server : « invoicing-core » n’est à aucune ligne de la table des zones du glossaire',
    'server : « catalogue » (zone catalogue) est dans le glossaire mais n’existe pas',
  ]);
  const wrongWord = rows.map((row) => (row.area === 'invoices' ? { ...row, features: ['invoice-editor'] } : row));
  assert.ok(
    disagreements(wrongWord, { ...layers, features: [...layers.features, 'invoice-editor'] }).includes(
      'features : « invoice-editor » ne porte pas le mot de sa zone, « invoices »',
    ),
  );
  const noContract = rows.map((row) => (row.area === 'payroll' ? { ...row, contract: [] } : row));
  assert.ok(
    disagreements(noContract, { ...layers, contract: layers.contract.filter((c) => c !== 'payroll') }).includes(
      'zone payroll : un module serveur sans contrat, ou un contrat sans module serveur',
    ),
  );
});
