// The draft → the PDF renderer's model, for the offline preview. It mirrors the server's mapping
// (server/src/modules/invoices/pdf-model.ts: sellerParty, customerSnapshot, documentModel) field
// by field so a preview made in the browser prints what the server's preview prints;
// pdf-model.test.ts holds the two to equality. src/pdf stays free of the app, hence this file.
import { isTempId } from '../../data/temp-ids';
import { formatIban, isTransferPayment } from '../../domain/bank-details';
import { hasDiscount } from '../../domain/discounts';
import { computeTotals, isStandardLine, lineTotal, SPACER_CODE } from '../../domain/totals';
import type { Customer, InvoiceLine } from '../../domain/types';
import type { BusinessDocumentModel, PdfLine, PdfParty } from '../../pdf/types';
import type { EditorForm, EditorKind, EnvCompany } from './types';

const nonEmpty = (lines: Array<string | null | undefined>) => lines.map((l) => (l ?? '').trim()).filter(Boolean);
const splitLines = (text: string) => nonEmpty(text.split(/\r?\n/));
/** The server's records hold null where the API answers ''. */
const opt = (s: string | null | undefined) => (s ? s : undefined);

export function sellerParty(company: EnvCompany): PdfParty {
  return {
    name: company.label,
    legalForm: opt(company.legalForm),
    shareCapital: opt(company.shareCapital),
    addressLines: nonEmpty([company.address, [company.postalCode, company.city].filter(Boolean).join(' ')]),
    siren: opt(company.siren),
    siret: opt(company.siret),
    rcs: opt(company.rcs),
    vatNumber: opt(company.vatNumber),
    email: opt(company.email),
    phone: opt(company.phone),
    iban: opt(company.iban),
    bic: opt(company.bic),
  };
}

export type PdfCustomer = BusinessDocumentModel['customer'] & { socialReason: string; contactName?: string };

/** The customer as printed: the document's billing address wins over the record's main address. */
export function customerSnapshot(customer: Customer | null, billingAddress: string): PdfCustomer {
  const own = customer
    ? nonEmpty([customer.address, [customer.postalCode, customer.city].filter(Boolean).join(' '), customer.country && customer.country !== 'France' ? customer.country : ''])
    : [];
  const addressLines = billingAddress.trim() ? splitLines(billingAddress) : own.length ? own : splitLines(customer?.billingAddresses?.[0] ?? '');
  const delivery = customer?.deliveryAddress ? splitLines(customer.deliveryAddress) : [];
  return {
    name: customer?.socialReason ?? '',
    socialReason: customer?.socialReason ?? '',
    contactName: opt(customer?.name),
    // Created offline and not numbered yet: no number to print on the preview.
    accountNumber: customer?.accountNumber && !isTempId(customer.accountNumber) ? customer.accountNumber : '',
    addressLines,
    deliveryAddressLines: delivery.length ? delivery : undefined,
    siren: opt(customer?.siren),
    vatNumber: opt(customer?.vatNumber),
    email: opt(customer?.email),
    phone: opt(customer?.phone),
    isBusiness: customer?.isBusiness ?? true,
  };
}

export function pdfLines(lines: readonly InvoiceLine[]): PdfLine[] {
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

/** A logo stored as a data URL (PNG or JPEG), like the server; anything else is left out. */
export function logoOf(dataUrl: string | null | undefined): BusinessDocumentModel['logo'] {
  const m = /^data:image\/(png|jpe?g);base64,(.+)$/i.exec(dataUrl ?? '');
  if (!m) return null;
  const binary = atob(m[2]);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { type: m[1].toLowerCase() === 'png' ? 'png' : 'jpeg', bytes };
}

export interface PreviewInput {
  kind: EditorKind;
  form: EditorForm;
  /** A saved quote keeps its number on the preview, like the server's quote preview. */
  number: string | null;
  company: EnvCompany;
  logo: string | null | undefined;
  customer: Customer | null;
  correctedInvoiceNumber: string | null;
  /** The quote a converted invoice comes from ("Devis d'origine"). */
  estimateNumber?: string | null;
}

/** The preview model: always marked "Aperçu" (spec: previews of drafts carry the watermark). */
export function previewModel(input: PreviewInput): BusinessDocumentModel {
  const { form } = input;
  const kind: BusinessDocumentModel['kind'] = input.kind === 'quote' ? 'Devis' : form.type === 'Avoir' ? 'Avoir' : 'Facture';
  const { vatBreakdown, ...totals } = computeTotals(form.lines, form.discount);
  const seller = sellerParty(input.company);
  const paymentMode = kind === 'Devis' ? undefined : form.paymentMode || undefined;
  return {
    kind,
    number: kind === 'Devis' ? input.number : null,
    preview: true,
    issueDate: form.createdAt,
    dueDate: kind === 'Facture' ? form.dueDate ?? null : null,
    validityDate: kind === 'Devis' ? form.validatedAt ?? null : null,
    designation: form.designation || undefined,
    seller,
    customer: customerSnapshot(input.customer, form.billingAddress),
    lines: pdfLines(form.lines),
    totals,
    vatBreakdown,
    paymentMode,
    vatClause: form.vatClause || undefined,
    correctedInvoiceNumber: kind === 'Avoir' ? input.correctedInvoiceNumber : null,
    documentDiscount: totals.discount !== undefined && form.discount ? { type: form.discount.type, value: Number(form.discount.value) } : null,
    estimateNumber: kind === 'Devis' ? null : input.estimateNumber ?? null,
    bankDetails: bankDetails(kind, paymentMode, seller),
    logo: logoOf(input.logo),
  };
}
