import { and, asc, count, desc, eq, inArray, like, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { categoryLabel, categoryPathLabel } from '../../../../src/domain/document-categories';
import { searchKey } from '../../../../src/domain/search-text';
import type { Db, DbOrTx } from '../../db/client';
import { documentReads, documents } from '../../db/schema/index';
import { notFound } from '../../http/errors';
import { pageTotal } from '../../db/paging';
import { readableFilesWhere, type DocumentAccess } from './access';

export const DOCUMENT_SORTS = ['date', '-date', 'name', '-name', 'size', '-size', 'category', '-category'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export type { DocumentItem } from '../../../../src/contract/documents';
import type { DocumentItem } from '../../../../src/contract/documents';

export const documentSearchKey = (name: string, categoryId: number) =>
  searchKey(`${name} ${categoryPathLabel(categoryId)}`);

/** Every word of the query must appear (case and accents ignored); % and _ are literal. */
export function searchCondition(column: AnyColumn, q: string | undefined): SQL | undefined {
  const words = searchKey(q).split(' ').filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  return and(...words.map((w) => like(column, `%${w.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)));
}

const columns = {
  id: documents.id,
  name: documents.name,
  categoryId: documents.categoryId,
  mimeType: documents.mimeType,
  size: documents.size,
  createdAt: documents.createdAt,
};

type Row = { id: number; name: string; categoryId: number; mimeType: string; size: number; createdAt: Date };

/**
 * The reader's read marks for the rows of one page only: a sub-select in the list would run for
 * every row skipped by OFFSET too (deep pages of 50 000 documents).
 */
async function withReads(db: Db, userId: number, rows: Row[]): Promise<DocumentItem[]> {
  const ids = rows.map((r) => r.id);
  const reads = ids.length
    ? await db
        .select({ documentId: documentReads.documentId, readAt: documentReads.readAt })
        .from(documentReads)
        .where(and(eq(documentReads.userId, userId), inArray(documentReads.documentId, ids)))
    : [];
  const readAt = new Map(reads.map((r) => [r.documentId, r.readAt]));
  return rows.map((r) => toItem({ ...r, readAt: readAt.get(r.id) ?? null }));
}

function toItem(row: Row & { readAt: Date | null }): DocumentItem {
  return {
    id: row.id,
    name: row.name,
    categoryId: row.categoryId,
    category: categoryLabel(row.categoryId),
    categoryPath: categoryPathLabel(row.categoryId),
    mimeType: row.mimeType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** The rule of access.ts (category rights, or one's own deposit), narrowed to a category filter when given. */
const documentColumns = {
  companyId: documents.companyId,
  categoryId: documents.categoryId,
  depositorId: documents.depositedBy,
};
const visible = (access: DocumentAccess, categories?: number[]) =>
  and(
    readableFilesWhere(access, documentColumns),
    categories ? inArray(documents.categoryId, categories.length ? categories : [-1]) : undefined,
  );

function orderOf(sort: DocumentSort) {
  const dir = sort.startsWith('-') ? desc : asc;
  const key = sort.replace('-', '');
  const column =
    key === 'name'
      ? sql`lower(${documents.name})`
      : key === 'size'
        ? documents.size
        : key === 'category'
          ? documents.categoryId
          : documents.createdAt;
  return [dir(column), dir(documents.id)];
}

export async function listDocuments(
  db: Db,
  access: DocumentAccess,
  opts: { page: number; pageSize: number; q?: string; sort: DocumentSort; categories?: number[] },
) {
  const where = and(visible(access, opts.categories), searchCondition(documents.searchKey, opts.q));
  const rows = await db
    .select(columns)
    .from(documents)
    .where(where)
    .orderBy(...orderOf(opts.sort))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
  const total = await pageTotal(
    rows.length,
    opts.page,
    opts.pageSize,
    async () => (await db.select({ total: count() }).from(documents).where(where))[0]!.total,
  );
  return { items: await withReads(db, access.userId, rows), total, page: opts.page, pageSize: opts.pageSize };
}

export async function lastDocuments(db: Db, access: DocumentAccess, limit: number): Promise<DocumentItem[]> {
  const rows = await db
    .select(columns)
    .from(documents)
    .where(visible(access))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit);
  return withReads(db, access.userId, rows);
}

/** A readable document of this company, else 404 (another company's document is never revealed). */
export async function findDocument(db: Db, access: DocumentAccess, id: number) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), visible(access)))
    .limit(1);
  if (!row) throw notFound('Document introuvable.');
  return row;
}

/** A readable document among these categories, as the lists show it (read mark included), else 404. */
export async function findDocumentItem(
  db: Db,
  access: DocumentAccess,
  id: number,
  categories: readonly number[],
  message: string,
): Promise<DocumentItem> {
  const [row] = await db
    .select(columns)
    .from(documents)
    .where(and(eq(documents.id, id), visible(access, [...categories])))
    .limit(1);
  if (!row) throw notFound(message);
  return (await withReads(db, access.userId, [row]))[0]!;
}

export async function findDocuments(db: Db, access: DocumentAccess, ids: number[]) {
  const rows = await db
    .select()
    .from(documents)
    .where(and(inArray(documents.id, ids), visible(access)));
  if (rows.length !== new Set(ids).size) throw notFound('Un des documents demandés est introuvable.');
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...new Set(ids)].map((id) => byId.get(id)!);
}

export async function markRead(db: DbOrTx, userId: number, documentIds: number[], at: Date): Promise<void> {
  if (documentIds.length === 0) return;
  await db
    .insert(documentReads)
    .values(documentIds.map((documentId) => ({ documentId, userId, readAt: at })))
    .onConflictDoNothing();
}

/** Documents and unread documents per category, for the tree. */
export async function countsByCategory(
  db: Db,
  access: DocumentAccess,
): Promise<Map<number, { total: number; unread: number }>> {
  const rows = await db
    .select({
      categoryId: documents.categoryId,
      total: count(),
      unread: sql<number>`count(*) filter (where ${documentReads.documentId} is null)`.mapWith(Number),
    })
    .from(documents)
    .leftJoin(documentReads, and(eq(documentReads.documentId, documents.id), eq(documentReads.userId, access.userId)))
    .where(visible(access))
    .groupBy(documents.categoryId);
  return new Map(rows.map((r) => [r.categoryId, { total: r.total, unread: r.unread }]));
}

export type NewDocument = typeof documents.$inferInsert;

/** Files documents for another module (the inbox's batches, the demo seed): this module owns the table (decision 023). */
export function insertDocuments(db: DbOrTx, values: NewDocument[]) {
  return db.insert(documents).values(values).returning({
    id: documents.id,
    companyId: documents.companyId,
    name: documents.name,
    categoryId: documents.categoryId,
    createdAt: documents.createdAt,
  });
}

// What the inbox (same file rules, shared stored bytes) and the demo seed use of this module.
export { documentAccess, mayReadFile, membersAccess, readableFilesWhere, type DocumentAccess } from './access';
export { zipResponse } from './files';
export { holdBlobs, registerBlobUser, removeBlobIfUnused, type BlobHolds } from './blob-guard';
export { probeStorage, storageFor } from './stores';
export { UploadInspector, type UploadTypeCheck } from './upload-inspector';
export { contentDisposition } from './content-disposition';
export { demoPdf } from './seed-files';
export type { FileStorage, IncomingFile, StoredObject } from './storage';
