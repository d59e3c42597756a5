// « Factures reçues » (decision 046): reads a supplier's e-invoice — a Factur-X / ZUGFeRD PDF (its
// embedded factur-x.xml), a CII XML or a UBL 2.1 Invoice / CreditNote — into the one model
// (types.ts), with the figures the checks need besides (checks.ts). The format is told by the
// content, never by the name. A file that is not an e-invoice is refused (415), one that cannot be
// read (broken XML, broken PDF) too (422); missing or odd data is a finding, not a refusal. A file
// beyond the reader's bounds (decision 074: 20 Mo of XML, the XML reader's limits, what a PDF's
// streams may inflate to) is refused (422) before it costs more. Server-side: the server reads it in a
// worker thread (server/src/modules/received-invoices/reader-pool.ts).
import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  type PDFDocument,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { formatCount } from '../domain/format';
import type { EInvoiceRawFigures } from './checks';
import type {
  EInvoice,
  EInvoiceAddress,
  EInvoiceFinding,
  EInvoiceFormat,
  EInvoiceLine,
  EInvoiceParty,
  EInvoiceVatEntry,
  ParsedEInvoice,
  VatCategory,
} from './types';
import {
  decodeStreamBounded,
  InflateBudget,
  InflateLimitError,
  loadPdfBounded,
  MAX_INFLATED_FILE_BYTES,
  MAX_INFLATED_STREAM_BYTES,
} from './pdf-streams';
import { childOf, childrenOf, parseXml, XmlLimitError, XmlReadError, type XmlElement } from './xml-read';

export const NOT_AN_EINVOICE = 'Ce fichier n’est ni une Factur-X, ni une facture CII, ni une facture UBL.';

/** The XML of an invoice, as a file or once inflated from its PDF (a 10 000-line CII is about 12 Mo). */
export const MAX_XML_BYTES = MAX_INFLATED_STREAM_BYTES;
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} Mo`;
export const XML_TOO_LARGE = `La facture électronique est refusée : son XML dépasse ${megabytes(MAX_XML_BYTES)}.`;
/**
 * What a received invoice's row keeps, bounded so that writing it stays short (decision 074): a
 * real invoice has a few hundred lines at most and a VAT breakdown of a few rates.
 */
export const MAX_INVOICE_LINES = 20_000;
export const MAX_VAT_ENTRIES = 1_000;
const bounded = <T>(items: T[], max: number, what: string): T[] => {
  if (items.length > max)
    throw new EInvoiceReadError(422, `La facture électronique est refusée : ${what.replace('{n}', formatCount(max))}.`);
  return items;
};
const tooManyLines = 'elle compte plus de {n} lignes';
const tooManyVatEntries = 'son détail de la TVA compte plus de {n} lignes';

/** Why a file cannot be read as an e-invoice: 415 (not one), 422 (one, but unreadable). */
export class EInvoiceReadError extends Error {
  constructor(
    readonly status: 415 | 422,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = 'EInvoiceReadError';
  }
}

/** What was read: the model, the figures it does not carry, and what could not be read as expected. */
export interface ParsedSupplierInvoice extends ParsedEInvoice {
  raw: EInvoiceRawFigures;
  /** Values present but unreadable (an amount « 12,5O »…): findings of their own. */
  readFindings: EInvoiceFinding[];
  /** The XML as read (decoded, its BOM kept out): what the official validators check (decision 086). */
  xmlText: string;
  /** UBL: a CreditNote document (its own XSD). */
  creditNote: boolean;
}

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  ublInvoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  ublCreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;
type Prefix = keyof typeof NS;

/** Names of the invoice XML that Factur-X, ZUGFeRD and XRechnung PDFs embed. */
const INVOICE_ATTACHMENT = /^(factur-x|zugferd-invoice|zugferd|xrechnung)\.xml$/i;
/** UNTDID 1001 codes of credit notes. */
const CREDIT_NOTE_CODES = new Set(['381', '261', '262', '296', '308', '396', '420', '458', '532']);

/** Reads a supplier's e-invoice; throws EInvoiceReadError (415 / 422) with a French message. */
export async function parseEInvoice(bytes: Uint8Array, fileName: string): Promise<ParsedSupplierInvoice> {
  if (isPdf(bytes)) {
    const xml = await facturXAttachment(bytes, fileName);
    return parseEInvoiceXml(xml, 'facturx');
  }
  return parseEInvoiceXml(bytes);
}

/** A CII or UBL XML (or the XML of a Factur-X, then `format` says so). */
export function parseEInvoiceXml(bytes: Uint8Array, format?: 'facturx'): ParsedSupplierInvoice {
  if (bytes.length > MAX_XML_BYTES) throw new EInvoiceReadError(422, XML_TOO_LARGE);
  const text = decodeXmlText(bytes);
  if (text === null || !text.trimStart().startsWith('<')) throw new EInvoiceReadError(415, NOT_AN_EINVOICE);
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    if (error instanceof XmlLimitError)
      throw new EInvoiceReadError(422, `La facture électronique est refusée : ${error.message}.`, [error.message]);
    if (error instanceof XmlReadError)
      throw new EInvoiceReadError(422, `La facture électronique est illisible : ${error.message}.`, [error.message]);
    throw error;
  }
  const xmlText = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (root.ns === NS.rsm && root.name === 'CrossIndustryInvoice')
    return { ...readCii(root, format ?? 'cii'), xmlText, creditNote: false };
  if (!format && root.ns === NS.ublInvoice && root.name === 'Invoice')
    return { ...readUbl(root, false), xmlText, creditNote: false };
  if (!format && root.ns === NS.ublCreditNote && root.name === 'CreditNote')
    return { ...readUbl(root, true), xmlText, creditNote: true };
  if (format)
    throw new EInvoiceReadError(
      422,
      'La facture électronique est illisible : le fichier joint au PDF n’est pas une facture CII.',
      [`Élément racine « ${root.name} »`],
    );
  throw new EInvoiceReadError(415, NOT_AN_EINVOICE, [`Élément racine « ${root.name} » inconnu`]);
}

// ── Text and PDF ────────────────────────────────────────────────────────────────────────────────

function isPdf(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}

/** The XML text, honouring a BOM or the declaration's encoding; null when it is no text at all. */
function decodeXmlText(bytes: Uint8Array): string | null {
  let encoding = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  else {
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
    const declared = /^(?:\uFEFF|ï»¿)?\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
    if (declared) encoding = declared[1].toLowerCase();
  }
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch {
    throw new EInvoiceReadError(422, `La facture électronique est illisible : l’encodage « ${encoding} » est inconnu.`);
  }
  try {
    return decoder.decode(bytes);
  } catch {
    if (bytes.includes(0)) return null; // binary, not text
    throw new EInvoiceReadError(
      422,
      `La facture électronique est illisible : son texte n’est pas valide en ${encoding.toUpperCase()}.`,
    );
  }
}

/**
 * A failed inflate or read as the depositor reads it: over a limit (the file's streams together, or
 * one stream, said of `what`), or unreadable.
 */
function inflateRefusal(error: unknown, fileName: string, what: string, unreadable: string): EInvoiceReadError {
  if (!(error instanceof InflateLimitError)) return new EInvoiceReadError(422, unreadable);
  return new EInvoiceReadError(
    422,
    error.limit === 'file'
      ? `Le PDF « ${fileName} » est refusé : ses flux compressés dépassent ${megabytes(MAX_INFLATED_FILE_BYTES)} une fois décompressés.`
      : `${what} ${megabytes(MAX_INFLATED_STREAM_BYTES)} une fois décompressé.`,
  );
}

async function facturXAttachment(bytes: Uint8Array, fileName: string): Promise<Uint8Array> {
  const budget = new InflateBudget();
  let pdf: PDFDocument;
  try {
    pdf = await loadPdfBounded(bytes, budget);
  } catch (error) {
    throw inflateRefusal(
      error,
      fileName,
      `Le PDF « ${fileName} » est refusé : un de ses flux compressés dépasse`,
      `Le PDF « ${fileName} » est illisible : il ne peut pas être ouvert.`,
    );
  }
  let files: ReturnType<typeof embeddedFiles>;
  try {
    files = embeddedFiles(pdf);
  } catch {
    throw new EInvoiceReadError(
      422,
      `Le PDF « ${fileName} » est illisible : ses pièces jointes ne peuvent pas être lues.`,
    );
  }
  const invoice = files.find((f) => INVOICE_ATTACHMENT.test(f.name));
  if (!invoice)
    throw new EInvoiceReadError(415, NOT_AN_EINVOICE, [
      `Le PDF « ${fileName} » ne contient pas de fichier factur-x.xml : ce n’est pas une Factur-X.`,
    ]);
  try {
    return decodeStreamBounded(invoice.stream, budget);
  } catch (error) {
    throw inflateRefusal(
      error,
      fileName,
      `Le fichier ${invoice.name} joint au PDF « ${fileName} » est refusé : il dépasse`,
      `Le fichier ${invoice.name} joint au PDF est illisible.`,
    );
  }
}

/** The PDF's attachments: the catalog's /Names /EmbeddedFiles tree and its /AF array. */
function embeddedFiles(pdf: PDFDocument): Array<{ name: string; stream: PDFRawStream }> {
  const out: Array<{ name: string; stream: PDFRawStream }> = [];
  const seen = new Set<PDFObject>();
  const lookup = (o: PDFObject | undefined) => (o ? pdf.context.lookup(o) : undefined);
  const addSpec = (specObj: PDFObject | undefined) => {
    const spec = lookup(specObj);
    if (!(spec instanceof PDFDict) || seen.has(spec)) return;
    seen.add(spec);
    const nameObj = spec.lookup(PDFName.of('UF')) ?? spec.lookup(PDFName.of('F'));
    const name =
      nameObj instanceof PDFString || nameObj instanceof PDFHexString ? nameObj.decodeText().split(/[/\\]/).pop()! : '';
    const ef = spec.lookup(PDFName.of('EF'));
    if (!(ef instanceof PDFDict)) return;
    const stream = lookup(ef.get(PDFName.of('F')) ?? ef.get(PDFName.of('UF')));
    if (stream instanceof PDFRawStream) out.push({ name, stream });
  };
  const walk = (nodeObj: PDFObject | undefined, depth: number) => {
    const node = lookup(nodeObj);
    if (!(node instanceof PDFDict) || depth > 32) return;
    const names = node.lookup(PDFName.of('Names'));
    if (names instanceof PDFArray) for (let i = 1; i < names.size(); i += 2) addSpec(names.get(i));
    const kids = node.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray) for (let i = 0; i < kids.size(); i++) walk(kids.get(i), depth + 1);
  };
  const catalog = pdf.catalog;
  const namesDict = catalog.lookup(PDFName.of('Names'));
  if (namesDict instanceof PDFDict) walk(namesDict.get(PDFName.of('EmbeddedFiles')), 0);
  const af = catalog.lookup(PDFName.of('AF'));
  if (af instanceof PDFArray) for (let i = 0; i < af.size(); i++) addSpec(af.get(i));
  return out;
}

// ── Reading values ──────────────────────────────────────────────────────────────────────────────

/** Follows a path of 'prefix:Name' steps from an element. */
function at(el: XmlElement | undefined, path: string): XmlElement | undefined {
  let cur = el;
  for (const step of path.split('/')) {
    const [p, name] = step.split(':') as [Prefix, string];
    cur = childOf(cur, NS[p], name);
    if (!cur) return undefined;
  }
  return cur;
}
function all(el: XmlElement | undefined, path: string): XmlElement[] {
  const steps = path.split('/');
  const last = steps.pop()!;
  const parent = steps.length ? at(el, steps.join('/')) : el;
  const [p, name] = last.split(':') as [Prefix, string];
  return childrenOf(parent, NS[p], name);
}
const txt = (el: XmlElement | undefined, path?: string) => (path ? at(el, path) : el)?.text.trim() ?? '';
const opt = (el: XmlElement | undefined, path?: string) => txt(el, path) || undefined;

class Reader {
  readonly findings: EInvoiceFinding[] = [];
  readonly absentTotals: Array<keyof EInvoice['totals']> = [];

  /** An amount or quantity: a plain decimal (dot, no grouping); absent → fallback; unreadable → a finding. */
  num(el: XmlElement | undefined, label: string, fallback = 0): number {
    const raw = el?.text.trim();
    if (raw === undefined || raw === '') return fallback;
    if (/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(raw)) return Number(raw);
    this.findings.push({
      rule: 'MONTANT',
      severity: 'erreur',
      message: `${label} « ${raw} » n’est pas un nombre lisible.`,
    });
    return fallback;
  }

  total(el: XmlElement | undefined, key: keyof EInvoice['totals'], label: string, required: boolean): number {
    if (!el || el.text.trim() === '') {
      if (required) this.absentTotals.push(key);
      return 0;
    }
    return this.num(el, label);
  }
}

/** CII dates: format 102 is YYYYMMDD; anything else is kept as written (then reported by the checks). */
function ciiDate(el: XmlElement | undefined): string | undefined {
  const s = el?.text.trim();
  if (!s) return undefined;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : s;
}

/** SIREN / SIRET from a legal identifier and its scheme (0002 SIRENE, 0009 SIRET). */
function legalIds(id: string | undefined, scheme: string | undefined): { siren?: string; siret?: string } {
  if (!id) return {};
  const digits = id.replace(/\s/g, '');
  if (scheme === '0009' || (/^\d{14}$/.test(digits) && scheme !== '0002'))
    return /^\d{14}$/.test(digits) ? { siren: digits.slice(0, 9), siret: digits } : {};
  if (scheme === '0002' || /^\d{9}$/.test(digits)) return /^\d{9}$/.test(digits) ? { siren: digits } : {};
  return {};
}

// ── CII (Factur-X) ──────────────────────────────────────────────────────────────────────────────

function ciiParty(p: XmlElement | undefined): EInvoiceParty {
  const a = at(p, 'ram:PostalTradeAddress');
  const legal = at(p, 'ram:SpecifiedLegalOrganization/ram:ID');
  const vat = all(p, 'ram:SpecifiedTaxRegistration').find((t) => at(t, 'ram:ID')?.attrs.schemeID === 'VA');
  const globalSiret = all(p, 'ram:GlobalID').find((g) => g.attrs.schemeID === '0009');
  const ids = { ...legalIds(globalSiret?.text.trim(), '0009'), ...legalIds(legal?.text.trim(), legal?.attrs.schemeID) };
  return {
    name: txt(p, 'ram:Name'),
    ...ids,
    vatNumber: opt(vat, 'ram:ID'),
    address: ciiAddress(a),
    email: opt(p, 'ram:URIUniversalCommunication/ram:URIID'),
    phone: opt(p, 'ram:DefinedTradeContact/ram:TelephoneUniversalCommunication/ram:CompleteNumber'),
    legalInfo: opt(p, 'ram:Description'),
  };
}

function ciiAddress(a: XmlElement | undefined): EInvoiceAddress {
  return {
    lines: ['ram:LineOne', 'ram:LineTwo', 'ram:LineThree'].map((l) => txt(a, l)).filter(Boolean),
    postalCode: opt(a, 'ram:PostcodeCode'),
    city: opt(a, 'ram:CityName'),
    countryCode: txt(a, 'ram:CountryID'),
  };
}

function readCii(root: XmlElement, format: EInvoiceFormat): Omit<ParsedSupplierInvoice, 'xmlText' | 'creditNote'> {
  const r = new Reader();
  const doc = at(root, 'rsm:ExchangedDocument');
  const tx = at(root, 'rsm:SupplyChainTradeTransaction');
  const agreement = at(tx, 'ram:ApplicableHeaderTradeAgreement');
  const delivery = at(tx, 'ram:ApplicableHeaderTradeDelivery');
  const settlement = at(tx, 'ram:ApplicableHeaderTradeSettlement');
  const sums = at(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  const currency = txt(settlement, 'ram:InvoiceCurrencyCode');
  const typeCode = txt(doc, 'ram:TypeCode');

  const rawLines: EInvoiceRawFigures['lines'] = [];
  const lines: EInvoiceLine[] = bounded(
    all(tx, 'ram:IncludedSupplyChainTradeLineItem'),
    MAX_INVOICE_LINES,
    tooManyLines,
  ).map((item, i) => {
    const lineAgreement = at(item, 'ram:SpecifiedLineTradeAgreement');
    const lineSettlement = at(item, 'ram:SpecifiedLineTradeSettlement');
    const qty = at(item, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity');
    const tax = at(lineSettlement, 'ram:ApplicableTradeTax');
    const id = txt(item, 'ram:AssociatedDocumentLineDocument/ram:LineID') || String(i + 1);
    const ac = all(lineSettlement, 'ram:SpecifiedTradeAllowanceCharge');
    const amounts = (charge: boolean) =>
      ac
        .filter((x) => txt(x, 'ram:ChargeIndicator/udt:Indicator') === String(charge))
        .reduce((s, x) => s + r.num(at(x, 'ram:ActualAmount'), `La remise ou les frais de la ligne ${id}`), 0);
    const allowances = amounts(false);
    rawLines.push({
      basisQuantity: r.num(
        at(lineAgreement, 'ram:NetPriceProductTradePrice/ram:BasisQuantity'),
        'La quantité de base',
        1,
      ),
      allowances,
      charges: amounts(true),
    });
    return {
      id,
      name: txt(item, 'ram:SpecifiedTradeProduct/ram:Name'),
      sellerItemId: opt(item, 'ram:SpecifiedTradeProduct/ram:SellerAssignedID'),
      quantity: r.num(qty, `La quantité de la ligne ${id}`),
      unitCode: qty?.attrs.unitCode ?? '',
      unitPrice: r.num(
        at(lineAgreement, 'ram:NetPriceProductTradePrice/ram:ChargeAmount'),
        `Le prix unitaire de la ligne ${id}`,
      ),
      discount: allowances,
      netAmount: r.num(
        at(lineSettlement, 'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount'),
        `Le montant de la ligne ${id}`,
      ),
      vatCategory: txt(tax, 'ram:CategoryCode') as VatCategory,
      vatRate: r.num(at(tax, 'ram:RateApplicablePercent'), `Le taux de TVA de la ligne ${id}`),
    };
  });

  const docAc = all(settlement, 'ram:SpecifiedTradeAllowanceCharge').map((x) => ({
    charge: txt(x, 'ram:ChargeIndicator/udt:Indicator') === 'true',
    amount: r.num(at(x, 'ram:ActualAmount'), 'Le montant d’une remise ou de frais'),
    vatCategory: txt(x, 'ram:CategoryTradeTax/ram:CategoryCode') as VatCategory,
    vatRate: r.num(at(x, 'ram:CategoryTradeTax/ram:RateApplicablePercent'), 'Le taux de TVA d’une remise ou de frais'),
    reason: txt(x, 'ram:Reason'),
  }));

  const vatBreakdown: EInvoiceVatEntry[] = bounded(
    all(settlement, 'ram:ApplicableTradeTax'),
    MAX_VAT_ENTRIES,
    tooManyVatEntries,
  ).map((t) => ({
    category: txt(t, 'ram:CategoryCode') as VatCategory,
    rate: r.num(at(t, 'ram:RateApplicablePercent'), 'Un taux de TVA'),
    base: r.num(at(t, 'ram:BasisAmount'), 'Une base de TVA'),
    vat: r.num(at(t, 'ram:CalculatedAmount'), 'Un montant de TVA'),
    exemptionReason: opt(t, 'ram:ExemptionReason'),
    exemptionCode: opt(t, 'ram:ExemptionReasonCode'),
  }));

  const taxTotals = all(sums, 'ram:TaxTotalAmount');
  const taxTotal = taxTotals.find((t) => !t.attrs.currencyID || t.attrs.currencyID === currency) ?? taxTotals[0];
  const terms = at(settlement, 'ram:SpecifiedTradePaymentTerms');
  const means = at(settlement, 'ram:SpecifiedTradeSettlementPaymentMeans');
  const preceding = at(settlement, 'ram:InvoiceReferencedDocument');
  const shipTo = at(delivery, 'ram:ShipToTradeParty/ram:PostalTradeAddress');

  const invoice: EInvoice = {
    typeCode: CREDIT_NOTE_CODES.has(typeCode) ? '381' : '380',
    number: txt(doc, 'ram:ID'),
    issueDate: ciiDate(at(doc, 'ram:IssueDateTime/udt:DateTimeString')) ?? '',
    dueDate: ciiDate(at(terms, 'ram:DueDateDateTime/udt:DateTimeString')),
    deliveryDate: ciiDate(at(delivery, 'ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString')),
    currency: (currency || 'EUR') as 'EUR',
    buyerReference: opt(agreement, 'ram:BuyerReference'),
    precedingInvoice: preceding
      ? {
          number: txt(preceding, 'ram:IssuerAssignedID'),
          issueDate: ciiDate(at(preceding, 'ram:FormattedIssueDateTime/qdt:DateTimeString')),
        }
      : undefined,
    seller: ciiParty(at(agreement, 'ram:SellerTradeParty')),
    buyer: ciiParty(at(agreement, 'ram:BuyerTradeParty')),
    deliveryAddress: shipTo ? ciiAddress(shipTo) : undefined,
    notes: all(doc, 'ram:IncludedNote')
      .map((n) => txt(n, 'ram:Content'))
      .filter(Boolean),
    payment: means
      ? {
          meansCode: txt(means, 'ram:TypeCode'),
          meansText: opt(means, 'ram:Information'),
          iban: opt(means, 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID'),
          bic: opt(means, 'ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID'),
          terms: opt(terms, 'ram:Description'),
        }
      : undefined,
    lines,
    allowances: docAc.filter((a) => !a.charge).map(({ charge: _, ...a }) => a),
    vatBreakdown,
    totals: {
      lineTotal: r.total(at(sums, 'ram:LineTotalAmount'), 'lineTotal', 'Le total des lignes', true),
      allowanceTotal: r.total(at(sums, 'ram:AllowanceTotalAmount'), 'allowanceTotal', 'Le total des remises', false),
      taxBasis: r.total(at(sums, 'ram:TaxBasisTotalAmount'), 'taxBasis', 'Le total HT', true),
      vatTotal: r.total(taxTotal, 'vatTotal', 'Le total de la TVA', false),
      grandTotal: r.total(at(sums, 'ram:GrandTotalAmount'), 'grandTotal', 'Le total TTC', true),
      prepaid: r.total(at(sums, 'ram:TotalPrepaidAmount'), 'prepaid', 'Les acomptes versés', false),
      duePayable: r.total(at(sums, 'ram:DuePayableAmount'), 'duePayable', 'Le montant à payer', true),
    },
  };
  const raw: EInvoiceRawFigures = {
    charges: docAc.filter((a) => a.charge).map(({ charge: _, ...a }) => a),
    chargeTotal: r.num(at(sums, 'ram:ChargeTotalAmount'), 'Le total des frais'),
    roundingAmount: r.num(at(sums, 'ram:RoundingAmount'), 'L’arrondi'),
    currency,
    typeCode,
    specification: txt(root, 'rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID'),
    absentTotals: r.absentTotals,
    lines: rawLines,
    hasPaymentTerms: !!txt(terms, 'ram:Description'),
  };
  return { format, invoice, raw, readFindings: r.findings };
}

// ── UBL 2.1 ─────────────────────────────────────────────────────────────────────────────────────

function ublAddress(a: XmlElement | undefined): EInvoiceAddress {
  return {
    lines: [txt(a, 'cbc:StreetName'), txt(a, 'cbc:AdditionalStreetName'), txt(a, 'cac:AddressLine/cbc:Line')].filter(
      Boolean,
    ),
    postalCode: opt(a, 'cbc:PostalZone'),
    city: opt(a, 'cbc:CityName'),
    countryCode: txt(a, 'cac:Country/cbc:IdentificationCode'),
  };
}

function ublParty(p: XmlElement | undefined): EInvoiceParty {
  const legal = at(p, 'cac:PartyLegalEntity');
  const legalId = at(legal, 'cbc:CompanyID');
  const vat = all(p, 'cac:PartyTaxScheme').find((t) => txt(t, 'cac:TaxScheme/cbc:ID') === 'VAT');
  const partyIds = all(p, 'cac:PartyIdentification').map((x) => at(x, 'cbc:ID'));
  const siretId = partyIds.find((x) => x?.attrs.schemeID === '0009');
  return {
    name: txt(legal, 'cbc:RegistrationName') || txt(p, 'cac:PartyName/cbc:Name'),
    legalForm: opt(legal, 'cbc:CompanyLegalForm'),
    ...legalIds(siretId?.text.trim(), '0009'),
    ...legalIds(legalId?.text.trim(), legalId?.attrs.schemeID),
    vatNumber: opt(vat, 'cbc:CompanyID'),
    address: ublAddress(at(p, 'cac:PostalAddress')),
    email: opt(p, 'cac:Contact/cbc:ElectronicMail'),
    phone: opt(p, 'cac:Contact/cbc:Telephone'),
  };
}

function readUbl(root: XmlElement, creditNote: boolean): Omit<ParsedSupplierInvoice, 'xmlText' | 'creditNote'> {
  const r = new Reader();
  const currency = txt(root, 'cbc:DocumentCurrencyCode');
  const typeCode = txt(root, creditNote ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode');
  const sums = at(root, 'cac:LegalMonetaryTotal');
  const taxCategory = (el: XmlElement | undefined) => ({
    vatCategory: txt(el, 'cbc:ID') as VatCategory,
    vatRate: r.num(at(el, 'cbc:Percent'), 'Un taux de TVA'),
  });
  const allowanceCharges = (el: XmlElement | undefined, label: string) =>
    all(el, 'cac:AllowanceCharge').map((x) => ({
      charge: txt(x, 'cbc:ChargeIndicator') === 'true',
      amount: r.num(at(x, 'cbc:Amount'), label),
      ...taxCategory(at(x, 'cac:TaxCategory')),
      reason: txt(x, 'cbc:AllowanceChargeReason'),
    }));

  const rawLines: EInvoiceRawFigures['lines'] = [];
  const lines: EInvoiceLine[] = bounded(
    all(root, creditNote ? 'cac:CreditNoteLine' : 'cac:InvoiceLine'),
    MAX_INVOICE_LINES,
    tooManyLines,
  ).map((l, i) => {
    const id = txt(l, 'cbc:ID') || String(i + 1);
    const qty = at(l, creditNote ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity');
    const ac = allowanceCharges(l, `La remise ou les frais de la ligne ${id}`);
    const sumOf = (charge: boolean) => ac.filter((x) => x.charge === charge).reduce((s, x) => s + x.amount, 0);
    const allowances = sumOf(false);
    const cat = taxCategory(at(l, 'cac:Item/cac:ClassifiedTaxCategory'));
    rawLines.push({
      basisQuantity: r.num(at(l, 'cac:Price/cbc:BaseQuantity'), 'La quantité de base', 1),
      allowances,
      charges: sumOf(true),
    });
    return {
      id,
      name: txt(l, 'cac:Item/cbc:Name'),
      sellerItemId: opt(l, 'cac:Item/cac:SellersItemIdentification/cbc:ID'),
      quantity: r.num(qty, `La quantité de la ligne ${id}`),
      unitCode: qty?.attrs.unitCode ?? '',
      unitPrice: r.num(at(l, 'cac:Price/cbc:PriceAmount'), `Le prix unitaire de la ligne ${id}`),
      discount: allowances,
      netAmount: r.num(at(l, 'cbc:LineExtensionAmount'), `Le montant de la ligne ${id}`),
      ...cat,
    };
  });

  const docAc = allowanceCharges(root, 'Le montant d’une remise ou de frais');
  const taxTotals = all(root, 'cac:TaxTotal');
  const taxTotal =
    taxTotals.find((t) => at(t, 'cac:TaxSubtotal')) ??
    taxTotals.find((t) => at(t, 'cbc:TaxAmount')?.attrs.currencyID === currency) ??
    taxTotals[0];
  const vatBreakdown: EInvoiceVatEntry[] = bounded(
    all(taxTotal, 'cac:TaxSubtotal'),
    MAX_VAT_ENTRIES,
    tooManyVatEntries,
  ).map((s) => {
    const cat = at(s, 'cac:TaxCategory');
    return {
      category: txt(cat, 'cbc:ID') as VatCategory,
      rate: r.num(at(cat, 'cbc:Percent'), 'Un taux de TVA'),
      base: r.num(at(s, 'cbc:TaxableAmount'), 'Une base de TVA'),
      vat: r.num(at(s, 'cbc:TaxAmount'), 'Un montant de TVA'),
      exemptionReason: opt(cat, 'cbc:TaxExemptionReason'),
      exemptionCode: opt(cat, 'cbc:TaxExemptionReasonCode'),
    };
  });
  const means = at(root, 'cac:PaymentMeans');
  const terms = opt(root, 'cac:PaymentTerms/cbc:Note');
  const billing = at(root, 'cac:BillingReference/cac:InvoiceDocumentReference');
  const deliveryAddress = at(root, 'cac:Delivery/cac:DeliveryLocation/cac:Address');

  const invoice: EInvoice = {
    typeCode: creditNote || CREDIT_NOTE_CODES.has(typeCode) ? '381' : '380',
    number: txt(root, 'cbc:ID'),
    issueDate: txt(root, 'cbc:IssueDate'),
    dueDate: opt(root, 'cbc:DueDate') ?? opt(root, 'cac:PaymentMeans/cbc:PaymentDueDate'),
    deliveryDate: opt(root, 'cac:Delivery/cbc:ActualDeliveryDate'),
    currency: (currency || 'EUR') as 'EUR',
    buyerReference: opt(root, 'cbc:BuyerReference'),
    precedingInvoice: billing
      ? { number: txt(billing, 'cbc:ID'), issueDate: opt(billing, 'cbc:IssueDate') }
      : undefined,
    seller: ublParty(at(root, 'cac:AccountingSupplierParty/cac:Party')),
    buyer: ublParty(at(root, 'cac:AccountingCustomerParty/cac:Party')),
    deliveryAddress: deliveryAddress ? ublAddress(deliveryAddress) : undefined,
    notes: all(root, 'cbc:Note')
      .map((n) => n.text.trim())
      .filter(Boolean),
    payment: means
      ? {
          meansCode: txt(means, 'cbc:PaymentMeansCode'),
          iban: opt(means, 'cac:PayeeFinancialAccount/cbc:ID'),
          bic: opt(means, 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID'),
          terms,
        }
      : undefined,
    lines,
    allowances: docAc.filter((a) => !a.charge).map(({ charge: _, ...a }) => a),
    vatBreakdown,
    totals: {
      lineTotal: r.total(at(sums, 'cbc:LineExtensionAmount'), 'lineTotal', 'Le total des lignes', true),
      allowanceTotal: r.total(at(sums, 'cbc:AllowanceTotalAmount'), 'allowanceTotal', 'Le total des remises', false),
      taxBasis: r.total(at(sums, 'cbc:TaxExclusiveAmount'), 'taxBasis', 'Le total HT', true),
      vatTotal: r.total(at(taxTotal, 'cbc:TaxAmount'), 'vatTotal', 'Le total de la TVA', false),
      grandTotal: r.total(at(sums, 'cbc:TaxInclusiveAmount'), 'grandTotal', 'Le total TTC', true),
      prepaid: r.total(at(sums, 'cbc:PrepaidAmount'), 'prepaid', 'Les acomptes versés', false),
      duePayable: r.total(at(sums, 'cbc:PayableAmount'), 'duePayable', 'Le montant à payer', true),
    },
  };
  const raw: EInvoiceRawFigures = {
    charges: docAc.filter((a) => a.charge).map(({ charge: _, ...a }) => a),
    chargeTotal: r.num(at(sums, 'cbc:ChargeTotalAmount'), 'Le total des frais'),
    roundingAmount: r.num(at(sums, 'cbc:PayableRoundingAmount'), 'L’arrondi'),
    currency,
    typeCode: creditNote ? typeCode || '381' : typeCode,
    specification: txt(root, 'cbc:CustomizationID'),
    absentTotals: r.absentTotals,
    lines: rawLines,
    hasPaymentTerms: !!terms,
  };
  return { format: 'ubl', invoice, raw, readFindings: r.findings };
}
