// The visible document (BusinessDocumentModel, the data the PDF prints) → the e-invoice
// model (EN 16931), so the Factur-X XML and the UBL file say exactly what the PDF says: same lines,
// same per-rate bases and VAT (src/domain/totals.ts), same totals. Pure and fast (no Decimal in the
// loops beyond the writers' formatting). Decision 046.
import { effectiveElectronicAddress } from '../domain/electronic-address';
import { formatPercent } from '../domain/format';
import { lineAmountCents } from '../domain/totals';
import { countryCodeOf } from '../pdf/model';
import { sellerName } from '../pdf/header';
import { DEFAULT_LATE_PENALTY, RECOVERY_INDEMNITY, VAT_ON_DEBITS } from '../pdf/summary';
import type { BusinessDocumentModel, PdfDiscount, PdfLine, PdfParty } from '../pdf/types';
import type {
  BillingFramework,
  EInvoice,
  EInvoiceAddress,
  EInvoiceLine,
  EInvoiceParty,
  EInvoiceVatEntry,
  VatCategory,
} from './types';
import { unitCode } from './units';
import { vatCategoryOf, type VatCategoryResult } from './vat-category';

const cents = (x: number) => Math.round(x * 100);
const euros = (c: number) => c / 100 || 0;
const digits = (s: string | undefined) => (s ?? '').replace(/\D/g, '');
const compact = (s: string | undefined) => (s ?? '').replace(/\s+/g, '').toUpperCase();

function discountLabel(d: PdfDiscount | null | undefined): string {
  return d?.type === 'percent' ? `Remise ${formatPercent(d.value)}` : 'Remise';
}

/** 'FR32123456789' from any spacing; undefined when empty. */
function vatNumberOf(party: PdfParty): string | undefined {
  return compact(party.vatNumber) || undefined;
}

/** The SIREN (9 digits), or the first 9 digits of the SIRET; undefined when neither is usable. */
function sirenOf(party: PdfParty): string | undefined {
  const siren = digits(party.siren);
  if (siren.length === 9) return siren;
  const siret = digits(party.siret);
  return siret.length === 14 ? siret.slice(0, 9) : undefined;
}

const POSTAL_CITY = /^((?:[A-Z]{1,2}-)?\d{4,5})\s+(.+)$/;

/**
 * Printed address lines → structured address: the « 69002 Lyon » line becomes postal code and city
 * (when the party does not carry them apart), a last line naming a country is the country.
 */
export function addressOf(
  lines: readonly string[],
  known: { postalCode?: string; city?: string; countryCode?: string },
): EInvoiceAddress {
  let rest = lines.map((l) => l.trim()).filter(Boolean);
  let countryCode = known.countryCode;
  const last = rest[rest.length - 1];
  if (last && last.length > 2 && !POSTAL_CITY.test(last)) {
    const code = countryCodeOf(last);
    if (code) {
      countryCode ??= code;
      rest = rest.slice(0, -1);
    }
  }
  let { postalCode, city } = known;
  const joined = [postalCode, city].filter(Boolean).join(' ').toLowerCase();
  const index = rest.findIndex((l) => (joined && l.toLowerCase() === joined) || POSTAL_CITY.test(l));
  if (index >= 0) {
    const m = POSTAL_CITY.exec(rest[index]);
    if (m) {
      postalCode ??= m[1];
      city ??= m[2];
    }
    rest = rest.filter((_, i) => i !== index);
  }
  if (rest.length > 3) rest = [rest[0], rest[1], rest.slice(2).join(', ')];
  return {
    lines: rest,
    ...(postalCode ? { postalCode } : {}),
    ...(city ? { city } : {}),
    countryCode: (countryCode || 'FR').toUpperCase(),
  };
}

/** BT-33: « SARL au capital de 10 000 € – RCS Lyon », « EI » for a sole trader. */
function sellerLegalInfo(seller: PdfParty): string | undefined {
  const form = [seller.legalForm, seller.shareCapital ? `au capital de ${seller.shareCapital}` : '']
    .filter(Boolean)
    .join(' ');
  const parts = [
    seller.soleTrader ? 'EI' : '',
    form,
    seller.rcs ? (/^(RCS|RM)\b/i.test(seller.rcs) ? seller.rcs : `RCS ${seller.rcs}`) : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' – ') : undefined;
}

/**
 * BT-34 / BT-49 (decision 085): the record's address, else the SIREN in the French directory (the
 * seller; a buyer that is a French business), else the e-mail address.
 */
function electronicAddressOfParty(p: PdfParty & { isBusiness?: boolean }, role: 'seller' | 'buyer', country: string) {
  return (
    effectiveElectronicAddress({
      electronicAddress: p.electronicAddress,
      siren: sirenOf(p),
      email: p.email,
      inFrenchDirectory: role === 'seller' || (p.isBusiness !== false && country === 'FR'),
    }) ?? undefined
  );
}

function party(p: PdfParty & { isBusiness?: boolean }, role: 'seller' | 'buyer'): EInvoiceParty {
  const siret = digits(p.siret);
  const address = addressOf(p.addressLines, p);
  const electronicAddress = electronicAddressOfParty(p, role, address.countryCode);
  return {
    // As printed: a sole trader's name is followed by « EI » (src/pdf/header.ts).
    name: role === 'seller' ? sellerName(p) : p.name,
    ...(role === 'seller' && p.legalForm ? { legalForm: p.legalForm } : {}),
    ...(sirenOf(p) ? { siren: sirenOf(p) } : {}),
    ...(siret.length === 14 ? { siret } : {}),
    ...(vatNumberOf(p) ? { vatNumber: vatNumberOf(p) } : {}),
    address,
    ...(electronicAddress ? { electronicAddress } : {}),
    ...(p.email?.trim() ? { email: p.email.trim() } : {}),
    ...(p.phone?.trim() ? { phone: p.phone.trim() } : {}),
    ...(role === 'seller' && sellerLegalInfo(p) ? { legalInfo: sellerLegalInfo(p) } : {}),
  };
}

/** UNCL4461 payment means of our payment modes (« Virement », « Chèque », « Carte bancaire »…). */
function payment(model: BusinessDocumentModel): NonNullable<EInvoice['payment']> {
  const mode = (model.paymentMode ?? '').trim();
  const text = mode
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const iban = compact(model.bankDetails?.iban ?? model.seller.iban);
  const bic = compact(model.bankDetails?.bic ?? model.seller.bic);
  if (/virement/.test(text) && iban) return { meansCode: '30', meansText: mode, iban, ...(bic ? { bic } : {}) };
  const code = /cheque/.test(text)
    ? '20'
    : /carte|cb\b/.test(text)
      ? '48'
      : /espece/.test(text)
        ? '10'
        : /prelevement/.test(text)
          ? '59'
          : '1';
  return { meansCode: code, ...(mode ? { meansText: mode } : {}) };
}

interface LineIn {
  line: PdfLine;
  quantity: number;
  unitPrice: number;
  netCents: number;
}

/**
 * A line as EN 16931 wants it: a unit price never below zero (BR-27; a negative price becomes a
 * negative quantity), amounts of a credit note stored negative turned positive.
 */
function normalizedLine(line: PdfLine, sign: number): LineIn {
  let quantity = line.quantity * sign;
  let unitPrice = line.unitPrice;
  if (unitPrice < 0) {
    unitPrice = -unitPrice;
    quantity = -quantity;
  }
  return { line, quantity, unitPrice, netCents: cents(line.totalHt) * sign };
}

export interface ToEInvoiceExtra {
  /** Credit note: the issue date of the invoice it corrects (BT-26). */
  precedingInvoiceIssueDate?: string;
  /** Decision 085: a deposit invoice (« facture d'acompte », type 386). */
  deposit?: boolean;
  /** Decision 085: the final invoice after deposits: what they already paid, incl. VAT (BT-113); BT-23 …4. */
  prepaidAmount?: number;
}

type CategoryOf = (rate: number) => VatCategoryResult;

/** The VAT category of each rate (BT-151), resolved once per rate for this document and buyer. */
function categoryResolver(model: BusinessDocumentModel, buyer: EInvoiceParty): CategoryOf {
  const categoryCache = new Map<number, VatCategoryResult>();
  return (rate) => {
    let c = categoryCache.get(rate);
    if (!c) {
      c = vatCategoryOf({
        rate,
        vatClause: model.vatClause,
        buyerCountryCode: buyer.address.countryCode,
        buyerVatNumber: buyer.vatNumber,
        operationKind: model.operationKind,
      });
      categoryCache.set(rate, c);
    }
    return c;
  };
}

/** BG-25: one article line, its discount (BT-136) being what separates its amount from its net. */
function invoiceLine(
  raw: PdfLine,
  sign: number,
  id: string,
  categoryOf: CategoryOf,
): { line: EInvoiceLine; netCents: number } {
  const { quantity, unitPrice, netCents } = normalizedLine(raw, sign);
  // The line's amount before its discount, rounded as src/domain/totals.ts rounds it.
  const discountCents = raw.discount
    ? lineAmountCents({ code: '00', type: 'Standard', quantity, unitPrice, vatRate: raw.vatRate }) - netCents
    : 0;
  const rate = raw.vatRate || 0;
  const code = raw.code.trim();
  const line: EInvoiceLine = {
    id,
    name: raw.label.trim() || code || 'Article',
    ...(code && code !== '00' ? { sellerItemId: code } : {}),
    quantity,
    unitCode: unitCode(raw.unit),
    unitPrice,
    discount: euros(discountCents),
    ...(discountCents ? { discountReason: discountLabel(raw.discount) } : {}),
    netAmount: euros(netCents),
    vatCategory: categoryOf(rate).category,
    vatRate: rate,
  };
  return { line, netCents };
}

interface DocumentLines {
  /** BT-22: the subject, then the comment lines. */
  notes: string[];
  lines: EInvoiceLine[];
  /** The lines' net amounts (cents) per VAT rate. */
  netByRate: Map<number, number>;
  lineTotalCents: number;
}

/** The printed lines: articles become lines, comments become notes, spacers are dropped. */
function documentLines(model: BusinessDocumentModel, sign: number, categoryOf: CategoryOf): DocumentLines {
  const notes: string[] = [];
  if (model.designation?.trim()) notes.push(`Objet : ${model.designation.trim()}`);
  const lines: EInvoiceLine[] = [];
  const netByRate = new Map<number, number>();
  let lineTotalCents = 0;
  for (const raw of model.lines) {
    if (raw.kind === 'spacer') continue;
    if (raw.kind === 'comment') {
      if (raw.label.trim()) notes.push(raw.label.trim());
      continue;
    }
    const { line, netCents } = invoiceLine(raw, sign, String(lines.length + 1), categoryOf);
    netByRate.set(line.vatRate, (netByRate.get(line.vatRate) ?? 0) + netCents);
    lineTotalCents += netCents;
    lines.push(line);
  }
  return { notes, lines, netByRate, lineTotalCents };
}

/**
 * Per rate: the PDF's base and VAT (BG-23); the document discount's share (BG-20) is what separates
 * the lines' sum at that rate from the printed base (src/domain/totals.ts spreads it).
 */
function allowancesAndVat(
  model: BusinessDocumentModel,
  sign: number,
  netByRate: Map<number, number>,
  categoryOf: CategoryOf,
): Pick<EInvoice, 'allowances' | 'vatBreakdown'> {
  const allowances: EInvoice['allowances'] = [];
  const vatBreakdown: EInvoiceVatEntry[] = [];
  const reason = discountLabel(model.documentDiscount);
  for (const row of model.vatBreakdown) {
    const c = categoryOf(row.rate);
    const baseCents = cents(row.base) * sign;
    const shareCents = (netByRate.get(row.rate) ?? 0) - baseCents;
    if (shareCents !== 0)
      allowances.push({ amount: euros(shareCents), vatCategory: c.category, vatRate: row.rate, reason });
    vatBreakdown.push({
      category: c.category,
      rate: row.rate,
      base: euros(baseCents),
      vat: euros(cents(row.vat) * sign),
      ...(c.exemptionReason ? { exemptionReason: c.exemptionReason } : {}),
      ...(c.exemptionCode ? { exemptionCode: c.exemptionCode } : {}),
    });
  }
  return { allowances, vatBreakdown };
}

/** PMT for a private customer: the 40 € indemnity is owed by professionals only (art. L441-10 Code de commerce). */
export const NO_RECOVERY_INDEMNITY =
  'Indemnité forfaitaire pour frais de recouvrement : sans objet (client non professionnel)';

/**
 * BG-1 with a subject code: the mentions the PDF prints (operation kind, VAT, penalties…). Decision 085:
 * the French rules want AAB, PMD and PMT on every document, credit notes and private customers included
 * (BR-FR-05), and one TXD note at most (BR-FR-06); the texts are the PDF's (src/pdf/summary.ts).
 */
function subjectNotesOf(model: BusinessDocumentModel): NonNullable<EInvoice['subjectNotes']> {
  const subjectNotes: NonNullable<EInvoice['subjectNotes']> = [];
  if (model.operationKind)
    subjectNotes.push({ subjectCode: 'AAI', text: `Nature de l'opération : ${model.operationKind}` });
  const taxNotes = [model.vatOnDebits ? VAT_ON_DEBITS : '', model.vatClause?.trim() ?? ''].filter(Boolean);
  if (taxNotes.length) subjectNotes.push({ subjectCode: 'TXD', text: taxNotes.join(' – ') });
  if (model.estimateNumber)
    subjectNotes.push({ subjectCode: 'AAI', text: `Devis d'origine : ${model.estimateNumber}` });
  subjectNotes.push({ subjectCode: 'AAB', text: 'Escompte pour paiement anticipé : néant' });
  subjectNotes.push({
    subjectCode: 'PMD',
    text: `Pénalités de retard : ${model.latePenaltyRate || model.seller.latePenaltyRate || DEFAULT_LATE_PENALTY}`,
  });
  subjectNotes.push({
    subjectCode: 'PMT',
    text:
      model.customer.isBusiness !== false
        ? `${RECOVERY_INDEMNITY} (art. D441-5 du Code de commerce)`
        : NO_RECOVERY_INDEMNITY,
  });
  return subjectNotes;
}

const FRAMEWORK_LETTER: Record<NonNullable<BusinessDocumentModel['operationKind']>, 'B' | 'S' | 'M'> = {
  biens: 'B',
  'prestations de services': 'S',
  'les deux': 'M',
};

/**
 * BT-23, the billing framework (decision 085): B goods, S services, M both, from the operation kind the
 * document states (M when it states none: the one letter that cannot misstate what is sold); 1 a plain
 * invoice, credit note or deposit invoice, 4 the final invoice that deducts deposits (BR-FR-CO-08
 * forbids 4 on a deposit invoice, 386).
 */
export function billingFrameworkOf(model: BusinessDocumentModel, afterDeposits: boolean): BillingFramework {
  const letter = model.operationKind ? FRAMEWORK_LETTER[model.operationKind] : 'M';
  return `${letter}${afterDeposits ? '4' : '1'}` as BillingFramework;
}

/** BG-15: the document's delivery address, else the customer's; the buyer's for an intra-EU supply. */
function deliveryAddressOf(
  model: BusinessDocumentModel,
  buyer: EInvoiceParty,
  categories: ReadonlySet<VatCategory>,
): EInvoiceAddress | undefined {
  const deliveryLines = model.deliveryAddressLines?.length
    ? model.deliveryAddressLines
    : model.customer.deliveryAddressLines;
  // BR-IC-12: an intra-EU supply names the country the goods go to; the buyer's address when none.
  return deliveryLines?.some((l) => l.trim())
    ? addressOf(deliveryLines, { countryCode: buyer.address.countryCode })
    : categories.has('K')
      ? buyer.address
      : undefined;
}

/** BT-20: a credit note names the invoice it credits; an invoice without due date is paid on receipt. */
function paymentTermsOf(model: BusinessDocumentModel, isCredit: boolean): string | undefined {
  if (isCredit)
    return model.correctedInvoiceNumber ? `Avoir sur la facture n° ${model.correctedInvoiceNumber}` : 'Avoir';
  return model.dueDate ? undefined : 'Paiement à réception';
}

/** BG-3: the invoice a credit note corrects, with its issue date when known (BT-26). */
function precedingInvoiceOf(
  model: BusinessDocumentModel,
  isCredit: boolean,
  extra: ToEInvoiceExtra,
): Pick<EInvoice, 'precedingInvoice'> {
  if (!isCredit || !model.correctedInvoiceNumber) return {};
  // Decision 085: BR-FR-CO-05 wants the corrected invoice's date; the model carries it since.
  const issueDate = extra.precedingInvoiceIssueDate ?? model.correctedInvoiceDate ?? undefined;
  return {
    precedingInvoice: {
      number: model.correctedInvoiceNumber,
      ...(issueDate ? { issueDate } : {}),
    },
  };
}

/** BG-22: the document totals, from the lines' total and the per-rate allowances and VAT. */
function documentTotals(
  lineTotalCents: number,
  { allowances, vatBreakdown }: Pick<EInvoice, 'allowances' | 'vatBreakdown'>,
  prepaid = 0,
): EInvoice['totals'] {
  const allowanceCents = allowances.reduce((s, a) => s + cents(a.amount), 0);
  const taxBasisCents = lineTotalCents - allowanceCents;
  const vatCents = vatBreakdown.reduce((s, v) => s + cents(v.vat), 0);
  const grandCents = taxBasisCents + vatCents;
  return {
    lineTotal: euros(lineTotalCents),
    allowanceTotal: euros(allowanceCents),
    taxBasis: euros(taxBasisCents),
    vatTotal: euros(vatCents),
    grandTotal: euros(grandCents),
    prepaid: euros(cents(prepaid)),
    duePayable: euros(grandCents - cents(prepaid)),
  };
}

/** Only validated invoices and credit notes are e-invoices: a quote or a draft is refused. */
export function toEInvoice(model: BusinessDocumentModel, extra: ToEInvoiceExtra = {}): EInvoice {
  if (model.kind === 'Devis') throw new Error('Un devis n’est pas une facture électronique.');
  if (!model.number) throw new Error('Une facture électronique porte un numéro : le brouillon n’en a pas encore.');
  const isCredit = model.kind === 'Avoir';
  // Our credit notes hold positive amounts (an Avoir credits what it lists); one stored negative
  // is turned positive, as EN 16931 wants for a 381.
  const sign = isCredit && model.totals.ttc < 0 ? -1 : 1;
  const seller = party(model.seller, 'seller');
  const buyer = party(model.customer, 'buyer');
  const categoryOf = categoryResolver(model, buyer);
  const { notes, lines, netByRate, lineTotalCents } = documentLines(model, sign, categoryOf);
  const { allowances, vatBreakdown } = allowancesAndVat(model, sign, netByRate, categoryOf);

  const categories = new Set<VatCategory>(vatBreakdown.map((v) => v.category));
  // BR-E-02 / BR-G-02: a franchise seller has no VAT number; the SIREN is its tax registration.
  if (!seller.vatNumber && seller.siren && [...categories].some((c) => c !== 'S'))
    seller.taxRegistration = seller.siren;

  const subjectNotes = subjectNotesOf(model);
  const deliveryAddress = deliveryAddressOf(model, buyer, categories);
  const pay = payment(model);
  const terms = paymentTermsOf(model, isCredit);
  return {
    typeCode: isCredit ? '381' : extra.deposit ? '386' : '380',
    billingFramework: billingFrameworkOf(model, !isCredit && !extra.deposit && (extra.prepaidAmount ?? 0) > 0),
    number: model.number,
    issueDate: model.issueDate,
    ...(!isCredit && model.dueDate ? { dueDate: model.dueDate } : {}),
    deliveryDate: model.saleDate || model.issueDate,
    currency: 'EUR',
    ...precedingInvoiceOf(model, isCredit, extra),
    seller,
    buyer,
    ...(deliveryAddress ? { deliveryAddress } : {}),
    notes,
    subjectNotes,
    ...(model.vatOnDebits ? { vatOnDebits: true } : {}),
    payment: { ...pay, ...(terms ? { terms } : {}) },
    lines,
    allowances,
    vatBreakdown,
    totals: documentTotals(lineTotalCents, { allowances, vatBreakdown }, isCredit ? 0 : (extra.prepaidAmount ?? 0)),
  };
}
