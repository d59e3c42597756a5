import { and, asc, count, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { SyncQuery } from '../../../../src/contract/catalogue';
import type { DbOrTx } from '../../db/client';
import { customers, items, syncDeletions } from '../../db/schema/index';
import { toApiArticle, type ApiArticle } from './article-input';
import { toApiCustomer } from './customer-input';
import type { ApiCustomer } from './customers-service';
import { articleColumns } from './article-service';

// Changes since a cursor (decision 027). Every write stamps its row with the writing transaction's
// id (sync_xid); a deletion leaves a tombstone stamped the same way. A pass reads the rows stamped
// at or after its lower bound, by (sync_xid, id), a page at a time. Its cursor for the next sync
// is the oldest transaction still running when the pass began (pg_snapshot_xmin): a transaction
// that had not committed then has an id at least that high, so it is read next time even if it
// commits with an id lower than some already sent (PostgreSQL with concurrent writers). Rows of
// transactions committed since may come twice; the device just writes them again.

export interface Changes<T, K> {
  items: T[];
  deleted: K[];
  cursor: string;
  more: boolean;
  total: number;
}

interface Cursor {
  /** Lower bound of the pass: rows stamped at or after it are read. */
  from: number;
  /** Where the pass resumes: after this (sync_xid, id). */
  after?: { xid: number; id: number };
}

/** The contract's regex already checked the shape: "from" or "from.xid.id". */
function parseCursor(since: string | undefined): Cursor | null {
  if (since === undefined) return null;
  const [from, xid, id] = since.split('.').map(Number);
  return xid === undefined ? { from: from! } : { from: from!, after: { xid, id: id! } };
}

async function snapshotXmin(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ xmin: string }>(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`);
  return Number(result.rows[0]!.xmin);
}

type Table = typeof customers | typeof items;

async function pass<Row extends { id: number; syncXid: number }>(
  db: DbOrTx,
  table: Table,
  companyId: number,
  query: SyncQuery,
  readPage: (where: SQL, limit: number) => Promise<Row[]>,
  deletedKeys: (from: number) => Promise<string[]>,
): Promise<{ rows: Row[]; deleted: string[]; cursor: string; more: boolean; total: number }> {
  const cursor = parseCursor(query.since);
  // A new pass fixes its horizon before reading anything (see above); a resumed one keeps it.
  const from = cursor?.after ? cursor.from : await snapshotXmin(db);
  const ofCompany = eq(table.companyId, companyId);
  const where = cursor?.after
    ? and(ofCompany, sql`(${table.syncXid}, ${table.id}) > (${cursor.after.xid}, ${cursor.after.id})`)!
    : and(ofCompany, gte(table.syncXid, cursor?.from ?? 0))!;
  const [page, deleted, [{ total }]] = await Promise.all([
    readPage(where, query.limit + 1),
    // Without a cursor the device replaces its copy: nothing to delete. Resumed pages had theirs.
    cursor && !cursor.after ? deletedKeys(cursor.from) : Promise.resolve([]),
    db.select({ total: count() }).from(table).where(ofCompany),
  ]);
  const more = page.length > query.limit;
  const rows = more ? page.slice(0, query.limit) : page;
  const last = rows.at(-1);
  return { rows, deleted, cursor: more && last ? `${from}.${last.syncXid}.${last.id}` : `${from}`, more, total };
}

/** Tombstones of the pass whose key has no live row now (a re-created key is sent as a row instead). */
function tombstones(db: DbOrTx, companyId: number, kind: 'customers' | 'items', live: SQL) {
  return async (from: number) =>
    (
      await db
        .select({ key: syncDeletions.key })
        .from(syncDeletions)
        .where(
          and(
            eq(syncDeletions.companyId, companyId),
            eq(syncDeletions.kind, kind),
            gte(syncDeletions.syncXid, from),
            sql`not exists (${live})`,
          ),
        )
    ).map((r) => r.key);
}

export async function customerChanges(
  db: DbOrTx,
  companyId: number,
  query: SyncQuery,
): Promise<Changes<ApiCustomer, string>> {
  const live = sql`select 1 from ${customers} where ${customers.companyId} = ${companyId}
    and ${customers.accountNumber} = ${syncDeletions.key}`;
  const result = await pass(
    db,
    customers,
    companyId,
    query,
    (where, limit) =>
      db.select().from(customers).where(where).orderBy(asc(customers.syncXid), asc(customers.id)).limit(limit),
    tombstones(db, companyId, 'customers', live),
  );
  const { rows, ...rest } = result;
  return { ...rest, items: rows.map(toApiCustomer) };
}

export async function articleChanges(
  db: DbOrTx,
  companyId: number,
  query: SyncQuery,
): Promise<Changes<ApiArticle, number>> {
  const live = sql`select 1 from ${items} where ${items.companyId} = ${companyId} and ${items.id}::text = ${syncDeletions.key}`;
  const result = await pass(
    db,
    items,
    companyId,
    query,
    (where, limit) =>
      db
        .select({ ...articleColumns, syncXid: items.syncXid })
        .from(items)
        .where(where)
        .orderBy(asc(items.syncXid), asc(items.id))
        .limit(limit),
    tombstones(db, companyId, 'items', live),
  );
  const { rows, deleted, ...rest } = result;
  return { ...rest, items: rows.map(toApiArticle), deleted: deleted.map(Number) };
}
