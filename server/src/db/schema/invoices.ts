import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { InvoiceLine, VatBreakdownEntry } from '../../../../src/domain/types';
import type { PdfParty } from '../../../../src/pdf/types';
import type { CdarCollected, CdarFailedRule } from '../../../../src/einvoice/cdar';
import { companies } from './users';
import { customers, ledgers } from './catalogue';

// Invoices, credit notes and quotes (decision 003). Lines travel as jsonb (JSON numbers are exact
// numerics in jsonb); the totals are computed by the rulebook and stored as numeric so lists
// and the dashboard never recompute 100 000 documents.

// Buffer is a Uint8Array both drivers accept (node-postgres only binds Buffers as bytea).
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
});
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 }).notNull().default('0');

/** Identity of the customer as printed on the validated document (frozen with the number). */
export type CustomerSnapshot = PdfParty & {
  accountNumber: string;
  socialReason: string;
  contactName?: string;
  deliveryAddressLines?: string[];
  isBusiness?: boolean;
};

export const INVOICES_NUMBER_UNIQUE = 'invoices_company_number_uq';

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    type: text('type').notNull().default('Facture'),
    designation: text('designation').notNull().default(''),
    // No cascade: a customer who was invoiced must not disappear with its documents.
    customerId: integer('customer_id').references(() => customers.id),
    createdAt: date('created_at', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    paymentMode: text('payment_mode').notNull().default(''),
    billingAddress: text('billing_address').notNull().default(''),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull().default([]),
    vatClause: text('vat_clause').notNull().default(''),
    calculatesBasisTTC: boolean('calculates_basis_ttc').notNull().default(false),
    // Document discount (decision 012): 'percent' | 'amount', null = none; line discounts ride in lines.
    discountType: text('discount_type'),
    discountValue: numeric('discount_value', { precision: 14, scale: 2 }),
    correctedInvoiceId: integer('corrected_invoice_id').references((): AnyPgColumn => invoices.id),
    // The reform's mentions (decision 046): 'biens' | 'services' | 'mixte' (null: not said yet, refused at
    // validation); VAT on debits (null: the company's default); where the goods go when it differs
    // from the billing address; the date of the sale or service when it differs from the issue date.
    operationKind: text('operation_kind'),
    vatOnDebits: boolean('vat_on_debits'),
    deliveryAddress: text('delivery_address'),
    saleDate: date('sale_date', { mode: 'string' }),
    estimateId: integer('estimate_id'),
    ht: money('ht'),
    tva: money('tva'),
    ttc: money('ttc'),
    vatBreakdown: jsonb('vat_breakdown').$type<VatBreakdownEntry[]>().notNull().default([]),
    validated: boolean('validated').notNull().default(false),
    /** 'F2026-0001' / 'AV2026-0001'; null for a draft. year + seq make the list order an index scan. */
    number: text('number'),
    numberYear: integer('number_year'),
    numberSeq: integer('number_seq'),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    ledgerId: integer('ledger_id').references(() => ledgers.id),
    customerSnapshot: jsonb('customer_snapshot').$type<CustomerSnapshot>(),
    sellerSnapshot: jsonb('seller_snapshot').$type<PdfParty>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: date('paid_at', { mode: 'string' }),
    /** searchKey (src/domain/search-text) of number, designation and customer: accent-free search. */
    searchText: text('search_text').notNull().default(''),
    /** Sum of invoice_payments (TTC), kept with each payment so lists and the dashboard need no join (decision 011). */
    amountPaid: money('amount_paid'),
    /** Sum of the validated credit notes correcting this invoice (TTC), kept at each credit note's validation. */
    amountCredited: money('amount_credited'),
    /** Draft edit counter: a save names the version it started from (lost updates, decision 010). */
    version: integer('version').notNull().default(1),
    insertedAt: timestamp('inserted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex(INVOICES_NUMBER_UNIQUE).on(t.companyId, t.number),
    // DESC NULLS FIRST: drafts (no number) lead, then number descending (INV-26); list-query.ts orders the same way.
    index('invoices_company_order_idx').on(
      t.companyId,
      t.numberYear.desc().nullsFirst(),
      t.numberSeq.desc().nullsFirst(),
      t.number.desc().nullsFirst(),
      t.id.desc(),
    ),
    index('invoices_company_date_idx').on(t.companyId, t.createdAt),
    index('invoices_company_customer_idx').on(t.companyId, t.customerId),
    index('invoices_company_validated_at_idx').on(t.companyId, t.validatedAt),
    // Unpaid invoices are few among years of paid ones: the dashboard and the "impayées" filter read only these.
    // An invoice fully credited owes nothing any more: it leaves the unpaid ones (decision 011).
    index('invoices_company_unpaid_idx')
      .on(t.companyId, t.dueDate)
      .where(sql`${t.validated} and ${t.type} = 'Facture' and ${t.paidAt} is null and ${t.amountCredited} < ${t.ttc}`),
    // The credit notes of an invoice (its page links to them, the credit limit sums them).
    index('invoices_corrected_idx')
      .on(t.correctedInvoiceId)
      .where(sql`${t.correctedInvoiceId} is not null`),
  ],
);

/** The validated PDF, kept apart so list queries never drag the bytes along. */
export const invoicePdfs = pgTable('invoice_pdfs', {
  invoiceId: integer('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  bytes: bytea('bytes').notNull(),
});

export const estimates = pgTable(
  'estimates',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    number: text('number').notNull(),
    numberYear: integer('number_year').notNull(),
    numberSeq: integer('number_seq').notNull(),
    /** Key of the state ('enCours', 'accepte', 'facture', 'annule'); the API speaks labels. */
    state: text('state').notNull().default('enCours'),
    designation: text('designation').notNull().default(''),
    customerId: integer('customer_id').references(() => customers.id),
    createdAt: date('created_at', { mode: 'string' }).notNull(),
    /** The validity date (QUO-11), not an instant. */
    validatedAt: date('validated_at', { mode: 'string' }),
    billingAddress: text('billing_address').notNull().default(''),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull().default([]),
    vatClause: text('vat_clause').notNull().default(''),
    calculatesBasisTTC: boolean('calculates_basis_ttc').notNull().default(false),
    discountType: text('discount_type'),
    discountValue: numeric('discount_value', { precision: 14, scale: 2 }),
    ht: money('ht'),
    tva: money('tva'),
    ttc: money('ttc'),
    vatBreakdown: jsonb('vat_breakdown').$type<VatBreakdownEntry[]>().notNull().default([]),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    searchText: text('search_text').notNull().default(''),
    /** Draft edit counter, as for invoices. */
    version: integer('version').notNull().default(1),
    insertedAt: timestamp('inserted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('estimates_company_number_uq').on(t.companyId, t.number),
    index('estimates_company_order_idx').on(t.companyId, t.numberYear.desc(), t.numberSeq.desc(), t.id.desc()),
    index('estimates_company_customer_idx').on(t.companyId, t.customerId),
  ],
);

/**
 * One row per company and series ('F2026', 'AV2026', 'D2026'): the last number given. Every
 * numbering first locks the company's row of series '*' (SELECT … FOR UPDATE), so numbers and
 * the rules judged against validated invoices (monthly limit, chronology) are serialised.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    companyId: companyId(),
    series: text('series').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.series] })],
);

/**
 * Payments received for an invoice (decision 011): partial payments allowed, amounts numeric. The
 * invoice's amount_paid and paid_at (date it became fully paid) follow in the same transaction.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** 'virement' | 'cheque' | 'carte' | 'especes' | 'prelevement' | 'autre' (src/domain/invoice-status). */
    means: text('means').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    insertedAt: timestamp('inserted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_payments_invoice_idx').on(t.invoiceId)],
);

/**
 * What happened to an invoice, for its history: 'created', 'validated', 'sent' (detail.to),
 * 'payment' (detail.amount, means, date), 'payments_cleared', 'credited' (detail.creditNoteId,
 * number, amount). Written in the transaction of the change it records.
 */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    detail: jsonb('detail').$type<Record<string, string | number | null>>().notNull().default({}),
  },
  (t) => [index('invoice_events_invoice_idx').on(t.invoiceId, t.at)],
);

/**
 * The lifecycle trail of an invoice sent (decision 089): each status of XP Z12-012 it went through
 * (« Déposée », « Rejetée », « Refusée », « Encaissée »…), dated, append-only — a trigger refuses
 * every UPDATE and DELETE (migration 0014). Statuses come from the platform (setBy 'platform' or
 * 'buyer') or are ours (setBy 'us': « Encaissée »); ours carry their outgoing flow (platform_outbox,
 * kind 'status', sourceId = this row's id).
 */
export const invoiceLifecycleEvents = pgTable(
  'invoice_lifecycle_events',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** The status code (200…213, 220) and its label as received or written. */
    code: text('code').notNull(),
    label: text('label').notNull(),
    /** When the status was set (MDT-78, else the message's date). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** 'platform' | 'buyer' | 'seller' | 'us' */
    setBy: text('set_by').notNull(),
    reasonCode: text('reason_code'),
    reasonText: text('reason_text'),
    /** « Rejetée »: the rules the platform found broken. */
    failedRules: jsonb('failed_rules').$type<CdarFailedRule[]>().notNull().default([]),
    /** « Encaissée »: the amount received per VAT rate. */
    collected: jsonb('collected').$type<CdarCollected[]>().notNull().default([]),
    /** The platform's flow that brought it (incoming), else null. */
    flowId: text('flow_id'),
    /** The CDAR message's own id (MDT-4). */
    messageId: text('message_id'),
    /** Ours: the payment that made the « Encaissée ». */
    paymentId: integer('payment_id'),
  },
  (t) => [
    index('invoice_lifecycle_events_invoice_idx').on(t.invoiceId, t.occurredAt, t.id),
    uniqueIndex('invoice_lifecycle_events_flow_uq').on(t.companyId, t.flowId),
  ],
);
