import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { computeTotals } from '../../../../src/domain/totals';
import { isOperationKind, type OperationKind } from '../../../../src/domain/operation-kind';
import type { Invoice, InvoiceLine, InvoiceType, Totals, VatBreakdownEntry } from '../../../../src/domain/types';
import { toWire } from '../../../../src/domain/wire-names';
import type { DbOrTx } from '../../db/client';
import { estimates, invoices } from '../../db/schema/index';
import { customerColumns, joinCustomer } from '../catalogue/service';
import { notFound } from '../../http/errors';
import { discountOf } from './payload';

// Reading invoices: one joined query gives everything an Invoice answer shows.

export const INVOICE_NOT_FOUND = 'Cette facture est introuvable.';
export const FROZEN_INVOICE =
  'Cette facture est validée : elle ne peut plus être modifiée. Pour la corriger, établissez un avoir.';
export const FROZEN_INVOICE_DELETE =
  'Cette facture est validée : elle ne peut pas être supprimée. Pour la corriger, établissez un avoir.';

export type InvoiceRow = typeof invoices.$inferSelect;

const corrected = alias(invoices, 'corrected_invoice');

/** Every column but nothing heavy (the PDF lives in invoice_pdfs). */
export async function selectInvoices(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      invoice: invoices,
      customer: {
        accountNumber: customerColumns.accountNumber,
        socialReason: customerColumns.socialReason,
        name: customerColumns.name,
        email: customerColumns.email,
      },
      correctedNumber: corrected.number,
      // Decision 085: a credit note's e-invoice names the corrected invoice's date (BR-FR-CO-05).
      correctedDate: corrected.createdAt,
      quoteNumber: estimates.number,
    })
    .from(invoices)
    .leftJoin(...joinCustomer(invoices.customerId))
    .leftJoin(corrected, eq(corrected.id, invoices.correctedInvoiceId))
    .leftJoin(estimates, eq(estimates.id, invoices.estimateId))
    .where(where)
    .orderBy(sql`${invoices.id}`);
}

export type JoinedInvoice = Awaited<ReturnType<typeof selectInvoices>>[number];

/** Another company's invoice reads as missing (api-conventions: never reveal that it exists). */
export async function loadInvoice(db: DbOrTx, companyId: number, id: number): Promise<JoinedInvoice> {
  const [row] = await selectInvoices(db, and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return row;
}

export async function loadInvoices(db: DbOrTx, companyId: number, ids: number[]): Promise<JoinedInvoice[]> {
  if (ids.length === 0) return [];
  return selectInvoices(db, and(eq(invoices.companyId, companyId), inArray(invoices.id, ids)));
}

export const num = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));
/**
 * The stored totals; with a document discount also the HT before it and its amount (decision 012),
 * recomputed from the stored lines, so a document without one answers exactly as before.
 */
export function totalsJson(d: {
  ht: string;
  tva: string;
  ttc: string;
  lines: InvoiceLine[];
  discountType: string | null;
  discountValue: string | null;
}): Totals {
  const totals: Totals = { ht: num(d.ht), tva: num(d.tva), ttc: num(d.ttc) };
  const discount = discountOf(d);
  if (!discount) return totals;
  const computed = computeTotals(d.lines, discount);
  if (computed.discount !== undefined)
    Object.assign(totals, { subtotal: computed.subtotal, discount: computed.discount });
  return totals;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The customer as the invoice shows it: frozen at validation, current for a draft. */
export function invoiceCustomer(
  row: JoinedInvoice,
): { accountNumber: string; socialReason: string; name: string } | null {
  const snap = row.invoice.customerSnapshot;
  if (row.invoice.validated && snap)
    return { accountNumber: snap.accountNumber, socialReason: snap.socialReason, name: snap.contactName ?? '' };
  if (!row.customer?.accountNumber) return null;
  return {
    accountNumber: row.customer.accountNumber,
    socialReason: row.customer.socialReason ?? '',
    name: row.customer.name ?? '',
  };
}

/** An invoice read in the domain's names; InvoiceJson is the same on the wire (spec names). */
export interface InvoiceRead extends Omit<Invoice, 'customer'> {
  customer: { accountNumber: string; socialReason: string; name: string } | null;
  type: InvoiceType | '';
  sentAt: string | null;
  paidAt: string | null;
  correctedInvoiceNumber: string | null;
  estimate: { id: number; number: string } | null;
  ledgerId: number | null;
  totals: Totals;
  vatBreakdown: VatBreakdownEntry[];
  /** Draft version: sent back with the next save (409 when someone saved in between). */
  version: number;
  /** The reform's mentions. */
  operationKind: OperationKind | null;
  vatOnDebits: boolean | null;
  deliveryAddress: string | null;
  saleDate: string | null;
}

/** The answer's shape is the contract's (src/contract/invoices-wire.ts): this mapping must produce it. */
export type { InvoiceJson } from '../../../../src/contract/invoices-wire';
import type { InvoiceJson } from '../../../../src/contract/invoices-wire';

export const toInvoiceJson = (row: JoinedInvoice): InvoiceJson => toWire(invoiceRead(row));

export function invoiceRead(row: JoinedInvoice): InvoiceRead {
  const i = row.invoice;
  return {
    id: i.id,
    designation: i.designation,
    customer: invoiceCustomer(row),
    type: i.type as InvoiceType | '',
    createdAt: i.createdAt ?? '',
    dueDate: i.dueDate,
    paymentMode: i.paymentMode,
    billingAddress: i.billingAddress,
    lines: i.lines,
    vatClause: i.vatClause,
    calculatesBasisTTC: i.calculatesBasisTTC,
    discount: discountOf(i),
    correctedInvoiceId: i.correctedInvoiceId,
    correctedInvoiceNumber: row.correctedNumber ?? null,
    operationKind: isOperationKind(i.operationKind) ? i.operationKind : null,
    vatOnDebits: i.vatOnDebits,
    deliveryAddress: i.deliveryAddress,
    saleDate: i.saleDate,
    validated: i.validated,
    number: i.number,
    validatedAt: iso(i.validatedAt),
    sentAt: iso(i.sentAt),
    paidAt: i.paidAt,
    estimateId: i.estimateId,
    estimate: i.estimateId && row.quoteNumber ? { id: i.estimateId, number: row.quoteNumber } : null,
    ledgerId: i.ledgerId,
    totals: totalsJson(i),
    vatBreakdown: i.vatBreakdown,
    version: i.version,
  };
}

/** The invoice was mailed to its customer (send-route.ts): when, for its lists and history. */
export async function markSent(db: DbOrTx, companyId: number, id: number, at: Date): Promise<void> {
  await db
    .update(invoices)
    .set({ sentAt: at })
    .where(and(eq(invoices.id, id), eq(invoices.companyId, companyId)));
}
