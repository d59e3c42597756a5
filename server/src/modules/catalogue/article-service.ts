import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { encodeLabel64 } from '../../../../src/domain/label64';
import type { Article } from '../../../../src/domain/types';
import type { DbOrTx } from '../../db/client';
import { currentXid, items, ITEMS_CODE_UNIQUE } from '../../db/schema/index';
import { conflict, notFound } from '../../http/errors';
import { toApiArticle, type ApiArticle } from './article-input';
import { articleSortKey } from './article-sort-key';
import { isUniqueViolation } from './db-errors';
import { recordDeletion } from './tombstones';
import { containsPattern, pageTotal, type ListQuery, type Page } from './paging';

export const DUPLICATE_CODE = 'Un article avec ce code existe déjà !';
export const ITEM_NOT_FOUND = 'Article introuvable.';

/** The columns an article answer needs (no timestamps, no sort key). */
export const articleColumns = {
  id: items.id,
  code: items.code,
  type: items.type,
  designation: items.designation,
  label: items.label,
  label64: items.label64,
  salesAccount: items.salesAccount,
  unitMeasurement: items.unitMeasurement,
  unitPriceHT: items.unitPriceHT,
  vatRate: items.vatRate,
  ttc: items.ttc,
  typePurchaseSale: items.typePurchaseSale,
};

/** The order of ART-8 (sortArticles): the key sorts byte-wise, ties by creation. */
export const articleOrder = [sql`${items.sortKey} collate "C"`, asc(items.id)];

/** The stored columns of a checked article (sort key, label64 and ttc derived here, never in SQL). */
export function articleValues(companyId: number, article: Article) {
  return {
    companyId,
    code: article.code,
    type: article.type,
    designation: article.designation,
    label: article.label,
    label64: encodeLabel64(article.label),
    salesAccount: article.salesAccount || null,
    unitMeasurement: article.unitMeasurement?.label ?? null,
    unitPriceHT: String(article.unitPriceHT),
    vatRate: String(article.vatRate),
    ttc: String(article.ttc ?? 0),
    typePurchaseSale: article.typePurchaseSale,
    sortKey: articleSortKey(article.type, article.code),
  };
}

export async function listArticles(db: DbOrTx, companyId: number, query: ListQuery): Promise<Page<ApiArticle>> {
  const conditions: SQL[] = [eq(items.companyId, companyId)];
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(ilike(items.code, pattern), ilike(items.designation, pattern), ilike(items.label, pattern)) as SQL,
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select(articleColumns)
    .from(items)
    .where(where)
    .orderBy(...articleOrder)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const total = await pageTotal(
    rows.length,
    query.page,
    query.pageSize,
    async () => (await db.select({ total: count() }).from(items).where(where))[0]!.total,
  );
  return { items: rows.map(toApiArticle), total, page: query.page, pageSize: query.pageSize };
}

/** A duplicate code is the user's conflict (409), never a server fault. */
async function guardDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, ITEMS_CODE_UNIQUE)) throw conflict(DUPLICATE_CODE);
    throw error;
  }
}

export async function insertArticle(db: DbOrTx, companyId: number, article: Article, at: Date): Promise<ApiArticle> {
  return guardDuplicate(async () => {
    const [row] = await db
      .insert(items)
      .values({ ...articleValues(companyId, article), createdAt: at, updatedAt: at })
      .returning(articleColumns);
    return toApiArticle(row);
  });
}

export async function updateArticle(
  db: DbOrTx,
  companyId: number,
  id: number,
  article: Article,
  at: Date,
): Promise<ApiArticle> {
  return guardDuplicate(async () => {
    const [row] = await db
      .update(items)
      .set({ ...articleValues(companyId, article), updatedAt: at, syncXid: currentXid() })
      .where(and(eq(items.id, id), eq(items.companyId, companyId)))
      .returning(articleColumns);
    if (!row) throw notFound(ITEM_NOT_FOUND);
    return toApiArticle(row);
  });
}

export async function deleteArticle(db: DbOrTx, companyId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(items)
    .where(and(eq(items.id, id), eq(items.companyId, companyId)))
    .returning({ id: items.id });
  if (!deleted.length) throw notFound(ITEM_NOT_FOUND);
  await recordDeletion(db, companyId, 'items', id);
}
