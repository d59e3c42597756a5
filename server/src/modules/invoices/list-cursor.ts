import { and, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { estimates, invoices } from '../../db/schema/index';
import { badRequest } from '../../http/errors';

// Keyset paging of the invoice and quote lists (decision 036): `?after=` carries the sort key of the
// last row of the page before, so page 2 000 reads 50 index entries instead of skipping 100 000.
// The cursor is opaque to clients (base64url of the key), and checked here: a cursor that is not
// ours is a 400, never a 500 or a silently wrong page.

export const BAD_CURSOR =
  'Le curseur de page « after » est invalide : reprenez la liste depuis le début, sans « after ».';

/** Sort key of an invoice row: [year, seq, number, id]; a draft has no number, so [null, null, null, id]. */
export type InvoiceKey = [number | null, number | null, string | null, number];
/** Sort key of a quote row: [year, seq, id] (a quote is numbered when created). */
export type QuoteKey = [number, number, number];

export const encodeCursor = (key: InvoiceKey | QuoteKey): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

function decode(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value)) return value;
  } catch {
    // falls through to the 400
  }
  throw badRequest(BAD_CURSOR, 'after');
}

const isInt = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

export function decodeInvoiceCursor(text: string): InvoiceKey {
  const key = decode(text);
  const [year, seq, number, id] = key;
  const draft = year === null && seq === null && number === null;
  const numbered = isInt(year) && isInt(seq) && typeof number === 'string' && number.length <= 100;
  if (key.length !== 4 || !isInt(id) || !(draft || numbered)) throw badRequest(BAD_CURSOR, 'after');
  return key as InvoiceKey;
}

export function decodeQuoteCursor(text: string): QuoteKey {
  const key = decode(text);
  if (key.length !== 3 || !key.every(isInt)) throw badRequest(BAD_CURSOR, 'after');
  return key as QuoteKey;
}

/**
 * Rows after `key` in INVOICE_ORDER (drafts first, then number descending). A numbered key is one
 * row comparison, which PostgreSQL reads as a range of invoices_company_order_idx; after a draft
 * come the older drafts, then every numbered invoice (a validated invoice always has all three).
 */
export function afterInvoice([year, seq, number, id]: InvoiceKey): SQL | undefined {
  if (year === null) return or(and(isNull(invoices.numberYear), lt(invoices.id, id)), isNotNull(invoices.numberYear));
  return sql`(${invoices.numberYear}, ${invoices.numberSeq}, ${invoices.number}, ${invoices.id}) < (${year}, ${seq}, ${number}, ${id})`;
}

/** Rows after `key` in the quote order (number descending), a range of estimates_company_order_idx. */
export const afterQuote = ([year, seq, id]: QuoteKey): SQL =>
  sql`(${estimates.numberYear}, ${estimates.numberSeq}, ${estimates.id}) < (${year}, ${seq}, ${id})`;
