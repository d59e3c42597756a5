import {
  DEFAULT_TYPE_PURCHASE_SALE,
  normalizeVat,
  onArticleTypeChange,
  onHtChange,
  validateArticle,
} from '../../../../src/domain/articles';
import { decodeLabel64 } from '../../../../src/domain/label64';
import { parseFrenchNumber, roundPrice } from '../../../../src/domain/money';
import type { Article, LineType } from '../../../../src/domain/types';
import { unprocessable } from '../../http/errors';
import type { items } from '../../db/schema/index';
import { withoutNul } from './text';

// What POST/PUT /api/items accept (ART-2: the label travels as label64, the unit as { label })
// and what every article answer looks like. Structure errors are 400 (zod); the domain's
// article rules are re-run here and answer 422 with every broken rule.

// The request and answer schemas live in the contract (src/contract/catalogue.ts, decision 021).
export { articleBody, type ArticleBody, type ApiArticle } from '../../../../src/contract/catalogue';
import type { ApiArticle, ArticleBody } from '../../../../src/contract/catalogue';

export const ARTICLE_ERRORS_TITLE = 'L’article contient des erreurs.';

/** An unreadable typed number stays NaN so validateArticle reports it; blank is 0. */
function readNumber(value: number | string | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  return parseFrenchNumber(value) ?? Number.NaN;
}

/** The article the server will store, after the same rules as the form; 422 when one is broken. */
export function articleFromBody(body: ArticleBody): Article {
  const draft: Article = {
    code: body.code.trim(),
    type: body.type as LineType,
    designation: (body.designation ?? '').trim(),
    label: withoutNul(body.label64 !== undefined ? decodeLabel64(body.label64) : (body.label ?? '')),
    salesAccount: (body.salesAccount ?? '').trim(),
    unitMeasurement: body.unitMeasurement?.label.trim() ? { label: body.unitMeasurement.label.trim() } : null,
    unitPriceHT: 0,
    vatRate: roundPrice(normalizeVat(body.vatRate)),
    typePurchaseSale: body.typePurchaseSale?.trim() || DEFAULT_TYPE_PURCHASE_SALE,
  };
  const price = readNumber(body.unitPriceHT);
  // A Commentaire keeps no account, unit, price, VAT or TTC: the rule of a change to that type.
  const article =
    draft.type === 'Commentaire'
      ? onArticleTypeChange({ ...draft, type: 'Standard' }, 'Commentaire')
      : onHtChange(draft, Number.isNaN(price) ? null : price);
  // The form turns unreadable text into 0; an API client sending it gets told instead. The
  // bounds (price, rate) are the rulebook's, so the form refuses them too, offline.
  const errors = validateArticle(Number.isNaN(price) ? { ...article, unitPriceHT: Number.NaN } : article);
  if (errors.length) throw unprocessable(ARTICLE_ERRORS_TITLE, errors);
  return article;
}

export type ArticleRow = Pick<
  typeof items.$inferSelect,
  | 'id'
  | 'code'
  | 'type'
  | 'designation'
  | 'label'
  | 'label64'
  | 'salesAccount'
  | 'unitMeasurement'
  | 'unitPriceHT'
  | 'vatRate'
  | 'ttc'
  | 'typePurchaseSale'
>;

export function toApiArticle(row: ArticleRow): ApiArticle {
  const unitPriceHT = Number(row.unitPriceHT);
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    designation: row.designation,
    label: row.label,
    label64: row.label64,
    salesAccount: row.salesAccount ?? '',
    unitMeasurement: row.unitMeasurement ? { label: row.unitMeasurement } : null,
    unitPriceHT,
    vatRate: Number(row.vatRate),
    ttc: Number(row.ttc),
    ht: unitPriceHT,
    typePurchaseSale: row.typePurchaseSale,
  };
}
