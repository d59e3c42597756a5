import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { defineServerData, type ConditionalAnswer } from './server-data';
import { keepTable, refreshTable } from './tables';
import { WorkplaceDb, type PlumeEnvironment } from '../db';
import { syncTable, type ChangesPage } from './table-sync';

// Decision 027: customers and articles follow the server by changes since a cursor kept in Dexie;
// the environment is asked with its ETag and a 304 keeps the copy.

let n = 0;
const dbs: WorkplaceDb[] = [];
function freshDb() {
  const db = new WorkplaceDb(`workplace-table-sync-${Date.now()}-${n++}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

interface Article {
  id: number | string;
  code: string;
}
const page = (over: Partial<ChangesPage<Article>>): ChangesPage<Article> => ({
  items: [],
  deleted: [],
  cursor: 'c1',
  more: false,
  total: 0,
  ...over,
});

/** A fake server: answers the queued pages in order and records the cursors it was sent. */
function server(...pages: Array<ChangesPage<Article>>) {
  const asked: Array<string | undefined> = [];
  const fetch = async (_company: number, since: string | undefined) => {
    asked.push(since);
    const next = pages.shift();
    if (!next) throw new Error('no more pages');
    return next;
  };
  return { asked, fetch };
}
const ids = async (db: WorkplaceDb, company = 1) =>
  (await db.articles.where('companyId').equals(company).toArray()).map((r) => r.id);
const sync = (db: WorkplaceDb, fetch: (c: number, s: string | undefined) => Promise<ChangesPage<Article>>) =>
  syncTable(db, 'articles', 1, fetch, (a: Article) => a.id);

describe('syncTable', () => {
  it('replaces the copy on the first pass (all its pages), then applies only changes and deletions', async () => {
    const db = freshDb();
    await db.articles.put({ companyId: 1, id: 99, data: { id: 99, code: 'OLD' }, label: 'old' });
    await db.articles.put({ companyId: 2, id: 7, data: { id: 7, code: 'OTHER' }, label: 'other' });
    const first = server(
      page({ items: [{ id: 1, code: 'A' }], cursor: '10.5.1', more: true, total: 2 }),
      page({ items: [{ id: 2, code: 'B' }], cursor: '10', total: 2 }),
    );
    expect(await sync(db, first.fetch)).toEqual({ rows: 2, deleted: 0, count: 2, full: true });
    expect(first.asked).toEqual([undefined, '10.5.1']);
    expect(await ids(db)).toEqual([1, 2]);
    expect(await ids(db, 2)).toEqual([7]);
    expect(await db.meta.get([1, 'articles'])).toMatchObject({ cursor: '10', count: 2 });

    const next = server(page({ items: [{ id: 3, code: 'C' }], deleted: [1], cursor: '12', total: 2 }));
    expect(await sync(db, next.fetch)).toEqual({ rows: 1, deleted: 1, count: 2, full: false });
    expect(next.asked).toEqual(['10']);
    expect(await ids(db)).toEqual([2, 3]);
    expect((await db.articles.get([1, 3]))?.label).toBe('c');
    expect((await db.meta.get([1, 'articles']))?.cursor).toBe('12');
  });

  it('a copy that drifted from the server’s count starts again from every row', async () => {
    const db = freshDb();
    await sync(db, server(page({ items: [{ id: 1, code: 'A' }], cursor: '5', total: 1 })).fetch);
    await db.articles.delete([1, 1]); // lost locally, unknown to the cursor
    const s = server(page({ cursor: '6', total: 1 }), page({ items: [{ id: 1, code: 'A' }], cursor: '6', total: 1 }));
    expect(await sync(db, s.fetch)).toMatchObject({ count: 1, full: true });
    expect(s.asked).toEqual(['5', undefined]);
    expect(await ids(db)).toEqual([1]);
  });

  it('keeps a row created on this device while the outbox holds its creation, drops it after', async () => {
    const db = freshDb();
    const tmp = 'tmp-0b7e4a52-8f7e-4c3e-9a55-2b8d3c1e9f00';
    await sync(db, server(page({ items: [{ id: 1, code: 'A' }], cursor: '5', total: 1 })).fetch);
    await db.articles.put({ companyId: 1, id: tmp, data: { id: tmp, code: 'NEW' }, label: 'new' });
    await db.outbox.put({ id: 'e1', seq: 1, createsTempId: tmp, docKey: `item:${tmp}` } as never);
    await sync(db, server(page({ cursor: '6', total: 1 })).fetch);
    expect(await ids(db)).toEqual([1, tmp]);
    await db.outbox.delete('e1'); // sent: the server's row comes with the next changes
    await sync(db, server(page({ items: [{ id: 2, code: 'NEW' }], cursor: '7', total: 2 })).fetch);
    expect(await ids(db)).toEqual([1, 2]);
  });

  it('a failed pass keeps the copy and the cursor', async () => {
    const db = freshDb();
    await sync(db, server(page({ items: [{ id: 1, code: 'A' }], cursor: '5', total: 1 })).fetch);
    const failing = server(page({ items: [{ id: 2, code: 'B' }], cursor: '5.9.2', more: true, total: 2 }));
    await expect(sync(db, failing.fetch)).rejects.toThrow();
    expect(await ids(db)).toEqual([1]);
    expect((await db.meta.get([1, 'articles']))?.cursor).toBe('5');
  });
});

describe('the environment table with an ETag', () => {
  const env = (vat: number): PlumeEnvironment => ({
    invoice: { vatRates: [vat] },
    accounting: { exercises: [] },
    general: { ledgers: [] },
    estimate: { items: [] },
  });

  it('sends the copy’s ETag; a 304 keeps the copy and refreshes its age', async () => {
    const db = freshDb();
    const sent: Array<string | null> = [];
    let answer: ConditionalAnswer = { status: 'changed', data: env(20), etag: 'W/"a"' };
    const off = keepTable(
      defineServerData({
        key: 'environment',
        keep: 'table',
        fetchIfChanged: async (_c, etag) => {
          sent.push(etag);
          return answer;
        },
      }),
    );
    expect(await refreshTable('environment', 3, db)).toEqual({ status: 'ok', count: 1 });
    const before = (await db.meta.get([3, 'environment']))!.fetchedAt;
    answer = { status: 'unchanged' };
    await new Promise((r) => setTimeout(r, 5));
    expect(await refreshTable('environment', 3, db)).toEqual({ status: 'ok', count: 1 });
    expect(sent).toEqual([null, 'W/"a"']);
    expect((await db.environment.get(3))?.data.invoice).toEqual({ vatRates: [20] });
    expect((await db.meta.get([3, 'environment']))!.fetchedAt).toBeGreaterThan(before);

    answer = { status: 'changed', data: env(10), etag: 'W/"b"' };
    await refreshTable('environment', 3, db);
    expect((await db.environment.get(3))?.data.invoice).toEqual({ vatRates: [10] });
    expect((await db.meta.get([3, 'environment']))?.etag).toBe('W/"b"');
    // Without its copy, the ETag is not sent (the answer must carry the body).
    await db.environment.delete(3);
    await refreshTable('environment', 3, db);
    expect(sent.at(-1)).toBeNull();
    off();
  });
});
