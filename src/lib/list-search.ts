// List filters live in the URL (decision 022): a list can be linked, reloaded, and the back button
// brings its filters back. Each list route validates its search params here: anything missing or
// malformed falls back to the default (and is left out of the URL), never an error screen.

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
const whole = (v: unknown, min: number): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= min ? n : undefined;
};
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (v: unknown): T | undefined =>
    (values as readonly unknown[]).includes(v) ? (v as T) : undefined;
const texts = (v: unknown): string[] | undefined => {
  const list = (Array.isArray(v) ? v : v == null ? [] : [v]).map(text).filter((x): x is string => !!x);
  return list.length ? list : undefined;
};
/** Drops undefined keys: the URL only shows what differs from the defaults. */
const clean = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

export const DOCUMENT_SORTS = ['date', '-date', 'name', '-name', 'size', '-size', 'category', '-category'] as const;
export interface DocumentsSearch {
  /** 0: every category (chosen explicitly; absent: the place the server remembered). */
  category?: number;
  sort?: (typeof DOCUMENT_SORTS)[number];
  q?: string;
  page?: number;
}
export const documentsSearch = (s: Record<string, unknown>): DocumentsSearch =>
  clean({ category: whole(s.category, 0), sort: oneOf(DOCUMENT_SORTS)(s.sort), q: text(s.q), page: whole(s.page, 2) });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = (v: unknown): string | undefined => (typeof v === 'string' && DATE.test(v) ? v : undefined);

export const INVOICE_STATUSES = ['brouillon', 'validee', 'payee', 'impayee', 'retard'] as const;
export interface InvoiceListSearch {
  q?: string;
  customer?: string;
  status?: (typeof INVOICE_STATUSES)[number];
  type?: 'Facture' | 'Avoir';
  validated?: 'true' | 'false';
  from?: string;
  to?: string;
  /** Decision 089: the last lifecycle status's code (« Refusée » 210, « Encaissée » 212…). */
  lifecycle?: string;
}
export const invoiceListSearch = (s: Record<string, unknown>): InvoiceListSearch =>
  clean({
    q: text(s.q),
    customer: text(s.customer),
    status: oneOf(INVOICE_STATUSES)(s.status),
    type: oneOf(['Facture', 'Avoir'] as const)(s.type),
    validated: oneOf(['true', 'false'] as const)(typeof s.validated === 'boolean' ? String(s.validated) : s.validated),
    from: date(s.from),
    to: date(s.to),
    lifecycle:
      typeof s.lifecycle === 'string' || typeof s.lifecycle === 'number'
        ? /^\d{3}$/.exec(String(s.lifecycle))?.[0]
        : undefined,
  });

const QUOTE_STATES = ['En cours', 'Accepté', 'Facturé', 'Annulé'] as const;
export interface QuoteListSearch {
  q?: string;
  customer?: string;
  state?: (typeof QUOTE_STATES)[number];
  from?: string;
  to?: string;
}
export const quoteListSearch = (s: Record<string, unknown>): QuoteListSearch =>
  clean({
    q: text(s.q),
    customer: text(s.customer),
    state: oneOf(QUOTE_STATES)(s.state),
    from: date(s.from),
    to: date(s.to),
  });

export interface PageSearch {
  page?: number;
}
export const pageSearch = (s: Record<string, unknown>): PageSearch => clean({ page: whole(s.page, 2) });

export interface CatalogueSearch {
  q?: string;
}
export const catalogueSearch = (s: Record<string, unknown>): CatalogueSearch => clean({ q: text(s.q) });

export interface CustomerSheetSearch {
  accountNumber: string;
}
/** Account numbers are text: '411001' must not become a number, nor a missing one 'undefined'. */
export const customerSheetSearch = (search: Record<string, unknown>): CustomerSheetSearch => ({
  accountNumber: search.accountNumber == null ? '' : String(search.accountNumber),
});

export { clean, oneOf, text, texts, whole };
