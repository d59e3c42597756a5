import { eq } from 'drizzle-orm';
import { documentFileName } from '../../../../src/pdf/format';
import type { BusinessDocumentModel } from '../../../../src/pdf/types';
import type { DbOrTx } from '../../db/client';
import { invoicePdfs } from '../../db/schema/index';
import { customerById, loadCompany, type CompanyRow, type CustomerRow } from './context';
import type { JoinedInvoice } from './invoice-store';
import { discountOf } from './payload';
import { renderFacturX } from './e-invoice';
import { customerSnapshot, documentModel, logoOf, renderPdf, sellerParty } from './pdf-model';

// The PDF of one stored invoice. A validated invoice is printed from what was frozen at its
// validation (number, seller and customer snapshots), a draft from the current records with
// the "Aperçu" watermark.

export function invoiceModel(
  row: JoinedInvoice,
  company: CompanyRow,
  customer: CustomerRow | null,
  number = row.invoice.number,
): BusinessDocumentModel {
  const i = row.invoice;
  const frozen = i.validated;
  return documentModel(
    {
      kind: i.type === 'Avoir' ? 'Avoir' : 'Facture',
      number,
      preview: !number,
      issueDate: i.createdAt ?? '',
      dueDate: i.dueDate,
      designation: i.designation,
      lines: i.lines,
      paymentMode: i.paymentMode,
      vatClause: i.vatClause,
      correctedInvoiceNumber: row.correctedNumber,
      correctedInvoiceDate: row.correctedDate,
      discount: discountOf(i),
      estimateNumber: row.quoteNumber,
      operationKind: i.operationKind,
      // Null: the company's default (frozen on the row at validation).
      vatOnDebits: i.vatOnDebits ?? company.vatOnDebits,
      deliveryAddress: i.deliveryAddress,
      saleDate: i.saleDate,
    },
    frozen && i.sellerSnapshot ? i.sellerSnapshot : sellerParty(company),
    frozen && i.customerSnapshot ? i.customerSnapshot : customerSnapshot(customer, i.billingAddress),
    logoOf(company),
  );
}

export function invoiceFileName(model: BusinessDocumentModel): string {
  return documentFileName(model.kind, model.customer.name, model.number);
}

/**
 * The validated document as issued: the bytes stored at validation. Invoices validated without
 * a stored PDF (the demo seed, which must stay fast) get it rendered from their snapshots on
 * first use, then stored, so every later read and mail carries the same bytes.
 */
export async function invoicePdf(db: DbOrTx, row: JoinedInvoice): Promise<{ bytes: Uint8Array; fileName: string }> {
  const i = row.invoice;
  if (i.validated) {
    const [stored] = await db.select().from(invoicePdfs).where(eq(invoicePdfs.invoiceId, i.id)).limit(1);
    if (stored) return { bytes: stored.bytes, fileName: stored.fileName };
  }
  const company = await loadCompany(db, i.companyId);
  const model = invoiceModel(row, company, await customerById(db, i.customerId));
  // A validated document is issued as Factur-X (decision 046), as at its validation; a draft is a plain preview.
  const bytes = i.validated ? await renderFacturX(model, i.validatedAt ?? i.updatedAt) : await renderPdf(model);
  const fileName = invoiceFileName(model);
  if (i.validated) {
    await db.insert(invoicePdfs).values({ invoiceId: i.id, fileName, bytes }).onConflictDoNothing();
    const [stored] = await db.select().from(invoicePdfs).where(eq(invoicePdfs.invoiceId, i.id)).limit(1);
    return { bytes: stored.bytes, fileName: stored.fileName };
  }
  return { bytes, fileName };
}
