import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoicePayments, invoices } from '../../db/schema/index';
import { invoicePdf } from './invoice-pdf';
import { loadInvoice } from './invoice-store';

// Read-only views of one customer's validated documents and their payments, for « Mon compte »
// (decision 043): the firm invoices its clients with this module, and the client company
// reads, through these functions only, what the firm issued to the customer record that represents
// it. Amounts stay the stored numeric texts: the caller sums them exactly (cents).

export { contentDisposition, pdfResponse } from './http-helpers';

/** One validated invoice or credit note of `customerId`, with what was paid on it (invoice_payments). */
export interface CustomerBusinessDocument {
  id: number;
  number: string;
  type: 'Facture' | 'Avoir';
  date: string;
  dueDate: string | null;
  ht: string;
  tva: string;
  ttc: string;
  /** Sum of the validated credit notes correcting this invoice (TTC). */
  credited: string;
  /** Sum of invoice_payments, read from the payments themselves (card payments land there too). */
  paid: string;
}

/** Sum of the payments of each invoice, read from the payments themselves (exact numeric text). */
async function paidSums(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: invoicePayments.invoiceId, paid: sql<string>`sum(${invoicePayments.amount})::text` })
    .from(invoicePayments)
    .where(inArray(invoicePayments.invoiceId, ids))
    .groupBy(invoicePayments.invoiceId);
  return new Map(rows.map((r) => [r.id, String(r.paid)]));
}

function documentsWhere(firmCompanyId: number, customerId: number, invoiceId?: number) {
  return and(
    eq(invoices.companyId, firmCompanyId),
    eq(invoices.customerId, customerId),
    eq(invoices.validated, true),
    inArray(invoices.type, ['Facture', 'Avoir']),
    invoiceId === undefined ? undefined : eq(invoices.id, invoiceId),
  );
}

/** The customer's validated invoices and credit notes (one of them with `invoiceId`), by date then id. */
export async function customerBusinessDocuments(
  db: DbOrTx,
  firmCompanyId: number,
  customerId: number,
  invoiceId?: number,
): Promise<CustomerBusinessDocument[]> {
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      type: invoices.type,
      date: invoices.createdAt,
      dueDate: invoices.dueDate,
      ht: invoices.ht,
      tva: invoices.tva,
      ttc: invoices.ttc,
      credited: invoices.amountCredited,
    })
    .from(invoices)
    .where(documentsWhere(firmCompanyId, customerId, invoiceId))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  const paid = await paidSums(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    number: r.number ?? '',
    type: r.type === 'Avoir' ? 'Avoir' : 'Facture',
    date: r.date ?? '',
    paid: paid.get(r.id) ?? '0',
  }));
}

/** One payment recorded on one of the customer's validated invoices. */
export interface CustomerPayment {
  id: number;
  date: string;
  /** 'virement' | 'cheque' | 'carte' | … (invoice_payments.means). */
  means: string;
  amount: string;
  invoiceId: number;
  invoiceNumber: string;
}

export async function customerPayments(
  db: DbOrTx,
  firmCompanyId: number,
  customerId: number,
): Promise<CustomerPayment[]> {
  const rows = await db
    .select({
      id: invoicePayments.id,
      date: invoicePayments.paidOn,
      means: invoicePayments.means,
      amount: invoicePayments.amount,
      invoiceId: invoicePayments.invoiceId,
      invoiceNumber: invoices.number,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(documentsWhere(firmCompanyId, customerId))
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.id));
  return rows.map((r) => ({ ...r, invoiceNumber: r.invoiceNumber ?? '' }));
}

/**
 * The stored PDF of one validated document of the customer (rendered from its snapshots and stored
 * on first read when the seed left it out, as GET /api/invoices/:id/pdf does); null when the
 * document is not the customer's.
 */
export async function customerDocumentPdf(
  db: DbOrTx,
  firmCompanyId: number,
  customerId: number,
  invoiceId: number,
): Promise<{ bytes: Uint8Array; fileName: string } | null> {
  const [mine] = await customerBusinessDocuments(db, firmCompanyId, customerId, invoiceId);
  if (!mine) return null;
  return invoicePdf(db, await loadInvoice(db, firmCompanyId, invoiceId));
}
