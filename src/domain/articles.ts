// Article catalogue rules (ART-1 to ART-7, INV-19, INV-20): defaults, type change, HT/VAT/TTC linking, the
// reduced catalogue entry used on invoice lines, new line defaults, and field validation
// (run by the form and again by the server).
import Decimal from 'decimal.js';
import { MAX_UNIT_PRICE, MAX_VAT_RATE } from './amount-limits';
import { parseFrenchNumber, roundPrice, toDecimal } from './money';
import { COMMENT_CODE, DEFAULT_ARTICLE_CODE, SPACER_CODE } from './totals';
import type { Article, InvoiceLine, LineType } from './types';

export const DEFAULT_TYPE_PURCHASE_SALE = 'Vente';

/** What an invoice line needs from a catalogue article (INV-20). */
export interface CatalogEntry {
  code: string;
  unitMeasurement: string;
  unitPriceHT: number;
  vatRate: number;
}

export function newArticle(): Article {
  return {
    code: '',
    type: 'Standard',
    designation: '',
    label: '',
    salesAccount: '',
    unitMeasurement: null,
    unitPriceHT: 0,
    vatRate: 0,
    ttc: 0,
    typePurchaseSale: DEFAULT_TYPE_PURCHASE_SALE,
  };
}

/** A Commentaire has no account, unit, price, VAT or TTC: the form hides those fields. */
export function hasPriceFields(article: Pick<Article, 'type'>): boolean {
  return article.type !== 'Commentaire';
}

/**
 * ART-5: to Commentaire the price and account fields are dropped; back to another type they
 * start again empty/zero (never the values of before, which the user may not notice).
 */
export function onArticleTypeChange(article: Article, type: LineType): Article {
  if (article.type === type) return article;
  return { ...article, type, salesAccount: '', unitMeasurement: null, unitPriceHT: 0, vatRate: 0, ttc: 0 };
}

type NumberInput = number | string | null | undefined;

/** ART-7: a blank VAT becomes 0 ('' / null / NaN / unreadable text). */
export function normalizeVat(vat: NumberInput): number {
  const n = parseFrenchNumber(vat ?? null);
  return n === null ? 0 : n;
}

function vatFactor(vat: number): Decimal {
  return new Decimal(1).plus(toDecimal(vat).dividedBy(100));
}

/** ttc = round2(ht × (1 + vat/100)). */
export function ttcFromHt(ht: NumberInput, vat: NumberInput): number {
  return roundPrice(toDecimal(parseFrenchNumber(ht ?? null) ?? 0).times(vatFactor(normalizeVat(vat))));
}

/** ht = round2(ttc / (1 + vat/100)). */
export function htFromTtc(ttc: NumberInput, vat: NumberInput): number {
  const factor = vatFactor(normalizeVat(vat));
  if (factor.isZero()) return 0; // only for a -100 % rate, which validation refuses anyway
  return roundPrice(toDecimal(parseFrenchNumber(ttc ?? null) ?? 0).dividedBy(factor));
}

export function onHtChange(article: Article, ht: NumberInput): Article {
  if (!hasPriceFields(article)) return article;
  const unitPriceHT = roundPrice(parseFrenchNumber(ht ?? null) ?? 0);
  return { ...article, unitPriceHT, ttc: ttcFromHt(unitPriceHT, article.vatRate) };
}

export function onVatChange(article: Article, vat: NumberInput): Article {
  if (!hasPriceFields(article)) return article;
  const vatRate = normalizeVat(vat);
  return { ...article, vatRate, ttc: ttcFromHt(article.unitPriceHT, vatRate) };
}

export function onTtcChange(article: Article, ttc: NumberInput): Article {
  if (!hasPriceFields(article)) return article;
  const rounded = roundPrice(parseFrenchNumber(ttc ?? null) ?? 0);
  return { ...article, ttc: rounded, unitPriceHT: htFromTtc(rounded, article.vatRate) };
}

export function toInvoiceCatalogEntry(article: Article): CatalogEntry {
  return {
    code: article.code,
    unitMeasurement: article.unitMeasurement?.label ?? '',
    unitPriceHT: article.unitPriceHT,
    vatRate: article.vatRate,
  };
}

/** INV-19, LIMIT-9, LIMIT-10: quantity 1, price 0; code '00' / 'CC' / 'ES'. Comment and spacer lines are Commentaire. */
export function newLine(kind: 'standard' | 'comment' | 'spacer', catalogEntry?: CatalogEntry): InvoiceLine {
  const base: InvoiceLine = {
    code: DEFAULT_ARTICLE_CODE,
    type: 'Standard',
    label: '',
    quantity: 1,
    unitMeasurement: '',
    unitPrice: 0,
    salesAccount: '',
    vatRate: 0,
    total: 0,
    status: 'edit',
  };
  if (kind === 'comment') return { ...base, code: COMMENT_CODE, type: 'Commentaire' };
  if (kind === 'spacer') return { ...base, code: SPACER_CODE, type: 'Commentaire' };
  if (!catalogEntry) return base;
  const unitPrice = roundPrice(catalogEntry.unitPriceHT);
  return {
    ...base,
    code: catalogEntry.code || DEFAULT_ARTICLE_CODE,
    unitMeasurement: catalogEntry.unitMeasurement ?? '',
    unitPrice,
    vatRate: normalizeVat(catalogEntry.vatRate),
    total: unitPrice, // quantity 1
  };
}

export const ARTICLE_MESSAGES = {
  codeRequired: "Le code de l'article est obligatoire.",
  labelRequired: "Le libellé de l'article est obligatoire.",
  typeInvalid: "Le type de l'article doit être Standard ou Commentaire.",
  priceInvalid: "Le prix unitaire HT de l'article doit être un nombre positif ou nul.",
  vatInvalid: "Le taux de TVA de l'article doit être un nombre positif ou nul.",
  priceTooBig: "Le prix unitaire HT de l'article ne peut pas dépasser 1 000 000 000 €.",
  vatTooBig: "Le taux de TVA de l'article ne peut pas dépasser 100 %.",
} as const;

function isNonNegativeNumber(n: unknown): boolean {
  return typeof n === 'number' && Number.isFinite(n) && n >= 0;
}

/** Field rules of an article; price and VAT only matter for a Standard article. */
export function validateArticle(article: Article): string[] {
  const errors: string[] = [];
  if (!article.code?.trim()) errors.push(ARTICLE_MESSAGES.codeRequired);
  if (!article.label?.trim()) errors.push(ARTICLE_MESSAGES.labelRequired);
  if (article.type !== 'Standard' && article.type !== 'Commentaire') errors.push(ARTICLE_MESSAGES.typeInvalid);
  if (article.type === 'Standard') {
    if (!isNonNegativeNumber(article.unitPriceHT)) errors.push(ARTICLE_MESSAGES.priceInvalid);
    else if (article.unitPriceHT > MAX_UNIT_PRICE) errors.push(ARTICLE_MESSAGES.priceTooBig); // decision 009
    if (!isNonNegativeNumber(article.vatRate)) errors.push(ARTICLE_MESSAGES.vatInvalid);
    else if (article.vatRate > MAX_VAT_RATE) errors.push(ARTICLE_MESSAGES.vatTooBig);
  }
  return errors;
}
