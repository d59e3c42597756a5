// Decision 046: the e-invoice model → UN/CEFACT Cross Industry Invoice D16B, as the Factur-X EN 16931
// profile (the `factur-x.xml` of a Factur-X PDF) requires. Element order follows the Factur-X XSD
// (tests/validators/einvoice/schema/ZF_250). String building, no DOM: a few ms for 1 000 lines.
import type { EInvoice, EInvoiceAddress, EInvoiceParty } from './types';
import { amount, date102, el, esc, price, quantity } from './xml';

const NS =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
  'xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" ' +
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"';

const date = (d: string) => `<udt:DateTimeString format="102">${date102(d)}</udt:DateTimeString>`;

function address(a: EInvoiceAddress): string {
  return (
    '<ram:PostalTradeAddress>' +
    el('ram:PostcodeCode', a.postalCode) +
    el('ram:LineOne', a.lines[0]) +
    el('ram:LineTwo', a.lines[1]) +
    el('ram:LineThree', a.lines[2]) +
    el('ram:CityName', a.city) +
    el('ram:CountryID', a.countryCode) +
    '</ram:PostalTradeAddress>'
  );
}

function tradeParty(tag: string, p: EInvoiceParty): string {
  const contact =
    p.phone || p.email
      ? '<ram:DefinedTradeContact>' +
        (p.phone
          ? `<ram:TelephoneUniversalCommunication>${el('ram:CompleteNumber', p.phone)}</ram:TelephoneUniversalCommunication>`
          : '') +
        (p.email
          ? `<ram:EmailURIUniversalCommunication>${el('ram:URIID', p.email)}</ram:EmailURIUniversalCommunication>`
          : '') +
        '</ram:DefinedTradeContact>'
      : '';
  return (
    `<${tag}>` +
    el('ram:GlobalID', p.siret, ' schemeID="0009"') +
    el('ram:Name', p.name) +
    el('ram:Description', p.legalInfo) +
    (p.siren
      ? `<ram:SpecifiedLegalOrganization>${el('ram:ID', p.siren, ' schemeID="0002"')}</ram:SpecifiedLegalOrganization>`
      : '') +
    contact +
    address(p.address) +
    // BT-34 / BT-49 (decision 085): the address a platform delivers to, required by BR-FR-12 and BR-FR-13.
    (p.electronicAddress
      ? `<ram:URIUniversalCommunication>${el('ram:URIID', p.electronicAddress.value, ` schemeID="${esc(p.electronicAddress.scheme)}"`)}</ram:URIUniversalCommunication>`
      : '') +
    (p.vatNumber
      ? `<ram:SpecifiedTaxRegistration>${el('ram:ID', p.vatNumber, ' schemeID="VA"')}</ram:SpecifiedTaxRegistration>`
      : '') +
    (p.taxRegistration
      ? `<ram:SpecifiedTaxRegistration>${el('ram:ID', p.taxRegistration, ' schemeID="FC"')}</ram:SpecifiedTaxRegistration>`
      : '') +
    `</${tag}>`
  );
}

const tax = (category: string, rate: number) =>
  `<ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${category}</ram:CategoryCode>` +
  `<ram:RateApplicablePercent>${quantity(rate)}</ram:RateApplicablePercent>`;

const allowance = (value: number, reason: string, category?: string, rate?: number) =>
  '<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>' +
  `<ram:ActualAmount>${amount(value)}</ram:ActualAmount>` +
  el('ram:Reason', reason) +
  (category !== undefined ? `<ram:CategoryTradeTax>${tax(category, rate ?? 0)}</ram:CategoryTradeTax>` : '') +
  '</ram:SpecifiedTradeAllowanceCharge>';

const note = (text: string, subjectCode?: string) =>
  `<ram:IncludedNote>${el('ram:Content', text)}${el('ram:SubjectCode', subjectCode)}</ram:IncludedNote>`;

export function toCii(e: EInvoice): string {
  const out: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice ${NS}>`,
    '<rsm:ExchangedDocumentContext>' +
      // BT-23, the French billing framework (BR-FR-08, decision 085).
      (e.billingFramework
        ? `<ram:BusinessProcessSpecifiedDocumentContextParameter>${el('ram:ID', e.billingFramework)}</ram:BusinessProcessSpecifiedDocumentContextParameter>`
        : '') +
      '<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>',
    `<rsm:ExchangedDocument>${el('ram:ID', e.number)}<ram:TypeCode>${e.typeCode}</ram:TypeCode>`,
    `<ram:IssueDateTime>${date(e.issueDate)}</ram:IssueDateTime>`,
  ];
  for (const n of e.notes) out.push(note(n));
  for (const n of e.subjectNotes ?? []) out.push(note(n.text, n.subjectCode));
  out.push('</rsm:ExchangedDocument><rsm:SupplyChainTradeTransaction>');

  for (const l of e.lines) {
    out.push(
      '<ram:IncludedSupplyChainTradeLineItem>' +
        `<ram:AssociatedDocumentLineDocument>${el('ram:LineID', l.id)}</ram:AssociatedDocumentLineDocument>` +
        `<ram:SpecifiedTradeProduct>${el('ram:SellerAssignedID', l.sellerItemId)}${el('ram:Name', l.name)}</ram:SpecifiedTradeProduct>` +
        `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${price(l.unitPrice)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
        `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${esc(l.unitCode)}">${quantity(l.quantity)}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>` +
        `<ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax>${tax(l.vatCategory, l.vatRate)}</ram:ApplicableTradeTax>` +
        (l.discount ? allowance(l.discount, l.discountReason ?? 'Remise') : '') +
        `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(l.netAmount)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>` +
        '</ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>',
    );
  }

  out.push(
    '<ram:ApplicableHeaderTradeAgreement>' +
      el('ram:BuyerReference', e.buyerReference) +
      tradeParty('ram:SellerTradeParty', e.seller) +
      tradeParty('ram:BuyerTradeParty', e.buyer) +
      '</ram:ApplicableHeaderTradeAgreement>',
  );
  out.push(
    '<ram:ApplicableHeaderTradeDelivery>' +
      (e.deliveryAddress ? `<ram:ShipToTradeParty>${address(e.deliveryAddress)}</ram:ShipToTradeParty>` : '') +
      (e.deliveryDate
        ? `<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime>${date(e.deliveryDate)}</ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>`
        : '') +
      '</ram:ApplicableHeaderTradeDelivery>',
  );

  const p = e.payment;
  out.push(
    '<ram:ApplicableHeaderTradeSettlement>' +
      el('ram:PaymentReference', e.number) +
      `<ram:InvoiceCurrencyCode>${e.currency}</ram:InvoiceCurrencyCode>`,
  );
  if (p)
    out.push(
      `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>${esc(p.meansCode)}</ram:TypeCode>${el('ram:Information', p.meansText)}` +
        (p.iban
          ? `<ram:PayeePartyCreditorFinancialAccount>${el('ram:IBANID', p.iban)}</ram:PayeePartyCreditorFinancialAccount>`
          : '') +
        (p.iban && p.bic
          ? `<ram:PayeeSpecifiedCreditorFinancialInstitution>${el('ram:BICID', p.bic)}</ram:PayeeSpecifiedCreditorFinancialInstitution>`
          : '') +
        '</ram:SpecifiedTradeSettlementPaymentMeans>',
    );
  for (const v of e.vatBreakdown)
    out.push(
      `<ram:ApplicableTradeTax><ram:CalculatedAmount>${amount(v.vat)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>` +
        el('ram:ExemptionReason', v.exemptionReason) +
        `<ram:BasisAmount>${amount(v.base)}</ram:BasisAmount><ram:CategoryCode>${v.category}</ram:CategoryCode>` +
        el('ram:ExemptionReasonCode', v.exemptionCode) +
        (e.vatOnDebits ? '<ram:DueDateTypeCode>5</ram:DueDateTypeCode>' : '') +
        `<ram:RateApplicablePercent>${quantity(v.rate)}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
    );
  for (const a of e.allowances) out.push(allowance(a.amount, a.reason, a.vatCategory, a.vatRate));
  if (p?.terms || e.dueDate)
    out.push(
      '<ram:SpecifiedTradePaymentTerms>' +
        el('ram:Description', p?.terms) +
        (e.dueDate ? `<ram:DueDateDateTime>${date(e.dueDate)}</ram:DueDateDateTime>` : '') +
        '</ram:SpecifiedTradePaymentTerms>',
    );
  const t = e.totals;
  out.push(
    '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>' +
      `<ram:LineTotalAmount>${amount(t.lineTotal)}</ram:LineTotalAmount>` +
      (e.allowances.length ? `<ram:AllowanceTotalAmount>${amount(t.allowanceTotal)}</ram:AllowanceTotalAmount>` : '') +
      `<ram:TaxBasisTotalAmount>${amount(t.taxBasis)}</ram:TaxBasisTotalAmount>` +
      `<ram:TaxTotalAmount currencyID="${e.currency}">${amount(t.vatTotal)}</ram:TaxTotalAmount>` +
      `<ram:GrandTotalAmount>${amount(t.grandTotal)}</ram:GrandTotalAmount>` +
      (t.prepaid ? `<ram:TotalPrepaidAmount>${amount(t.prepaid)}</ram:TotalPrepaidAmount>` : '') +
      `<ram:DuePayableAmount>${amount(t.duePayable)}</ram:DuePayableAmount>` +
      '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
  );
  if (e.precedingInvoice)
    out.push(
      `<ram:InvoiceReferencedDocument>${el('ram:IssuerAssignedID', e.precedingInvoice.number)}` +
        (e.precedingInvoice.issueDate
          ? `<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${date102(e.precedingInvoice.issueDate)}</qdt:DateTimeString></ram:FormattedIssueDateTime>`
          : '') +
        '</ram:InvoiceReferencedDocument>',
    );
  out.push('</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>\n');
  return out.filter(Boolean).join('\n');
}
