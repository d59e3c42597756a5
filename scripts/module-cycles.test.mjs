// No two server modules import each other, directly or around a longer loop (decision 080): a module
// that needs a piece of another one imports its service; when both would, the piece moves to the
// module that owns its data, down to src/domain, or is passed in by the caller
// (server/src/modules/index.ts wires one module's function into another). Run by `npm run lint`.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { resolveImport } from './lint/workplace-plugin.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = path.join(ROOT, 'server/src/modules');

/** The module (its folder under server/src/modules) of an absolute path, or undefined. */
const moduleOf = (file) => {
  const parts = path.relative(MODULES, file).split(path.sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
};

const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

// Static imports and re-exports (types included), side-effect imports and `import()`.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/** module → module → the first import making that edge (`file → specifier`), from the sources. */
export function moduleGraph(root = MODULES) {
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = resolveImport(specifier, file);
      const to = target && moduleOf(target);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from).has(to)) graph.get(from).set(to, `${path.relative(ROOT, file)} → ${specifier}`);
    }
  }
  return graph;
}

/** Every loop of the graph, each once, as its modules in order (the first one repeated at the end). */
export function moduleCycles(graph) {
  const cycles = [];
  const seen = new Set();
  const nodes = [...graph.keys()].sort();
  // A loop is reported from its smallest module, so it is found once.
  for (const start of nodes) {
    const walk = (node, trail) => {
      for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
        if (next === start) cycles.push([...trail, start]);
        else if (next > start && !trail.includes(next) && !seen.has(next)) walk(next, [...trail, next]);
      }
    };
    walk(start, [start]);
    seen.add(start);
  }
  return cycles;
}

const describe = (graph, cycle) =>
  cycle
    .slice(0, -1)
    .map((from, i) => `  ${from} → ${cycle[i + 1]} (${graph.get(from).get(cycle[i + 1])})`)
    .join('\n');

test('no server module imports another that imports it back, even around a loop', () => {
  const graph = moduleGraph();
  assert.ok(graph.size > 5, 'the modules’ imports were read');
  const cycles = moduleCycles(graph);
  assert.equal(
    cycles.length,
    0,
    `Cycles entre modules (décision 080) :\n${cycles.map((cycle) => describe(graph, cycle)).join('\n\n')}`,
  );
});

test('a loop is found, short or long, and a one-way chain is not one', () => {
  const graphOf = (edges) =>
    new Map(Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, `${from}.ts`]))]));
  assert.deepEqual(moduleCycles(graphOf({ auth: ['users'], users: ['auth'] })), [['auth', 'users', 'auth']]);
  assert.deepEqual(moduleCycles(graphOf({ documents: ['inbox'], inbox: ['received'], received: ['documents'] })), [
    ['documents', 'inbox', 'received', 'documents'],
  ]);
  assert.deepEqual(moduleCycles(graphOf({ invoices: ['catalogue', 'users'], catalogue: ['users'] })), []);
});

test('the graph is read from the imports, type-only ones and re-exports too', () => {
  const graph = moduleGraph();
  // received-invoices reads the documents' file store (a type import among others).
  assert.ok(graph.get('received-invoices')?.has('documents'));
});
