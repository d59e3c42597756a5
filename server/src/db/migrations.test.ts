import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './extensions';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths';

// Decision 038: migrations are additive. A database migrated by an earlier release must upgrade by
// running only the migrations it lacks; drizzle runs every migration newer than the last one it
// recorded, so a rewritten migration (with a new timestamp) would run again on a live database
// and fail on its existing tables.

interface Journal {
  entries: Array<{ idx: number; when: number; tag: string }>;
}
const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as Journal;
const sha = (tag: string) =>
  createHash('sha256')
    .update(readFileSync(join(MIGRATIONS_DIR, `${tag}.sql`)))
    .digest('hex')
    .slice(0, 16);

/** Released migrations and their content: a new migration is added here, a listed one never changes. */
const RELEASED: Record<string, string> = {
  '0000_init': '00e5c7ab06621242',
  '0001_cash_registers': 'a2ff70774a332e58',
  '0002_cash_registers_append_only': 'c88e7c68f218c815',
  '0003_accounting': 'e44e3a8b9eb7ffee',
  '0004_admin': '2f2e7b550ff9cdcc',
  '0005_users_login_ci': '66e7bbcdfebd0eb2',
  '0006_retention_guard': '824d012284e2f854',
  '0007_accounting_search_indexes': '6b8de494922d6e02',
  '0008_my_account': '5d64219ddf73ac5a',
  '0009_einvoicing': 'f260bce5e133b6f1',
  '0010_einvoice_retention': '62917c6ed01ec93f',
  '0011_document_search_indexes': '1cebb01aa51ac653',
  '0012_cash_register_head_signature': 'cd3dc38c3aedcf4d',
};

describe('migrations (decision 038)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('are numbered in order, each newer than the one before', () => {
    journal.entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      expect(e.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
      if (i > 0) expect(e.when).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
  });

  it('never change once released', () => {
    const actual = Object.fromEntries(journal.entries.map((e) => [e.tag, sha(e.tag)]));
    expect(actual).toMatchObject(RELEASED);
    for (const tag of Object.keys(RELEASED)) expect(actual[tag], tag).toBeDefined();
  });

  it('upgrade a database migrated by the first release, keeping its rows', async () => {
    // The first release's folder: its migration and a journal that lists only it.
    const first = mkdtempSync(join(tmpdir(), 'workplace-migrations-'));
    dirs.push(first);
    cpSync(MIGRATIONS_DIR, first, { recursive: true });
    writeFileSync(
      join(first, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }),
    );
    const client = new PGlite({ extensions: pgliteExtensions });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: first });
      await client.query(`insert into companies (label) values ('Boulangerie du premier jour')`);
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      const applied = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
      const kept = await client.query<{ label: string }>('select label from companies');
      expect(kept.rows.map((r) => r.label)).toEqual(['Boulangerie du premier jour']);
    } finally {
      await client.close();
    }
    // A PGlite boot and every migration twice: 2.5 s alone, ten times that in npm test's shared lanes.
  }, 90_000);
});
