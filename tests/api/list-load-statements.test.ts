import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedStatements } from '../../server/src/db/pglite-statements';

// The prepared-statements handle must answer exactly as PGlite.query() does (decisions 028 and 030).
describe('withPreparedStatements', () => {
  let raw: PGlite;
  let pg: PGlite;
  const statements = async () =>
    (await raw.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

  beforeAll(async () => {
    raw = await PGlite.create();
    pg = withPreparedStatements(raw);
    await raw.exec(`create table t(id int primary key, at timestamptz, tags text[], doc jsonb, ok boolean);
      insert into t values (1, '2026-11-23T10:00:00Z', '{a,b}', '{"x":1}', true), (2, null, '{}', null, false);`);
  });
  afterAll(() => raw.close());

  it('answers reads like PGlite.query(), parameters serialised by their type, and parses each text once', async () => {
    const text = 'select id, at, tags, doc, ok from t where at < $1 or id = any($2) order by id';
    const params = [new Date('2027-01-01T00:00:00Z'), [2]];
    const before = await statements();
    const first = await pg.query(text, params, { rowMode: 'array' });
    expect(first.rows).toEqual((await raw.query(text, params, { rowMode: 'array' })).rows);
    expect(first.fields.map((f) => f.name)).toEqual(['id', 'at', 'tags', 'doc', 'ok']);
    await pg.query(text, params);
    expect(await statements()).toBe(before + 1);
    expect((await pg.query<{ id: number }>(text, [new Date('2000-01-01'), []])).rows).toEqual([]);
  });

  it('throws PostgreSQL’s error with the query attached, and stays usable', async () => {
    const text = 'select id from t where id = $1';
    await expect(pg.query(text, ['pas un nombre'])).rejects.toMatchObject({ code: '22P02', query: text });
    await expect(pg.query('select nope from t')).rejects.toMatchObject({ code: '42703' });
    expect((await pg.query<{ id: number }>(text, [1])).rows).toEqual([{ id: 1 }]);
  });

  it('reads inside a transaction see its writes; a rollback undoes them', async () => {
    const text = 'select count(*)::int as n from t';
    await expect(
      pg.transaction(async (tx) => {
        await tx.query('insert into t(id) values (3)');
        expect((await tx.query<{ n: number }>(text)).rows[0]!.n).toBe(3);
        throw new Error('annulé');
      }),
    ).rejects.toThrow('annulé');
    expect((await pg.query<{ n: number }>(text)).rows[0]!.n).toBe(2);
  });

  it('prepares writes too: RETURNING rows, affected counts and constraint errors as PGlite.query() gives them', async () => {
    const before = await statements();
    const insert = 'insert into t(id, doc) values ($1, $2) returning id, doc';
    expect((await pg.query(insert, [10, { y: 2 }])).rows).toEqual([{ id: 10, doc: { y: 2 } }]);
    await expect(pg.query(insert, [10, null])).rejects.toMatchObject({ code: '23505', query: insert });
    const update = await pg.query('update t set ok = $1 where id >= $2', [true, 10]);
    expect(update.affectedRows).toBe(1);
    await pg.transaction(async (tx) => {
      await tx.query('savepoint request_work');
      await tx.query('delete from t where id = $1', [10]);
      await tx.query('release savepoint request_work');
    });
    expect((await raw.query('select id from t where id = 10')).rows).toEqual([]);
    expect(await statements()).toBe(before + 5);
  });

  it('applies the query’s own parsers over the defaults (drizzle keeps timestamps as text), the others unchanged', async () => {
    const text = 'select at, doc from t where id = $1';
    const asText = { 1184: (v: string) => `texte:${v}` };
    const row = (await pg.query<{ at: unknown; doc: unknown }>(text, [1], { parsers: asText })).rows[0]!;
    expect(row.at).toMatch(/^texte:2026-11-23 10:00:00/);
    expect(row.doc).toEqual({ x: 1 });
    expect((await pg.query<{ at: unknown }>(text, [1])).rows[0]!.at).toBeInstanceOf(Date);
  });

  it('prepares again a statement whose table changed (0A000)', async () => {
    const text = 'select * from t where id = $1';
    expect(Object.keys((await pg.query(text, [1])).rows[0]!)).toHaveLength(5);
    await pg.query('alter table t add column note text');
    expect(Object.keys((await pg.query(text, [1])).rows[0]!)).toHaveLength(6);
  });
});
