import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableName, is, Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index';

// Server modules own their tables (decision 023): a module queries only its own tables; another
// module's data is read or written through that module's service (a function, or a query fragment
// such as a join when one query must stay one query). A table belongs to the module its schema file
// is named after (server/src/db/schema/<module>.ts; http.ts is the HTTP layer's); the lint rule
// workplace/table-ownership reads the same files. This test reads every module file's imports from
// db/schema and fails on a table that belongs to another module.

const SCHEMA_DIR = join(import.meta.dirname, '../db/schema');
const schemaFiles = readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.ts') && f !== 'index.ts');

/** Every table of the schema and the module that owns it: the name of the file that declares it. */
export const TABLE_OWNERS: Record<string, string> = Object.fromEntries(
  (
    await Promise.all(
      schemaFiles.map(async (f) =>
        Object.entries((await import(join(SCHEMA_DIR, f))) as Record<string, unknown>)
          .filter(([, v]) => is(v, Table))
          .map(([name]) => [name, f.slice(0, -3)]),
      ),
    )
  ).flat(),
);

const MODULES_DIR = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Names imported from db/schema by a file (`import { a, type b as c } from '…/db/schema/…'`). */
export function schemaImports(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(
    /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"][^'"]*\/db\/schema(?:\/[^'"]*)?['"]/g,
  )) {
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!
        .trim();
      if (name) names.push(name);
    }
  }
  if (/import\s+\*\s+as\s+\w+\s+from\s*['"][^'"]*\/db\/schema/.test(source)) names.push('*');
  return names;
}

const tables = Object.entries(schema).filter(([, v]) => is(v, Table)) as Array<[string, Table]>;
const tableNames = tables.map(([k]) => k);
/** SQL name → owner, for tables named in raw SQL (sql`… from customers …`). */
const sqlOwners = new Map(tables.map(([k, t]) => [getTableName(t), TABLE_OWNERS[k]]));

/** Tables a file names in raw SQL templates: `from x`, `join x`, `into x`, `update x`. */
export function rawSqlTables(source: string): string[] {
  const found: string[] = [];
  for (const [template] of source.matchAll(/sql`[^`]*`/g)) {
    for (const m of template.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi)) found.push(m[1]!.toLowerCase());
  }
  return found;
}

describe('server modules own their tables (decision 023)', () => {
  it('every table of the schema is declared in the file of a module (or of the HTTP layer)', () => {
    const modules = readdirSync(MODULES_DIR, { withFileTypes: true }).filter((e) => e.isDirectory());
    const owners = [...modules.map((e) => e.name), 'http'];
    expect(tableNames.filter((t) => !(t in TABLE_OWNERS))).toEqual([]);
    expect(schemaFiles.map((f) => f.slice(0, -3)).filter((owner) => !owners.includes(owner))).toEqual([]);
    expect(TABLE_OWNERS).toMatchObject({ customers: 'catalogue', idempotencyKeys: 'http', sessions: 'auth' });
  });

  it('no module imports another module’s table', () => {
    const crossings: string[] = [];
    for (const file of sourceFiles(MODULES_DIR)) {
      const rel = relative(MODULES_DIR, file);
      const module = rel.split(/[\\/]/)[0]!;
      if (!rel.includes('/') && !rel.includes('\\')) continue; // index.ts: the list of modules
      const source = readFileSync(file, 'utf8');
      for (const name of rawSqlTables(source)) {
        const owner = sqlOwners.get(name);
        if (owner && owner !== module) crossings.push(`${rel}: raw SQL on ${name} (owned by ${owner})`);
      }
      for (const name of schemaImports(source)) {
        if (name === '*') crossings.push(`${rel}: imports the whole schema`);
        else if (TABLE_OWNERS[name] && TABLE_OWNERS[name] !== module)
          crossings.push(`${rel}: ${name} (owned by ${TABLE_OWNERS[name]})`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('reads the imports it checks', () => {
    const src =
      "import { customers, type CustomerSnapshot as C, invoices } from '../../db/schema/index';\n" +
      "import type { items } from '../../db/schema/catalogue';";
    expect(schemaImports(src)).toEqual(['customers', 'CustomerSnapshot', 'invoices', 'items']);
    expect(rawSqlTables('sql`select json_agg(t.id) from exercises t join "ledgers" l on true`')).toEqual([
      'exercises',
      'ledgers',
    ]);
  });
});
