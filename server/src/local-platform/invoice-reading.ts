import { PDFArray, PDFDict, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFObject } from '@cantoo/pdf-lib';
import { readStatusMessage } from '../../../src/einvoice/cdar';
import { decodeStreamBounded, InflateBudget, loadPdfBounded } from '../../../src/einvoice/pdf-streams';

// What the local platform reads of a flow to route it (decision 087): an invoice's number, its
// seller's and buyer's SIREN and the buyer's electronic address (BT-49, scheme 0225), from CII, UBL
// or the XML inside a Factur-X. Routing needs no more; the rules are the official validators' job.

export interface InvoiceRouting {
  number: string;
  /** BT-3. */
  typeCode?: string;
  /** BT-2, YYYY-MM-DD. */
  issueDate?: string;
  sellerSiren?: string;
  buyerSiren?: string;
  /** BT-49 with scheme 0225, when the invoice gives one. */
  buyerAddress?: string;
  sellerAddress?: string;
}

const el = (name: string) => new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>`);
const textOf = (xml: string | undefined, name: string) => (xml ? el(name).exec(xml)?.[1]?.trim() : undefined);
const schemed = (xml: string | undefined, name: string, scheme: string) =>
  xml
    ? new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*schemeID="${scheme}"[^>]*>([^<]+)</`).exec(xml)?.[1]?.trim()
    : undefined;
const unescape = (s: string | undefined) =>
  s
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function ciiRouting(xml: string): InvoiceRouting | null {
  const doc = textOf(xml, 'ExchangedDocument');
  const number = textOf(doc, 'ID');
  if (!number) return null;
  const date = /(\d{4})(\d{2})(\d{2})/.exec(textOf(textOf(doc, 'IssueDateTime'), 'DateTimeString') ?? '');
  const seller = textOf(xml, 'SellerTradeParty');
  const buyer = textOf(xml, 'BuyerTradeParty');
  const siren = (party?: string) => schemed(textOf(party, 'SpecifiedLegalOrganization'), 'ID', '0002');
  return {
    number: unescape(number)!,
    typeCode: textOf(doc, 'TypeCode'),
    issueDate: date ? `${date[1]}-${date[2]}-${date[3]}` : undefined,
    sellerSiren: siren(seller),
    buyerSiren: siren(buyer),
    sellerAddress: schemed(seller, 'URIID', '0225'),
    buyerAddress: schemed(buyer, 'URIID', '0225'),
  };
}

function ublRouting(xml: string): InvoiceRouting | null {
  const head = xml.split(
    /<(?:[\w-]+:)?(?:Signature|AccountingSupplierParty|InvoicePeriod|OrderReference|BillingReference)\b/,
  )[0];
  const number = textOf(
    head.replace(/<(?:[\w-]+:)?(?:UBLVersionID|CustomizationID|ProfileID)\b[\s\S]*?<\/[^>]+>/g, ''),
    'ID',
  );
  if (!number) return null;
  const seller = textOf(xml, 'AccountingSupplierParty');
  const buyer = textOf(xml, 'AccountingCustomerParty');
  const siren = (party?: string) => schemed(textOf(party, 'PartyLegalEntity'), 'CompanyID', '0002');
  return {
    number: unescape(number)!,
    typeCode:
      textOf(head, 'InvoiceTypeCode') ??
      textOf(head, 'CreditNoteTypeCode') ??
      (/<(?:[\w-]+:)?CreditNote\b/.test(xml) ? '381' : '380'),
    issueDate: textOf(head, 'IssueDate'),
    sellerSiren: siren(seller),
    buyerSiren: siren(buyer),
    sellerAddress: schemed(seller, 'EndpointID', '0225'),
    buyerAddress: schemed(buyer, 'EndpointID', '0225'),
  };
}

/** The routing data of an invoice file, or null when it is no invoice the platform can read. */
export async function readInvoiceRouting(bytes: Uint8Array): Promise<InvoiceRouting | null> {
  const xml = isPdf(bytes) ? await facturXXml(bytes) : new TextDecoder().decode(bytes);
  if (!xml) return null;
  if (/<(?:[\w-]+:)?CrossIndustryInvoice\b/.test(xml)) return ciiRouting(xml);
  if (/<(?:[\w-]+:)?(?:Invoice|CreditNote)\b[^>]*xmlns/.test(xml)) return ublRouting(xml);
  return null;
}

export interface StatusReading {
  code: string;
  invoiceNumber: string;
  /** SIREN of the referenced invoice's issuer (its seller). */
  sellerSiren?: string;
  reasonCode?: string;
  reason?: string;
}

/** A lifecycle message (CDAR, read by src/einvoice/cdar.ts): the status and the invoice it is about. */
export function readStatus(bytes: Uint8Array): StatusReading | null {
  try {
    const s = readStatusMessage(new TextDecoder().decode(bytes));
    return {
      code: s.code,
      invoiceNumber: s.invoice.number,
      sellerSiren: s.invoice.sellerSiren || undefined,
      ...(s.reason ? { reasonCode: s.reason.code, ...(s.reason.text ? { reason: s.reason.text } : {}) } : {}),
    };
  } catch {
    return null;
  }
}

export function isPdf(bytes: Uint8Array): boolean {
  return new TextDecoder('latin1').decode(bytes.subarray(0, 1024)).includes('%PDF-');
}

/** The factur-x.xml a PDF carries (its /EmbeddedFiles names and its /AF array), bounded as uploads are. */
async function facturXXml(bytes: Uint8Array): Promise<string | null> {
  try {
    const budget = new InflateBudget();
    const pdf = await loadPdfBounded(bytes, budget);
    const lookup = (o: PDFObject | undefined) => (o ? pdf.context.lookup(o) : undefined);
    const specs: PDFObject[] = [];
    const walk = (nodeObj: PDFObject | undefined, depth: number) => {
      const node = lookup(nodeObj);
      if (!(node instanceof PDFDict) || depth > 32) return;
      const names = node.lookup(PDFName.of('Names'));
      if (names instanceof PDFArray) for (let i = 1; i < names.size(); i += 2) specs.push(names.get(i));
      const kids = node.lookup(PDFName.of('Kids'));
      if (kids instanceof PDFArray) for (let i = 0; i < kids.size(); i++) walk(kids.get(i), depth + 1);
    };
    const names = pdf.catalog.lookup(PDFName.of('Names'));
    if (names instanceof PDFDict) walk(names.get(PDFName.of('EmbeddedFiles')), 0);
    const af = pdf.catalog.lookup(PDFName.of('AF'));
    if (af instanceof PDFArray) for (let i = 0; i < af.size(); i++) specs.push(af.get(i));
    for (const specObj of specs) {
      const spec = lookup(specObj);
      if (!(spec instanceof PDFDict)) continue;
      const nameObj = spec.lookup(PDFName.of('UF')) ?? spec.lookup(PDFName.of('F'));
      const name = nameObj instanceof PDFString || nameObj instanceof PDFHexString ? nameObj.decodeText() : '';
      const ef = spec.lookup(PDFName.of('EF'));
      if (!/factur-x\.xml$/i.test(name) || !(ef instanceof PDFDict)) continue;
      const stream = lookup(ef.get(PDFName.of('F')) ?? ef.get(PDFName.of('UF')));
      if (stream instanceof PDFRawStream) return new TextDecoder().decode(decodeStreamBounded(stream, budget));
    }
    return null;
  } catch {
    return null;
  }
}
