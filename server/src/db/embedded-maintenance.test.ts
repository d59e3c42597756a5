import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintainEmbedded, maintenanceNeeded } from './embedded-maintenance';

// Decision 070: PGlite has no autovacuum; the server applies its rule itself.

describe('autovacuum’s rule (maintenanceNeeded)', () => {
  const table = { table: 'invoices', reltuples: 10_000, deadRows: 0, insertedSinceVacuum: 0, changedSinceAnalyze: 0 };
  it('vacuums past 50 dead rows plus a fifth of the table, or 1 000 inserted rows plus a fifth', () => {
    expect(maintenanceNeeded({ ...table, deadRows: 2050 })).toBeNull();
    expect(maintenanceNeeded({ ...table, deadRows: 2051 })).toBe('vacuum');
    expect(maintenanceNeeded({ ...table, insertedSinceVacuum: 3000 })).toBeNull();
    expect(maintenanceNeeded({ ...table, insertedSinceVacuum: 3001, changedSinceAnalyze: 3001 })).toBe('vacuum');
  });
  it('analyzes past 50 changed rows plus a tenth; a table never measured counts as empty', () => {
    expect(maintenanceNeeded({ ...table, changedSinceAnalyze: 1050 })).toBeNull();
    expect(maintenanceNeeded({ ...table, changedSinceAnalyze: 1051 })).toBe('analyze');
    expect(maintenanceNeeded({ ...table, reltuples: -1, changedSinceAnalyze: 51 })).toBe('analyze');
  });
});

describe('a turn of maintenance on the embedded database', () => {
  let db: PGlite;
  const plan = async (query: string) =>
    (await db.query<{ 'QUERY PLAN': string }>(`explain ${query}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
  const COUNT = 'select count(*) from invoices where company_id = 1';

  beforeAll(async () => {
    db = new PGlite();
    await db.exec(`
      create table invoices (id serial primary key, company_id int not null, paid boolean not null default false);
      create index invoices_company_idx on invoices (company_id);
      create table settings (id int primary key, value text);
      insert into settings values (1, 'a');
    `);
    // A company whose invoices grew since the table was created, as a year of use does.
    await db.exec('insert into invoices (company_id) select 1 + g % 3 from generate_series(1, 30000) g');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('counting a grown company’s invoices reads the index once the table is vacuumed, not every page', async () => {
    expect(await plan(COUNT)).not.toMatch(/Index Only Scan/);
    const steps = await maintainEmbedded(db);
    expect(steps.map(({ table, action }) => [table, action])).toEqual([['invoices', 'vacuum']]);
    expect(await plan(COUNT)).toMatch(/Index Only Scan using invoices_company_idx/);
    // Nothing left to do until the tables change again; the small untouched table is left alone.
    expect(await maintainEmbedded(db)).toEqual([]);
  });

  it('rows replaced by updates are vacuumed away once they pass the threshold', async () => {
    await db.exec('update invoices set paid = true where id <= 1000');
    expect(await maintainEmbedded(db)).toEqual([]);
    await db.exec('update invoices set paid = true where id > 1000 and id <= 8000');
    const steps = await maintainEmbedded(db);
    expect(steps.map(({ table, action }) => [table, action])).toEqual([['invoices', 'vacuum']]);
    const { rows } = await db.query<{ dead: number }>(
      `select pg_stat_force_next_flush(), n_dead_tup::int as dead from pg_stat_user_tables where relname = 'invoices'`,
    );
    expect(rows[0].dead).toBe(0);
  });
});
