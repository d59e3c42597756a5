// Customers and articles kept on the device by changes since a cursor (decision 027): a sync asks
// the server what was written or deleted since the company's cursor (kept in Dexie's meta row)
// and applies it in ONE transaction with the new cursor, so a failure (storage full, sign-out)
// leaves the previous copy and cursor whole. Without a cursor the answer is every row: the copy
// is replaced. A copy whose row count differs from the server's starts again without a cursor.
import { rowLabel, type CachedRow, type WorkplaceDb } from '../db';

export interface ChangesPage<T> {
  items: T[];
  deleted: Array<string | number>;
  cursor: string;
  more: boolean;
  total: number;
}

/** One page of GET /api/sync/…: since is the cursor (the next page's while `more`). */
export type ChangesFetcher<T> = (companyId: number, since: string | undefined) => Promise<ChangesPage<T>>;

export type SyncedTable = 'customers' | 'articles';

/** What a sync did: `rows` written, `deleted` keys dropped, `count` rows kept now, `full` when the copy was replaced. */
export interface TableSyncResult {
  rows: number;
  deleted: number;
  count: number;
  full: boolean;
}

/** Every page of one pass, from `since` to the end (a pass is short: the server sends up to 5 000 rows a page). */
async function readPass<T>(fetch: ChangesFetcher<T>, companyId: number, since: string | undefined) {
  const rows: T[] = [];
  const deleted: Array<string | number> = [];
  let cursor = since;
  for (let page = 0; page < 10_000; page++) {
    const answer = await fetch(companyId, cursor);
    rows.push(...answer.items);
    deleted.push(...answer.deleted);
    cursor = answer.cursor;
    if (!answer.more) return { rows, deleted, cursor, total: answer.total };
  }
  throw new Error('Synchronisation interrompue : trop de pages.');
}

/** Rows known by a temporary id ('tmp-…', a creation made on this device): a range of the primary key. */
const tempRange = (db: WorkplaceDb, table: SyncedTable, companyId: number) =>
  db.table<CachedRow>(table).where('[companyId+id]').between([companyId, 'tmp-'], [companyId, 'tmp-\uffff']);

/** Outbox entries about this table (docKey 'customer:…' / 'item:…'): while some wait, local rows may differ on purpose. */
const DOC_KEY: Record<SyncedTable, string> = { customers: 'customer:', articles: 'item:' };

export async function syncTable<T>(
  db: WorkplaceDb,
  table: SyncedTable,
  companyId: number,
  fetch: ChangesFetcher<T>,
  key: (row: T) => string | number,
  now = Date.now(),
  retried = false,
): Promise<TableSyncResult> {
  const meta = await db.meta.get([companyId, table]);
  const since = meta?.cursor;
  const pass = await readPass(fetch, companyId, since);
  const t = db.table<CachedRow>(table);
  const result = await db.transaction('rw', [t, db.meta, db.outbox], async () => {
    // A temporary row stays while the outbox still holds its creation; once created, the server's
    // row replaces it (it came in this pass or an earlier one).
    const temps = (await tempRange(db, table, companyId).primaryKeys()) as unknown as Array<[number, string]>;
    const waiting = new Set(
      (
        await db.outbox
          .where('createsTempId')
          .anyOf(temps.map(([, id]) => id))
          .toArray()
      ).map((e) => e.createsTempId),
    );
    const stale = temps.filter(([, id]) => !waiting.has(id));
    if (since === undefined) {
      const kept = await t.bulkGet(temps.filter(([, id]) => waiting.has(id)));
      await t.where('companyId').equals(companyId).delete();
      await t.bulkPut(kept.filter((r): r is CachedRow => !!r));
    } else {
      await t.bulkDelete([...stale, ...pass.deleted.map((id): [number, string | number] => [companyId, id])]);
    }
    await t.bulkPut(pass.rows.map((data) => ({ companyId, id: key(data), data, label: rowLabel(table, data) })));
    // Counted every time, even when nothing came: an index count is cheap and catches a drifted copy.
    const count =
      (await t.where('companyId').equals(companyId).count()) - (await tempRange(db, table, companyId).count());
    const pending = await db.outbox.where('docKey').startsWith(DOC_KEY[table]).count();
    // Drift (a change the outbox dropped, a lost write): start again from every row, once.
    const drift = since !== undefined && pending === 0 && count !== pass.total;
    await db.meta.put({ companyId, dataset: table, fetchedAt: now, count, cursor: drift ? undefined : pass.cursor });
    return { rows: pass.rows.length, deleted: pass.deleted.length, count, full: since === undefined, drift };
  });
  if (result.drift && !retried) return syncTable(db, table, companyId, fetch, key, now, true);
  return { rows: result.rows, deleted: result.deleted, count: result.count, full: result.full };
}
