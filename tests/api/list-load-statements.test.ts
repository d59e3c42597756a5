import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedReads } from '../../server/src/db/pglite-statements';

// The prepared-reads handle must answer exactly as PGlite.query() does (decision 028).
describe('withPreparedReads', () => {
  let raw: PGlite;
  let pg: PGlite;
  const statements = async () =>
    (await raw.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

  beforeAll(async () => {
    raw = await PGlite.create();
    pg = withPreparedReads(raw);
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

  it('prepares again a statement whose table changed (0A000), and leaves writes to PGlite.query()', async () => {
    const text = 'select * from t where id = $1';
    expect(Object.keys((await pg.query(text, [1])).rows[0]!)).toHaveLength(5);
    await pg.query('alter table t add column note text');
    expect(Object.keys((await pg.query(text, [1])).rows[0]!)).toHaveLength(6);
  });
});
