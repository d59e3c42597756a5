// Decision 046: the e-invoice model → OASIS UBL 2.1 (EN 16931, CustomizationID urn:cen.eu:en16931:2017):
// an Invoice, or a CreditNote for type 381. Same data as the CII of cii.ts, element order of the
// UBL 2.1 XSDs (tests/validators/einvoice/schema/UBL_21). String building, no DOM.
import type { EInvoice, EInvoiceAddress, EInvoiceParty } from './types';
import { amount, el, esc, price, quantity } from './xml';

const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

function postalAddress(tag: string, a: EInvoiceAddress): string {
  return (
    `<${tag}>` +
    el('cbc:StreetName', a.lines[0]) +
    el('cbc:AdditionalStreetName', a.lines[1]) +
    el('cbc:CityName', a.city) +
    el('cbc:PostalZone', a.postalCode) +
    (a.lines[2] ? `<cac:AddressLine>${el('cbc:Line', a.lines[2])}</cac:AddressLine>` : '') +
    `<cac:Country>${el('cbc:IdentificationCode', a.countryCode)}</cac:Country>` +
    `</${tag}>`
  );
}

function party(tag: string, p: EInvoiceParty): string {
  return (
    `<${tag}><cac:Party>` +
    // BT-34 / BT-49 (decision 085): the address a platform delivers to, required by BR-FR-12 and BR-FR-13.
    (p.electronicAddress
      ? el('cbc:EndpointID', p.electronicAddress.value, ` schemeID="${esc(p.electronicAddress.scheme)}"`)
      : '') +
    (p.siret ? `<cac:PartyIdentification>${el('cbc:ID', p.siret, ' schemeID="0009"')}</cac:PartyIdentification>` : '') +
    postalAddress('cac:PostalAddress', p.address) +
    (p.vatNumber
      ? `<cac:PartyTaxScheme>${el('cbc:CompanyID', p.vatNumber)}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
      : '') +
    (p.taxRegistration
      ? `<cac:PartyTaxScheme>${el('cbc:CompanyID', p.taxRegistration)}<cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
      : '') +
    '<cac:PartyLegalEntity>' +
    el('cbc:RegistrationName', p.name) +
    el('cbc:CompanyID', p.siren, ' schemeID="0002"') +
    el('cbc:CompanyLegalForm', p.legalInfo) +
    '</cac:PartyLegalEntity>' +
    (p.phone || p.email
      ? `<cac:Contact>${el('cbc:Telephone', p.phone)}${el('cbc:ElectronicMail', p.email)}</cac:Contact>`
      : '') +
    `</cac:Party></${tag}>`
  );
}

const taxCategory = (tag: string, category: string, rate: number, reasonCode?: string, reason?: string) =>
  `<${tag}><cbc:ID>${category}</cbc:ID><cbc:Percent>${quantity(rate)}</cbc:Percent>` +
  el('cbc:TaxExemptionReasonCode', reasonCode) +
  el('cbc:TaxExemptionReason', reason) +
  `<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></${tag}>`;

export function toUbl(e: EInvoice): string {
  const credit = e.typeCode === '381';
  const root = credit ? 'CreditNote' : 'Invoice';
  const cur = ` currencyID="${e.currency}"`;
  const money = (tag: string, n: number) => `<${tag}${cur}>${amount(n)}</${tag}>`;
  const out: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="${CAC}" xmlns:cbc="${CBC}">`,
    '<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>',
    // BT-23, the French billing framework (BR-FR-08, decision 085).
    el('cbc:ProfileID', e.billingFramework),
    el('cbc:ID', e.number),
    `<cbc:IssueDate>${e.issueDate}</cbc:IssueDate>`,
  ];
  if (!credit && e.dueDate) out.push(`<cbc:DueDate>${e.dueDate}</cbc:DueDate>`);
  out.push(
    credit
      ? `<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>`
      : `<cbc:InvoiceTypeCode>${e.typeCode}</cbc:InvoiceTypeCode>`,
  );
  for (const n of e.notes) out.push(el('cbc:Note', n));
  // EN 16931's UBL binding carries the note subject code (BT-21) as a « #CODE# » prefix.
  for (const n of e.subjectNotes ?? []) out.push(el('cbc:Note', `#${n.subjectCode}#${n.text}`));
  out.push(`<cbc:DocumentCurrencyCode>${e.currency}</cbc:DocumentCurrencyCode>`);
  out.push(el('cbc:BuyerReference', e.buyerReference));
  // BT-8: VAT due on the invoice date (« taxe d'après les débits »), UNTDID 2005 code 3.
  if (e.vatOnDebits) out.push('<cac:InvoicePeriod><cbc:DescriptionCode>3</cbc:DescriptionCode></cac:InvoicePeriod>');
  if (e.precedingInvoice)
    out.push(
      `<cac:BillingReference><cac:InvoiceDocumentReference>${el('cbc:ID', e.precedingInvoice.number)}` +
        el('cbc:IssueDate', e.precedingInvoice.issueDate) +
        '</cac:InvoiceDocumentReference></cac:BillingReference>',
    );
  out.push(party('cac:AccountingSupplierParty', e.seller));
  out.push(party('cac:AccountingCustomerParty', e.buyer));
  if (e.deliveryDate || e.deliveryAddress)
    out.push(
      '<cac:Delivery>' +
        el('cbc:ActualDeliveryDate', e.deliveryDate) +
        (e.deliveryAddress
          ? `<cac:DeliveryLocation>${postalAddress('cac:Address', e.deliveryAddress)}</cac:DeliveryLocation>`
          : '') +
        '</cac:Delivery>',
    );
  const p = e.payment;
  if (p)
    out.push(
      `<cac:PaymentMeans><cbc:PaymentMeansCode${p.meansText ? ` name="${esc(p.meansText)}"` : ''}>${esc(p.meansCode)}</cbc:PaymentMeansCode>` +
        el('cbc:PaymentID', e.number) +
        (p.iban
          ? `<cac:PayeeFinancialAccount>${el('cbc:ID', p.iban)}` +
            (p.bic ? `<cac:FinancialInstitutionBranch>${el('cbc:ID', p.bic)}</cac:FinancialInstitutionBranch>` : '') +
            '</cac:PayeeFinancialAccount>'
          : '') +
        '</cac:PaymentMeans>',
    );
  if (p?.terms) out.push(`<cac:PaymentTerms>${el('cbc:Note', p.terms)}</cac:PaymentTerms>`);
  for (const a of e.allowances)
    out.push(
      '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>' +
        el('cbc:AllowanceChargeReason', a.reason) +
        money('cbc:Amount', a.amount) +
        taxCategory('cac:TaxCategory', a.vatCategory, a.vatRate) +
        '</cac:AllowanceCharge>',
    );
  out.push(`<cac:TaxTotal>${money('cbc:TaxAmount', e.totals.vatTotal)}`);
  for (const v of e.vatBreakdown)
    out.push(
      `<cac:TaxSubtotal>${money('cbc:TaxableAmount', v.base)}${money('cbc:TaxAmount', v.vat)}` +
        taxCategory('cac:TaxCategory', v.category, v.rate, v.exemptionCode, v.exemptionReason) +
        '</cac:TaxSubtotal>',
    );
  out.push('</cac:TaxTotal>');
  const t = e.totals;
  out.push(
    '<cac:LegalMonetaryTotal>' +
      money('cbc:LineExtensionAmount', t.lineTotal) +
      money('cbc:TaxExclusiveAmount', t.taxBasis) +
      money('cbc:TaxInclusiveAmount', t.grandTotal) +
      (e.allowances.length ? money('cbc:AllowanceTotalAmount', t.allowanceTotal) : '') +
      (t.prepaid ? money('cbc:PrepaidAmount', t.prepaid) : '') +
      money('cbc:PayableAmount', t.duePayable) +
      '</cac:LegalMonetaryTotal>',
  );
  const lineTag = credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine';
  const qtyTag = credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity';
  for (const l of e.lines)
    out.push(
      `<${lineTag}>${el('cbc:ID', l.id)}<${qtyTag} unitCode="${esc(l.unitCode)}">${quantity(l.quantity)}</${qtyTag}>` +
        money('cbc:LineExtensionAmount', l.netAmount) +
        (l.discount
          ? '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>' +
            el('cbc:AllowanceChargeReason', l.discountReason ?? 'Remise') +
            money('cbc:Amount', l.discount) +
            '</cac:AllowanceCharge>'
          : '') +
        `<cac:Item>${el('cbc:Name', l.name)}` +
        (l.sellerItemId
          ? `<cac:SellersItemIdentification>${el('cbc:ID', l.sellerItemId)}</cac:SellersItemIdentification>`
          : '') +
        taxCategory('cac:ClassifiedTaxCategory', l.vatCategory, l.vatRate) +
        `</cac:Item><cac:Price><cbc:PriceAmount${cur}>${price(l.unitPrice)}</cbc:PriceAmount></cac:Price></${lineTag}>`,
    );
  out.push(`</${root}>\n`);
  return out.filter(Boolean).join('\n');
}
