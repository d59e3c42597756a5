import { formatIban, isTransferPayment } from '../../../../src/domain/bank-details';
import { hasDiscount } from '../../../../src/domain/discounts';
import { computeTotals, isStandardLine, lineTotal, SPACER_CODE } from '../../../../src/domain/totals';
import type { Discount, InvoiceLine } from '../../../../src/domain/types';
import { renderBusinessDocument } from '../../../../src/pdf/render';
import { loadPdfFontsNode } from '../../../../src/pdf/fonts-node';
import type { BusinessDocumentModel, PdfLine, PdfParty } from '../../../../src/pdf/types';
import type { CustomerSnapshot } from '../../db/schema/index';
import type { CompanyRow, CustomerRow } from './context';

// The database records → the renderer's model. The same mapping serves previews (watermark)
// and validated documents (snapshots frozen at validation).

const nonEmpty = (lines: Array<string | null | undefined>) => lines.map((l) => (l ?? '').trim()).filter(Boolean);
const splitLines = (text: string) => nonEmpty(text.split(/\r?\n/));

export function sellerParty(company: CompanyRow): PdfParty {
  return {
    name: company.label,
    legalForm: company.legalForm ?? undefined,
    shareCapital: company.shareCapital ?? undefined,
    addressLines: nonEmpty([company.address, [company.postalCode, company.city].filter(Boolean).join(' ')]),
    siren: company.siren ?? undefined,
    siret: company.siret ?? undefined,
    rcs: company.rcs ?? undefined,
    vatNumber: company.vatNumber ?? undefined,
    email: company.email ?? undefined,
    phone: company.phone ?? undefined,
    iban: company.iban ?? undefined,
    bic: company.bic ?? undefined,
  };
}

/** The customer as printed: the document's billing address wins over the record's main address. */
export function customerSnapshot(customer: CustomerRow | null, billingAddress: string): CustomerSnapshot {
  const own = customer
    ? nonEmpty([customer.address, [customer.postalCode, customer.city].filter(Boolean).join(' '), customer.country && customer.country !== 'France' ? customer.country : ''])
    : [];
  const addressLines = billingAddress.trim() ? splitLines(billingAddress) : own.length ? own : splitLines(customer?.billingAddresses?.[0] ?? '');
  const delivery = customer?.deliveryAddress ? splitLines(customer.deliveryAddress) : [];
  return {
    name: customer?.socialReason ?? '',
    socialReason: customer?.socialReason ?? '',
    contactName: customer?.name ?? undefined,
    accountNumber: customer?.accountNumber ?? '',
    addressLines,
    deliveryAddressLines: delivery.length ? delivery : undefined,
    siren: customer?.siren ?? undefined,
    vatNumber: customer?.vatNumber ?? undefined,
    email: customer?.email ?? undefined,
    phone: customer?.phone ?? undefined,
    isBusiness: customer?.isBusiness ?? true,
  };
}

export function pdfLines(lines: InvoiceLine[]): PdfLine[] {
  return lines.map((l) => ({
    code: l.code,
    kind: isStandardLine(l) ? 'standard' : l.code === SPACER_CODE ? 'spacer' : 'comment',
    label: l.label,
    quantity: Number(l.quantity) || 0,
    unit: l.unitMeasurement ?? '',
    unitPrice: Number(l.unitPrice) || 0,
    vatRate: Number(l.vatRate) || 0,
    totalHt: lineTotal(l),
    ...(hasDiscount(l.discount) ? { discount: { type: l.discount.type, value: Number(l.discount.value) } } : {}),
  }));
}

/** Invoices paid by transfer carry the seller's bank details (issue 10); other documents do not. */
export function bankDetails(kind: BusinessDocumentModel['kind'], paymentMode: string | undefined, seller: PdfParty): BusinessDocumentModel['bankDetails'] {
  if (kind !== 'Facture' || !isTransferPayment(paymentMode) || !seller.iban) return null;
  return { iban: formatIban(seller.iban), ...(seller.bic ? { bic: seller.bic } : {}) };
}

/** A logo stored as a data URL (PNG or JPEG); anything else is left out rather than failing the PDF. */
export function logoOf(company: CompanyRow): BusinessDocumentModel['logo'] {
  const m = /^data:image\/(png|jpe?g);base64,(.+)$/i.exec(company.logo ?? '');
  if (!m) return null;
  return { type: m[1].toLowerCase() === 'png' ? 'png' : 'jpeg', bytes: new Uint8Array(Buffer.from(m[2], 'base64')) };
}

export interface DocumentFields {
  kind: BusinessDocumentModel['kind'];
  number: string | null;
  preview: boolean;
  issueDate: string;
  dueDate?: string | null;
  validityDate?: string | null;
  designation: string;
  lines: InvoiceLine[];
  paymentMode?: string;
  vatClause: string;
  correctedInvoiceNumber?: string | null;
  /** Decision 012. */
  discount?: Discount | null;
  /** The quote this invoice was converted from. */
  estimateNumber?: string | null;
}

export function documentModel(doc: DocumentFields, seller: PdfParty, customer: CustomerSnapshot, logo: BusinessDocumentModel['logo']): BusinessDocumentModel {
  const { vatBreakdown, ...totals } = computeTotals(doc.lines, doc.discount);
  return {
    kind: doc.kind,
    number: doc.number,
    preview: doc.preview,
    issueDate: doc.issueDate,
    dueDate: doc.kind === 'Facture' ? doc.dueDate ?? null : null,
    validityDate: doc.validityDate ?? null,
    designation: doc.designation || undefined,
    seller,
    customer,
    lines: pdfLines(doc.lines),
    totals,
    vatBreakdown,
    paymentMode: doc.paymentMode || undefined,
    vatClause: doc.vatClause || undefined,
    correctedInvoiceNumber: doc.correctedInvoiceNumber ?? null,
    documentDiscount: totals.discount !== undefined && doc.discount ? { type: doc.discount.type, value: Number(doc.discount.value) } : null,
    estimateNumber: doc.kind === 'Devis' ? null : doc.estimateNumber ?? null,
    bankDetails: bankDetails(doc.kind, doc.paymentMode, seller),
    logo,
  };
}

export async function renderPdf(model: BusinessDocumentModel): Promise<Uint8Array> {
  return renderBusinessDocument(model, await loadPdfFontsNode());
}
