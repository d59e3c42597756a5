import { z } from 'zod';
import { DATE_OUT_OF_BOUNDS, dateFilterProblem, isIsoDate } from '../domain/dates';
import { parseFrenchNumber } from '../domain/money';
import { stateKeyFromLabel, stateLabelFromKey } from '../domain/quote-states';
import { OPERATION_KINDS } from '../domain/operation-kind';
import { MAX_ID } from './common';

// What invoices and quotes look like on the wire (INV-17, QUO-11; the spec's names payementMode and
// billingAdress kept), in and out. Requests: structural validation only (400) — the business
// rules (422) belong to the rulebook in src/domain, run by the server. Unknown fields are dropped,
// so a screen may send back a whole Invoice read (id, number, totals…) as the payload of a PUT.

const MAX_LINES = 2000;

/** A calendar date, or '' / null for "not set yet" (a draft may be incomplete). */
const optionalDate = z
  .union([z.string().max(10), z.null()])
  .refine((v) => v === null || v === '' || isIsoDate(v), { message: 'La date doit être au format AAAA-MM-JJ.' })
  .transform((v) => (v ? v : null));

/** Numbers may come as JSON numbers or typed text ('1 234,5'); blank counts as 0 for the rules. */
const amount = z
  .union([z.number(), z.string().max(40), z.null()])
  .refine((v) => v === null || v === '' || parseFrenchNumber(v) !== null, {
    message: 'Le montant doit être un nombre.',
  })
  .refine((v) => v === null || v === '' || Math.abs(parseFrenchNumber(v) ?? 0) < 1e10, {
    message: 'Le montant est trop grand.',
  })
  .transform((v) => (v === null || v === '' ? 0 : (parseFrenchNumber(v) as number)));

/** A discount (decision 012): { type: 'percent' | 'amount', value }; absent or null = none. */
const discountSchema = z.object({ type: z.enum(['percent', 'amount']), value: amount }).nullish();

const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');

export const lineSchema = z.object({
  id: z.union([z.string().max(100), z.number()]).optional(),
  code: text(50),
  type: z.enum(['Standard', 'Commentaire']).default('Standard'),
  label: text(4000),
  quantity: amount.default(0),
  // The spec's unitMeasurement is a label; an article's { label } object is accepted too.
  unitMeasurement: z
    .union([z.string().max(100), z.object({ label: z.string().max(100) }).transform((u) => u.label), z.null()])
    .optional()
    .transform((v) => v ?? ''),
  unitPrice: amount.default(0),
  salesAccount: text(50),
  vatRate: amount.default(0),
  total: amount.optional(),
  status: z.enum(['edit', 'read']).optional(),
  // Absent stays absent: a line without a discount is stored exactly as before.
  discount: discountSchema.transform((v) => v ?? undefined),
});

/**
 * The draft version the save started from (decision 010, lost updates): the write happens only if the
 * draft is still at that version. Absent: no check (scripts, older clients).
 */
const version = z
  .number()
  .int()
  .min(0)
  .max(2_147_483_647)
  .nullish()
  .transform((v) => v ?? null);

const customerRef = z
  .union([z.object({ accountNumber: z.string().max(50) }), z.null()])
  .optional()
  .transform((v) => v ?? null);

export const invoicePayloadSchema = z.object({
  designation: text(500),
  customer: customerRef,
  type: z.enum(['Facture', 'Avoir', '']).default(''),
  createdAt: optionalDate.optional().transform((v) => v ?? ''),
  dueDate: optionalDate.optional().transform((v) => v ?? null),
  // Wire names as the spec spells them; asInvoicePayload renames them (src/domain/wire-names.ts).
  payementMode: text(200),
  billingAdress: text(2000),
  lines: z.array(lineSchema).max(MAX_LINES).default([]),
  vatClause: text(500),
  calculatesBasisTTC: z.boolean().default(false),
  correctedInvoiceId: z
    .number()
    .int()
    .positive()
    .max(MAX_ID)
    .nullish()
    .transform((v) => v ?? null),
  discount: discountSchema.transform((v) => v ?? null),
  // The reform's mentions (decision 046; absent: not said; the rulebook says when one is required).
  operationKind: z
    .enum(OPERATION_KINDS)
    .nullish()
    .transform((v) => v ?? null),
  /** VAT on debits for this invoice; null: the company's default. */
  vatOnDebits: z
    .boolean()
    .nullish()
    .transform((v) => v ?? null),
  /** Where the goods go, when it differs from the billing address. */
  deliveryAddress: text(2000).transform((v) => v || null),
  /** Date of the sale or service, when it differs from the billing date. */
  saleDate: optionalDate.optional().transform((v) => v ?? null),
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
export const invoicePreviewSchema = invoicePayloadSchema.extend({
  id: z.number().int().positive().max(MAX_ID).nullish(),
});
export const quotePreviewSchema = quotePayloadSchema.extend({ id: z.number().int().positive().max(MAX_ID).nullish() });

export type ParsedInvoicePayload = z.output<typeof invoicePayloadSchema>;
export type ParsedQuotePayload = z.output<typeof quotePayloadSchema>;

// ── Lists ────────────────────────────────────────────────────────────────────────────────────
export const MAX_LIST_PAGE_SIZE = 10_000;
const date = z
  .string()
  .refine((v) => dateFilterProblem(v) !== 'format', { message: 'La date doit être au format AAAA-MM-JJ.', abort: true })
  .refine((v) => dateFilterProblem(v) !== 'bounds', { message: DATE_OUT_OF_BOUNDS });
const paging = {
  q: z.string().max(200).optional(),
  customer: z.string().max(50).optional(),
  from: date.optional(),
  to: date.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_LIST_PAGE_SIZE).default(50),
  /** Keyset cursor: the `next` of the page before; wins over `page` (deep pages stay fast, decision 036). */
  after: z.string().max(400).optional(),
};

export const invoiceListQuery = z.object({
  ...paging,
  type: z.enum(['Facture', 'Avoir']).optional(),
  validated: z.enum(['true', 'false']).optional(),
  state: z.enum(['paid', 'unpaid', 'overdue']).optional(),
  /** Decision 089: the invoices whose last lifecycle status has this code (200…213, 220). */
  lifecycle: z
    .string()
    .regex(/^\d{3}$/, { message: 'Le statut de cycle de vie est un code de 3 chiffres (200, 210, 212…).' })
    .optional(),
});

export const quoteListQuery = z.object({
  ...paging,
  state: z
    .string()
    .max(50)
    .optional()
    .refine((s) => s === undefined || s === '' || !!stateKeyFromLabel(s) || !!stateLabelFromKey(s), {
      message: 'État de devis inconnu (En cours, Accepté, Facturé, Annulé).',
    }),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────
const discount = z.object({ type: z.enum(['percent', 'amount']), value: z.number() });
export const storedLine = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  code: z.string(),
  type: z.enum(['Standard', 'Commentaire']),
  label: z.string(),
  quantity: z.number(),
  unitMeasurement: z.string(),
  unitPrice: z.number(),
  salesAccount: z.string(),
  vatRate: z.number(),
  total: z.number().optional(),
  status: z.enum(['edit', 'read']).optional(),
  discount: discount.nullish(),
});
export const totals = z.object({
  ht: z.number(),
  tva: z.number(),
  ttc: z.number(),
  subtotal: z.number().optional(),
  discount: z.number().optional(),
});
export const vatBreakdownEntry = z.object({ rate: z.number(), base: z.number(), vat: z.number() });
const partyRef = z.object({ accountNumber: z.string(), socialReason: z.string(), name: z.string() });

/** An invoice or credit note as every answer carries it. */
export const invoiceJson = z.object({
  id: z.number(),
  designation: z.string(),
  customer: partyRef.nullable(),
  type: z.enum(['Facture', 'Avoir', '']),
  createdAt: z.string(),
  dueDate: z.string().nullable(),
  payementMode: z.string(),
  billingAdress: z.string(),
  lines: z.array(storedLine),
  vatClause: z.string(),
  calculatesBasisTTC: z.boolean(),
  discount: discount.nullish(),
  correctedInvoiceId: z.number().nullish(),
  correctedInvoiceNumber: z.string().nullable(),
  operationKind: z.enum(OPERATION_KINDS).nullable(),
  vatOnDebits: z.boolean().nullable(),
  deliveryAddress: z.string().nullable(),
  saleDate: z.string().nullable(),
  validated: z.boolean(),
  number: z.string().nullable(),
  validatedAt: z.string().nullish(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  estimateId: z.number().nullish(),
  estimate: z.object({ id: z.number(), number: z.string() }).nullable(),
  ledgerId: z.number().nullable(),
  totals,
  vatBreakdown: z.array(vatBreakdownEntry),
  /** Draft version: sent back with the next save (409 when someone saved in between). */
  version: z.number(),
});
export type InvoiceJson = z.output<typeof invoiceJson>;

/** A quote as every answer carries it. */
export const quoteJson = z.object({
  id: z.number(),
  number: z.string(),
  state: z.enum(['En cours', 'Accepté', 'Facturé', 'Annulé']),
  designation: z.string(),
  customer: partyRef.nullable(),
  createdAt: z.string(),
  validatedAt: z.string().nullable(),
  billingAdress: z.string(),
  lines: z.array(storedLine),
  vatClause: z.string(),
  calculatesBasisTTC: z.boolean(),
  discount: discount.nullish(),
  totals,
  vatBreakdown: z.array(vatBreakdownEntry),
  invoiceId: z.number().nullable(),
  invoice: z.object({ id: z.number(), number: z.string().nullable() }).nullable(),
  version: z.number(),
});
export type QuoteJson = z.output<typeof quoteJson>;

/** A row of GET /api/factures (INV-18: id, customer, type, number, estimate, invoice). */
export const invoiceListRow = z.object({
  id: z.number(),
  customer: partyRef,
  type: z.enum(['Facture', 'Avoir', '']),
  number: z.string().nullable(),
  estimate: z.object({ id: z.number(), number: z.string() }).nullable(),
  invoice: z.object({
    createdAt: z.string().nullable(),
    dueDate: z.string().nullable(),
    validated: z.boolean(),
    sentAt: z.string().nullable(),
    paidAt: z.string().nullable(),
    overdue: z.boolean(),
    ht: z.number(),
    tva: z.number(),
    ttc: z.number(),
    amountPaid: z.number(),
    amountCredited: z.number(),
  }),
  /** Decision 089: the last lifecycle status of the invoice sent, null when none came. */
  lastStatus: z.object({ code: z.string(), label: z.string() }).nullable().optional(),
});
export type InvoiceListRow = z.output<typeof invoiceListRow>;

/** A row of GET /api/estimates. */
export const quoteListRow = z.object({
  id: z.number(),
  number: z.string(),
  state: z.enum(['En cours', 'Accepté', 'Facturé', 'Annulé']),
  customer: partyRef,
  createdAt: z.string().nullable(),
  validatedAt: z.string().nullable(),
  ht: z.number(),
  ttc: z.number(),
  invoiceId: z.number().nullable(),
});
export type QuoteListRow = z.output<typeof quoteListRow>;
