import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { categoryLabel, categoryPathLabel } from '../../../../src/domain/document-categories';
import { DEPOSIT_STATUS_LABELS, type DepositStatus } from '../../../../src/domain/deposits';
import type { Db, DbOrTx } from '../../db/client';
import { inboxDeposits } from '../../db/schema/index';
import {
  documentSearchKey,
  readableFilesWhere,
  removeBlobIfUnused,
  searchCondition,
  type DocumentAccess,
  type FileStorage,
} from '../documents/service';
import { companyLabelColumn, joinCompany, joinPerson, personColumns } from '../users/service';

/** Deposits under the one rule of access.ts: category rights, or one's own deposit. */
export const depositColumns = {
  companyId: inboxDeposits.companyId,
  categoryId: inboxDeposits.categoryId,
  depositorId: inboxDeposits.userId,
};

export const DEPOSIT_SORTS = ['date', '-date', 'name', '-name', 'size', '-size', 'status', '-status'] as const;
export type DepositSort = (typeof DEPOSIT_SORTS)[number];

export type { DepositItem } from '../../../../src/contract/inbox';
import type { DepositItem } from '../../../../src/contract/inbox';

const selection = {
  deposit: inboxDeposits,
  ...personColumns,
  companyLabel: companyLabelColumn,
};

type Row = { deposit: typeof inboxDeposits.$inferSelect; firstName: string; userName: string; companyLabel: string };

export function toDepositItem(row: Row, viewerId: number): DepositItem {
  const d = row.deposit;
  const status = d.status as DepositStatus;
  return {
    id: d.id,
    name: d.name,
    categoryId: d.categoryId,
    category: categoryLabel(d.categoryId),
    categoryPath: categoryPathLabel(d.categoryId),
    mimeType: d.mimeType,
    size: d.size,
    status,
    statusLabel: DEPOSIT_STATUS_LABELS[status],
    createdAt: d.createdAt.toISOString(),
    processedAt: d.processedAt?.toISOString() ?? null,
    batchId: d.batchId,
    documentId: d.documentId,
    depositedBy: { id: d.userId, firstName: row.firstName, name: row.userName },
    mine: d.userId === viewerId,
    company: { id: d.companyId, label: row.companyLabel },
  };
}

function orderOf(sort: DepositSort) {
  const dir = sort.startsWith('-') ? desc : asc;
  const key = sort.replace('-', '');
  const column =
    key === 'name'
      ? sql`lower(${inboxDeposits.name})`
      : key === 'size'
        ? inboxDeposits.size
        : key === 'status'
          ? inboxDeposits.status
          : inboxDeposits.createdAt;
  return [dir(column), dir(inboxDeposits.id)];
}

export interface DepositFilter {
  /** The viewer's access in each company listed (one for the company of the request). */
  access: DocumentAccess[];
  viewerId: number;
  pendingOnly?: boolean;
  status?: DepositStatus;
  mine?: boolean;
  q?: string;
}

function whereOf(f: DepositFilter): SQL | undefined {
  return and(
    f.access.length ? or(...f.access.map((a) => readableFilesWhere(a, depositColumns))) : sql`false`,
    f.pendingOnly ? ne(inboxDeposits.status, 'done') : undefined,
    f.status ? eq(inboxDeposits.status, f.status) : undefined,
    f.mine ? eq(inboxDeposits.userId, f.viewerId) : undefined,
    searchCondition(inboxDeposits.searchKey, f.q),
  );
}

export async function listDeposits(
  db: Db,
  f: DepositFilter,
  page: { page: number; pageSize: number; sort: DepositSort },
) {
  const where = whereOf(f);
  const rows = await db
    .select(selection)
    .from(inboxDeposits)
    .innerJoin(...joinPerson(inboxDeposits.userId))
    .innerJoin(...joinCompany(inboxDeposits.companyId))
    .where(where)
    .orderBy(...orderOf(page.sort))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [{ total }] = await db.select({ total: count() }).from(inboxDeposits).where(where);
  return { items: rows.map((r) => toDepositItem(r, f.viewerId)), total, page: page.page, pageSize: page.pageSize };
}

/** The deposits among `ids` that the viewer may read (access.ts): the others are as if absent. */
export async function depositsByIds(db: DbOrTx, access: DocumentAccess, ids: number[]) {
  return db
    .select(selection)
    .from(inboxDeposits)
    .innerJoin(...joinPerson(inboxDeposits.userId))
    .innerJoin(...joinCompany(inboxDeposits.companyId))
    .where(and(readableFilesWhere(access, depositColumns), inArray(inboxDeposits.id, ids)));
}

/** How many deposits keep these stored bytes (blob-guard.ts). */
export async function depositsUsingBlob(db: DbOrTx, sha256: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(inboxDeposits).where(eq(inboxDeposits.sha256, sha256));
  return n;
}

/** Removes stored bytes once no deposit, document or other module's row refers to them (all share bytes). */
export const removeDepositBytes = (db: Db, guard: BlobGuard, storage: FileStorage, sha256: string) =>
  removeBlobIfUnused(db, guard, storage, sha256);
type BlobGuard = Parameters<typeof removeBlobIfUnused>[1];

// ── For « Factures reçues » (decision 046): the original file of a received invoice is an inbox deposit ──

/** The category of suppliers' invoices: Comptabilité › Achats. */
export const PURCHASES_CATEGORY_ID = 43;

/** Inserts one deposit (already stored bytes) in the caller's transaction and answers its row. */
export async function insertDeposit(
  tx: DbOrTx,
  values: Omit<typeof inboxDeposits.$inferInsert, 'searchKey'>,
): Promise<typeof inboxDeposits.$inferSelect> {
  const [row] = await tx
    .insert(inboxDeposits)
    .values({ ...values, searchKey: documentSearchKey(values.name, values.categoryId) })
    .returning();
  return row;
}

/** A deposit's stored file (name, type, size, bytes' SHA-256) in a company, or null. */
export async function depositFile(db: DbOrTx, companyId: number, depositId: number) {
  const [row] = await db
    .select({
      name: inboxDeposits.name,
      mimeType: inboxDeposits.mimeType,
      size: inboxDeposits.size,
      sha256: inboxDeposits.sha256,
    })
    .from(inboxDeposits)
    .where(and(eq(inboxDeposits.companyId, companyId), eq(inboxDeposits.id, depositId)));
  return row ?? null;
}

/** The names of these deposits of a company, by id. */
export async function depositNames(db: DbOrTx, companyId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: inboxDeposits.id, name: inboxDeposits.name })
    .from(inboxDeposits)
    .where(and(eq(inboxDeposits.companyId, companyId), inArray(inboxDeposits.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
