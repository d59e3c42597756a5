// The one mapping from a document (saved, validated or a draft in the browser) to the renderer's
// model (decision 021): the server's PDFs and previews (server/src/modules/invoices) and the
// browser's offline preview (features/invoices-editor) both call it, so they print the same thing.
// Inputs are plain shapes that a database row and the app's types both satisfy; no I/O here.
import { formatIban, isTransferPayment } from '../domain/bank-details';
import { hasDiscount } from '../domain/discounts';
import { computeTotals, isStandardLine, lineTotal, SPACER_CODE } from '../domain/totals';
import { electronicAddressOf } from '../domain/electronic-address';
import { isOperationKind, OPERATION_KIND_LABELS } from '../domain/operation-kind';
import type { Discount, InvoiceLine } from '../domain/types';
import type { BusinessDocumentModel, PdfLine, PdfParty } from './types';

type Text = string | null | undefined;

/** The seller as the company record or the invoicing environment holds it. */
export interface SellerFields {
  label: string;
  legalForm?: Text;
  shareCapital?: Text;
  address?: Text;
  postalCode?: Text;
  city?: Text;
  siren?: Text;
  siret?: Text;
  rcs?: Text;
  vatNumber?: Text;
  email?: Text;
  phone?: Text;
  iban?: Text;
  bic?: Text;
  soleTrader?: boolean | null;
  latePenaltyRate?: Text;
  /** Decision 085: an electronic address other than the SIREN-based one, when the company set one. */
  electronicAddressScheme?: Text;
  electronicAddress?: Text;
}

/** 'France' (or nothing) → 'FR'; a few neighbours by name; an ISO code as it is; else undefined. */
export function countryCodeOf(country: Text): string | undefined {
  const c = (country ?? '').trim();
  if (!c) return 'FR';
  if (/^[A-Za-z]{2}$/.test(c)) return c.toUpperCase();
  const key = c
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return COUNTRY_CODES[key];
}
const COUNTRY_CODES: Record<string, string> = {
  france: 'FR',
  belgique: 'BE',
  allemagne: 'DE',
  espagne: 'ES',
  italie: 'IT',
  luxembourg: 'LU',
  'pays-bas': 'NL',
  portugal: 'PT',
  irlande: 'IE',
  autriche: 'AT',
  suisse: 'CH',
  monaco: 'MC',
  'royaume-uni': 'GB',
  'etats-unis': 'US',
};

/** The customer as its record (server) or the app's Customer holds it. */
export interface CustomerFields {
  accountNumber: string;
  socialReason: string;
  name?: Text;
  address?: Text;
  postalCode?: Text;
  city?: Text;
  country?: Text;
  deliveryAddress?: Text;
  billingAddresses?: string[] | null;
  siren?: Text;
  vatNumber?: Text;
  email?: Text;
  phone?: Text;
  isBusiness?: boolean | null;
  /** Decision 085: « Adresse de facturation électronique » (scheme + identifier). */
  electronicAddressScheme?: Text;
  electronicAddress?: Text;
}

/** The customer as printed (and frozen at validation). */
export type PdfCustomer = BusinessDocumentModel['customer'] & { socialReason: string; contactName?: string };

const nonEmpty = (lines: Text[]) => lines.map((l) => (l ?? '').trim()).filter(Boolean);
const splitLines = (text: string) => nonEmpty(text.split(/\r?\n/));
/** One convention: an empty text ('' or null) is not printed. */
const opt = (s: Text) => (s ? s : undefined);

/** Decision 085: the record's electronic address, only when both halves are set. */
function electronicAddressField(
  record: { electronicAddressScheme?: Text; electronicAddress?: Text } | null,
): Pick<PdfParty, 'electronicAddress'> {
  const address = electronicAddressOf(record?.electronicAddressScheme, record?.electronicAddress);
  return address?.scheme && address.value ? { electronicAddress: address } : {};
}

export function sellerParty(company: SellerFields): PdfParty {
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
    postalCode: opt(company.postalCode),
    city: opt(company.city),
    countryCode: 'FR',
    ...(company.soleTrader ? { soleTrader: true } : {}),
    latePenaltyRate: opt(company.latePenaltyRate),
    ...electronicAddressField(company),
  };
}

/** The customer as printed: the document's billing address wins over the record's main address. */
export function customerSnapshot(customer: CustomerFields | null, billingAddress: string): PdfCustomer {
  const own = customer
    ? nonEmpty([
        customer.address,
        [customer.postalCode, customer.city].filter(Boolean).join(' '),
        customer.country && customer.country !== 'France' ? customer.country : '',
      ])
    : [];
  const addressLines = billingAddress.trim()
    ? splitLines(billingAddress)
    : own.length
      ? own
      : splitLines(customer?.billingAddresses?.[0] ?? '');
  const delivery = customer?.deliveryAddress ? splitLines(customer.deliveryAddress) : [];
  return {
    name: customer?.socialReason ?? '',
    socialReason: customer?.socialReason ?? '',
    contactName: opt(customer?.name),
    accountNumber: customer?.accountNumber ?? '',
    addressLines,
    deliveryAddressLines: delivery.length ? delivery : undefined,
    siren: opt(customer?.siren),
    vatNumber: opt(customer?.vatNumber),
    email: opt(customer?.email),
    phone: opt(customer?.phone),
    isBusiness: customer?.isBusiness ?? true,
    ...electronicAddressField(customer),
    // Structured only when the printed address is the record's own (a typed billing address is text).
    ...(customer && !billingAddress.trim() ? { postalCode: opt(customer.postalCode), city: opt(customer.city) } : {}),
    countryCode: countryCodeOf(customer?.country),
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

/** Invoices paid by transfer carry the seller's bank details (decision 012); other documents do not. */
export function bankDetails(
  kind: BusinessDocumentModel['kind'],
  paymentMode: string | undefined,
  seller: PdfParty,
): BusinessDocumentModel['bankDetails'] {
  if (kind !== 'Facture' || !isTransferPayment(paymentMode) || !seller.iban) return null;
  return { iban: formatIban(seller.iban), ...(seller.bic ? { bic: seller.bic } : {}) };
}

/** A logo stored as a data URL (PNG or JPEG); anything else is left out rather than failing the PDF. */
export function logoOf(dataUrl: Text): BusinessDocumentModel['logo'] {
  const m = /^data:image\/(png|jpe?g);base64,(.+)$/i.exec(dataUrl ?? '');
  if (!m) return null;
  const binary = atob(m[2]);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { type: m[1].toLowerCase() === 'png' ? 'png' : 'jpeg', bytes };
}

export interface BusinessDocumentFields {
  kind: BusinessDocumentModel['kind'];
  number: string | null;
  preview: boolean;
  issueDate: string;
  dueDate?: string | null;
  validityDate?: string | null;
  designation: string;
  lines: readonly InvoiceLine[];
  paymentMode?: string;
  vatClause: string;
  correctedInvoiceNumber?: string | null;
  /** Decision 085: its issue date, for the e-invoice (BT-26); not printed. */
  correctedInvoiceDate?: string | null;
  /** Decision 012. */
  discount?: Discount | null;
  /** The quote this invoice was converted from. */
  estimateNumber?: string | null;
  /** Decision 046: 'biens' | 'services' | 'mixte'. */
  operationKind?: string | null;
  /** The invoice's choice, already resolved against the company's default. */
  vatOnDebits?: boolean | null;
  /** Printed only when it differs from the billing address. */
  deliveryAddress?: string | null;
  /** Printed only when it differs from the issue date. */
  saleDate?: string | null;
}

export function documentModel(
  doc: BusinessDocumentFields,
  seller: PdfParty,
  customer: PdfCustomer,
  logo: BusinessDocumentModel['logo'],
): BusinessDocumentModel {
  const { vatBreakdown, ...totals } = computeTotals([...doc.lines], doc.discount);
  return {
    kind: doc.kind,
    number: doc.number,
    preview: doc.preview,
    issueDate: doc.issueDate,
    dueDate: doc.kind === 'Facture' ? (doc.dueDate ?? null) : null,
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
    ...(doc.correctedInvoiceDate ? { correctedInvoiceDate: doc.correctedInvoiceDate } : {}),
    documentDiscount:
      totals.discount !== undefined && doc.discount
        ? { type: doc.discount.type, value: Number(doc.discount.value) }
        : null,
    estimateNumber: doc.kind === 'Devis' ? null : (doc.estimateNumber ?? null),
    bankDetails: bankDetails(doc.kind, doc.paymentMode, seller),
    logo,
    ...(isOperationKind(doc.operationKind) ? { operationKind: OPERATION_KIND_LABELS[doc.operationKind] } : {}),
    ...(doc.vatOnDebits ? { vatOnDebits: true } : {}),
    ...(doc.saleDate && doc.saleDate !== doc.issueDate ? { saleDate: doc.saleDate } : {}),
    ...deliveryLines(doc.deliveryAddress, customer),
  };
}

/** The invoice's delivery address, printed only when it is not the billing address. */
function deliveryLines(address: Text, customer: PdfCustomer): { deliveryAddressLines?: string[] } {
  const lines = splitLines(address ?? '');
  if (!lines.length) return {};
  const same = lines.join('\n').toLowerCase() === customer.addressLines.join('\n').toLowerCase();
  return same ? {} : { deliveryAddressLines: lines };
}
