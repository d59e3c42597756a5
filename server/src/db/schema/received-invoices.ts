import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CdarCollected, CdarFailedRule } from '../../../../src/einvoice/cdar';
import type { EInvoiceFinding, ReceivedInvoiceLine, ReceivedVatEntry } from '../../../../src/einvoice/types';
import { companies, users } from './users';
import { inboxDeposits } from './inbox';

/**
 * « Factures reçues » (decision 046): a supplier's e-invoice (Factur-X PDF, CII or UBL) deposited by a
 * member or arriving through the inbox. The original file is the inbox deposit (category
 * Comptabilité › Achats), kept unchanged; this row is what the server read from it and what the
 * checks found. Nothing here is ever rewritten from the user's side: a new reading is a new row.
 */
export const receivedInvoices = pgTable(
  'received_invoices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The original file, unchanged (inbox deposit in « Achats »). */
    depositId: integer('deposit_id')
      .notNull()
      .references(() => inboxDeposits.id),
    depositedBy: integer('deposited_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'facturx' | 'cii' | 'ubl' */
    format: text('format').notNull(),
    /** 'Facture' | 'Avoir' */
    kind: text('kind').notNull().default('Facture'),
    supplierName: text('supplier_name').notNull().default(''),
    supplierSiren: text('supplier_siren'),
    supplierVatNumber: text('supplier_vat_number'),
    /** The supplier's key for duplicates: SIREN, else VAT number, else name. */
    supplierKey: text('supplier_key').notNull(),
    number: text('number').notNull(),
    issueDate: text('issue_date'),
    dueDate: text('due_date'),
    currency: text('currency').notNull().default('EUR'),
    ht: numeric('ht', { precision: 14, scale: 2 }),
    tva: numeric('tva', { precision: 14, scale: 2 }),
    ttc: numeric('ttc', { precision: 14, scale: 2 }),
    lines: jsonb('lines').$type<ReceivedInvoiceLine[]>().notNull().default([]),
    vatBreakdown: jsonb('vat_breakdown').$type<ReceivedVatEntry[]>().notNull().default([]),
    /** What the checks found, in plain French; empty when the invoice is consistent. */
    findings: jsonb('findings').$type<EInvoiceFinding[]>().notNull().default([]),
    /** 'conforme' | 'anomalies' */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The same supplier's invoice deposited twice is one invoice (409 on the second).
    uniqueIndex('received_invoices_supplier_number_uq').on(t.companyId, t.supplierKey, t.number, t.kind),
    index('received_invoices_company_created_idx').on(t.companyId, t.createdAt, t.id),
  ],
);

/**
 * The lifecycle trail of a received invoice (decision 089): the statuses we set as its buyer
 * (« Approuvée », « Refusée », « En litige », « Paiement transmis ») and those its seller or the
 * platforms sent (« Encaissée »…), dated, append-only — a trigger refuses every UPDATE and DELETE
 * (migration 0014). Ours carry their outgoing flow (platform_outbox, kind 'status', sourceId = id).
 */
export const receivedInvoiceLifecycleEvents = pgTable(
  'received_invoice_lifecycle_events',
  {
    // The sent invoices' sequence (decision 089): a status of either trail is one source of the
    // platform's queue (kind 'status', sourceId = this id), so the two trails never share an id.
    id: integer('id')
      .primaryKey()
      .default(sql`nextval('invoice_lifecycle_events_id_seq')`),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    receivedInvoiceId: integer('received_invoice_id')
      .notNull()
      .references(() => receivedInvoices.id),
    code: text('code').notNull(),
    label: text('label').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** 'platform' | 'buyer' | 'seller' | 'us' */
    setBy: text('set_by').notNull(),
    /** The member who set it (ours); no foreign key: the trail outlives a member's removal. */
    userId: integer('user_id'),
    reasonCode: text('reason_code'),
    reasonText: text('reason_text'),
    failedRules: jsonb('failed_rules').$type<CdarFailedRule[]>().notNull().default([]),
    collected: jsonb('collected').$type<CdarCollected[]>().notNull().default([]),
    flowId: text('flow_id'),
    messageId: text('message_id'),
  },
  (t) => [
    index('received_invoice_lifecycle_events_invoice_idx').on(t.receivedInvoiceId, t.occurredAt, t.id),
    uniqueIndex('received_invoice_lifecycle_events_flow_uq').on(t.companyId, t.flowId),
  ],
);
