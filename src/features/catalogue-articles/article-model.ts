// Articles as the screens hold them: the API row kept in the cache, the form's domain Article,
// the request body (label sent as label64), search over a 10 000-row catalogue, and the French
// writing of amounts in input fields.
import { encodeLabel64 } from '../../domain/label64';
import { ttcFromHt } from '../../domain/articles';
import { searchKey } from '../../domain/search-text';
import { sortArticles } from '../../domain/sorting';
import type { Article, LineType } from '../../domain/types';
import type { ApiArticle } from '../../contract/catalogue';

/**
 * One catalogue row as GET /api/items returns it (src/contract/catalogue.ts) and as the cache keeps
 * it: the id is a temporary one ('tmp-…') while its creation waits in the outbox.
 */
export type ArticleRow = Omit<ApiArticle, 'id' | 'label64' | 'ht' | 'type'> & {
  id: number | string;
  type: LineType | string;
  label64?: string;
  ht?: number;
};

/** POST/PUT /api/items body as this app sends it (checked against the contract where it is queued). */
export interface ArticleBody {
  code: string;
  type: LineType;
  designation: string;
  label64: string;
  salesAccount: string;
  unitMeasurement: { label: string } | null;
  unitPriceHT: number;
  vatRate: number;
  typePurchaseSale: string;
}

export function articleFromRow(row: ArticleRow): Article {
  return {
    code: row.code ?? '',
    type: row.type === 'Commentaire' ? 'Commentaire' : 'Standard',
    designation: row.designation ?? '',
    label: row.label ?? '',
    salesAccount: row.salesAccount ?? '',
    unitMeasurement: row.unitMeasurement?.label ? { label: row.unitMeasurement.label } : null,
    unitPriceHT: Number(row.unitPriceHT) || 0,
    vatRate: Number(row.vatRate) || 0,
    ttc: Number(row.ttc) || 0,
    typePurchaseSale: row.typePurchaseSale || 'Vente',
  };
}

/** POST/PUT /api/items body: trimmed texts, label as label64 (ART-2). */
export function articleBody(article: Article): ArticleBody {
  return {
    code: article.code.trim(),
    type: article.type,
    designation: article.designation.trim(),
    label64: encodeLabel64(article.label),
    salesAccount: article.salesAccount,
    unitMeasurement: article.unitMeasurement,
    unitPriceHT: article.unitPriceHT,
    vatRate: article.vatRate,
    typePurchaseSale: article.typePurchaseSale,
  };
}

/** The row shown in the list while the server has not answered (queued offline). */
export function localArticleRow(article: Article, id: number | string): ArticleRow {
  const body = articleBody(article);
  const standard = article.type === 'Standard';
  return {
    ...body,
    id,
    label: article.label,
    ttc: standard ? ttcFromHt(article.unitPriceHT, article.vatRate) : 0,
    ht: article.unitPriceHT,
  };
}

export interface IndexedArticles {
  rows: ArticleRow[];
  keys: string[];
}

/** Sorted once per change of the cache (ART-8: Standard first, then by code), with folded search keys. */
export function indexArticles(rows: readonly ArticleRow[]): IndexedArticles {
  const sorted = sortArticles(rows as ArticleRow[]);
  return { rows: sorted, keys: sorted.map((r) => searchKey(`${r.code} ${r.designation} ${r.label}`)) };
}

/** Every word of the query in the code, designation or label (case and accents ignored). */
export function filterArticles(index: IndexedArticles, query: string): ArticleRow[] {
  const words = searchKey(query).split(' ').filter(Boolean);
  if (words.length === 0) return index.rows;
  return index.rows.filter((_, i) => words.every((w) => index.keys[i].includes(w)));
}
