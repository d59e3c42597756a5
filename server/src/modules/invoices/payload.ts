import { z } from 'zod';
import { isIsoDate } from '../../../../src/domain/dates';
import { hasDiscount } from '../../../../src/domain/discounts';
import { parseFrenchNumber, roundPrice } from '../../../../src/domain/money';
import { lineTotal } from '../../../../src/domain/totals';
import type { Discount, InvoiceLine, InvoicePayload, QuotePayload } from '../../../../src/domain/types';
import { MAX_ID } from '../../http/validate';

// Structural validation only (400): field types and formats. Business rules (422) belong to the
// rulebook in src/domain, run by the routes. Unknown fields are dropped, so a screen may send
// back a whole Invoice read (id, number, totals…) as the payload of a PUT.

const MAX_LINES = 2000;

/** A calendar date, or '' / null for "not set yet" (a draft may be incomplete). */
const optionalDate = z
  .union([z.string().max(10), z.null()])
  .refine((v) => v === null || v === '' || isIsoDate(v), { message: 'La date doit être au format AAAA-MM-JJ.' })
  .transform((v) => (v ? v : null));

/** Numbers may come as JSON numbers or typed text ('1 234,5'); blank counts as 0 for the rules. */
const amount = z
  .union([z.number(), z.string().max(40), z.null()])
  .refine((v) => v === null || v === '' || parseFrenchNumber(v) !== null, { message: 'Le montant doit être un nombre.' })
  .refine((v) => v === null || v === '' || Math.abs(parseFrenchNumber(v) ?? 0) < 1e10, { message: 'Le montant est trop grand.' })
  .transform((v) => (v === null || v === '' ? 0 : (parseFrenchNumber(v) as number)));

/** A discount (decision 012): { type: 'percent' | 'amount', value }; absent or null = none. */
const discountSchema = z.object({ type: z.enum(['percent', 'amount']), value: amount }).nullish();

const text = (max: number) => z.string().max(max).nullish().transform((v) => v ?? '');

export const lineSchema = z.object({
  id: z.union([z.string().max(100), z.number()]).optional(),
  code: text(50),
  type: z.enum(['Standard', 'Commentaire']).default('Standard'),
  label: text(4000),
  quantity: amount.default(0),
  // The spec's unitMeasurement is a label; an article's { label } object is accepted too.
  unitMeasurement: z.union([z.string().max(100), z.object({ label: z.string().max(100) }).transform((u) => u.label), z.null()]).optional().transform((v) => v ?? ''),
  unitPrice: amount.default(0),
  salesAccount: text(50),
  vatRate: amount.default(0),
  total: amount.optional(),
  status: z.enum(['edit', 'read']).optional(),
  // Absent stays absent: a line without a discount is stored exactly as before.
  discount: discountSchema.transform((v) => v ?? undefined),
});

/**
 * The draft version the save started from (issue 10, lost updates): the write happens only if the
 * draft is still at that version. Absent: no check (scripts, older clients).
 */
const version = z.number().int().min(0).max(2_147_483_647).nullish().transform((v) => v ?? null);

const customerRef = z.union([z.object({ accountNumber: z.string().max(50) }), z.null()]).optional().transform((v) => v ?? null);

export const invoicePayloadSchema = z.object({
  designation: text(500),
  customer: customerRef,
  type: z.enum(['Facture', 'Avoir', '']).default(''),
  createdAt: optionalDate.optional().transform((v) => v ?? ''),
  dueDate: optionalDate.optional().transform((v) => v ?? null),
  payementMode: text(200),
  billingAdress: text(2000),
  lines: z.array(lineSchema).max(MAX_LINES).default([]),
  vatClause: text(500),
  calculatesBasisTTC: z.boolean().default(false),
  correctedInvoiceId: z.number().int().positive().max(MAX_ID).nullish().transform((v) => v ?? null),
  discount: discountSchema.transform((v) => v ?? null),
  version,
});

export const quotePayloadSchema = z.object({
  designation: text(500),
  customer: customerRef,
  createdAt: optionalDate.optional().transform((v) => v ?? ''),
  validatedAt: optionalDate.optional().transform((v) => v ?? null),
  billingAdress: text(2000),
  lines: z.array(lineSchema).max(MAX_LINES).default([]),
  vatClause: text(500),
  calculatesBasisTTC: z.boolean().default(false),
  discount: discountSchema.transform((v) => v ?? null),
  version,
});

/** Previews may carry the id of the saved document they show (ignored for the rendering). */
export const invoicePreviewSchema = invoicePayloadSchema.extend({ id: z.number().int().positive().max(MAX_ID).nullish() });
export const quotePreviewSchema = quotePayloadSchema.extend({ id: z.number().int().positive().max(MAX_ID).nullish() });

export type ParsedInvoicePayload = z.output<typeof invoicePayloadSchema>;
export type ParsedQuotePayload = z.output<typeof quotePayloadSchema>;

/** The document discount as stored: two columns, null when there is none. */
export function discountColumns(d: Discount | null | undefined): { discountType: string | null; discountValue: string | null } {
  return hasDiscount(d) ? { discountType: d.type, discountValue: roundPrice(d.value).toFixed(2) } : { discountType: null, discountValue: null };
}

/** The stored columns back as the wire's discount. */
export function discountOf(row: { discountType: string | null; discountValue: string | null }): Discount | null {
  return row.discountType === 'percent' || row.discountType === 'amount' ? { type: row.discountType, value: Number(row.discountValue ?? 0) } : null;
}

/** Lines as stored: the total is the rulebook's, never the client's. */
export function normalizeLines(lines: InvoiceLine[]): InvoiceLine[] {
  return lines.map((l) => ({ ...l, total: lineTotal(l) }));
}

export function asInvoicePayload(p: ParsedInvoicePayload): InvoicePayload {
  return { ...p, customer: p.customer && p.customer.accountNumber.trim() ? { accountNumber: p.customer.accountNumber.trim() } : null };
}

export function asQuotePayload(p: ParsedQuotePayload): QuotePayload {
  return { ...p, customer: p.customer && p.customer.accountNumber.trim() ? { accountNumber: p.customer.accountNumber.trim() } : null };
}
