import { embedFacturX, PDFDocument } from '@cantoo/pdf-lib';
import { demoPdf, storageFor } from '../modules/documents/service';
import { insertDeposit, PURCHASES_CATEGORY_ID } from '../modules/inbox/service';
import { insertReceivedInvoice, readInvoiceOffThread } from '../modules/received-invoices/service';
import type { SeedContext } from './modules';
import { formatMonth } from '../../../src/domain/format';
import { demoCalendar, parisInstant, type DemoCalendar } from './demo-calendar';

// « Factures reçues » (decision 046): three suppliers' e-invoices of the demo company, read and checked
// as a deposit would be — a Factur-X PDF and a CII that are consistent, and a CII whose total TTC
// disagrees with its own figures (flagged « 2 anomalies »). The XML is written here (nothing binary
// committed), after the EN 16931 CII samples.

interface SeedLine {
  name: string;
  quantity: number;
  unit: string;
  price: number;
  rate: number;
}

const money = (n: number) => n.toFixed(2);
const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function ciiXml(o: {
  number: string;
  issued: Date;
  due: Date;
  seller: { name: string; siren: string; vat: string; street: string; postcode: string; city: string };
  buyer: { name: string; siren: string | null };
  lines: SeedLine[];
  /**
   * Without the French rules' data (billing framework, PMT/PMD/AAB notes, electronic addresses): the
   * demo of an invoice kept with its anomalies (decision 086: an EN 16931 fault would refuse it).
   */
  withoutFrenchData?: boolean;
}): string {
  const rows = o.lines.map((l) => ({ ...l, net: Math.round(l.quantity * l.price * 100) / 100 }));
  const rates = [...new Set(rows.map((r) => r.rate))];
  const vat = rates.map((rate) => {
    const base = rows.filter((r) => r.rate === rate).reduce((s, r) => s + r.net, 0);
    return { rate, base, vat: Math.round(base * rate) / 100 };
  });
  const ht = rows.reduce((s, r) => s + r.net, 0);
  const tva = vat.reduce((s, v) => s + v.vat, 0);
  const ttc = ht + tva;
  const fr = !o.withoutFrenchData;
  const note = (code: string, text: string) =>
    `<ram:IncludedNote><ram:Content>${esc(text)}</ram:Content><ram:SubjectCode>${code}</ram:SubjectCode></ram:IncludedNote>`;
  const notes = fr
    ? note('PMT', 'Indemnité forfaitaire pour frais de recouvrement : 40 €') +
      note('PMD', 'Pénalités de retard : trois fois le taux d’intérêt légal.') +
      note('AAB', 'Pas d’escompte pour paiement anticipé.')
    : '';
  const address = (siren: string | null) =>
    fr && siren
      ? `<ram:URIUniversalCommunication><ram:URIID schemeID="0225">${siren}</ram:URIID></ram:URIUniversalCommunication>`
      : '';
  const buyerLegal =
    fr && o.buyer.siren
      ? `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${o.buyer.siren}</ram:ID></ram:SpecifiedLegalOrganization>`
      : '';
  const date = (d: Date) => `<udt:DateTimeString format="102">${ymd(d)}</udt:DateTimeString>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
<rsm:ExchangedDocumentContext>${fr ? '<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>M1</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>' : ''}<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument><ram:ID>${esc(o.number)}</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime>${date(o.issued)}</ram:IssueDateTime>${notes}</rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction>
${rows
  .map(
    (
      r,
      i,
    ) => `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>
<ram:SpecifiedTradeProduct><ram:Name>${esc(r.name)}</ram:Name></ram:SpecifiedTradeProduct>
<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${money(r.price)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${r.unit}">${r.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
<ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${r.rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>
<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${money(r.net)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>`,
  )
  .join('\n')}
<ram:ApplicableHeaderTradeAgreement>
<ram:SellerTradeParty><ram:Name>${esc(o.seller.name)}</ram:Name><ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${o.seller.siren}</ram:ID></ram:SpecifiedLegalOrganization>
<ram:PostalTradeAddress><ram:PostcodeCode>${o.seller.postcode}</ram:PostcodeCode><ram:LineOne>${esc(o.seller.street)}</ram:LineOne><ram:CityName>${esc(o.seller.city)}</ram:CityName><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>${address(o.seller.siren)}
<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${o.seller.vat}</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTradeParty>
<ram:BuyerTradeParty><ram:Name>${esc(o.buyer.name)}</ram:Name>${buyerLegal}<ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>${address(o.buyer.siren)}</ram:BuyerTradeParty>
</ram:ApplicableHeaderTradeAgreement>
<ram:ApplicableHeaderTradeDelivery/>
<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
${vat
  .map(
    (v) =>
      `<ram:ApplicableTradeTax><ram:CalculatedAmount>${money(v.vat)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>${money(v.base)}</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${v.rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
  )
  .join('\n')}
<ram:SpecifiedTradePaymentTerms><ram:Description>Paiement à 30 jours</ram:Description><ram:DueDateDateTime>${date(o.due)}</ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>
<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>${money(ht)}</ram:LineTotalAmount><ram:TaxBasisTotalAmount>${money(ht)}</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">${money(tva)}</ram:TaxTotalAmount><ram:GrandTotalAmount>${money(ttc)}</ram:GrandTotalAmount><ram:DuePayableAmount>${money(ttc)}</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
</ram:ApplicableHeaderTradeSettlement>
</rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}

async function facturX(title: string, xml: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(await demoPdf(title, 'Facture fournisseur (Factur-X)', []), {
    updateMetadata: false,
  });
  await embedFacturX(pdf, new TextEncoder().encode(xml), { conformanceLevel: 'EN 16931' });
  return pdf.save();
}

/** The demo's supplier invoice numbers: the year and month of their issue (8, 5 and 2 days ago). */
export function receivedInvoiceNumbers(calendar: DemoCalendar) {
  const [energyYear, energyMonthNumber] = calendar.day(2).split('-');
  return {
    atelier: `FA-${calendar.day(8).slice(0, 4)}-0142`,
    minoterie: `${calendar.day(5).slice(0, 4)}/0087`,
    energy: `ENER-${energyMonthNumber}-${energyYear}`,
    /** « novembre »: the month the energy bill is for. */
    energyMonth: formatMonth(calendar.day(2)).split(' ')[0],
  };
}

export async function seedReceivedInvoices({ deps, companies, demoUserId }: SeedContext): Promise<void> {
  const storage = storageFor(deps);
  const company = companies[0];
  // Numbers, names, dates and deposit times follow the day the demo is seeded (demo-calendar.ts).
  // Noon in Paris: the same calendar day in UTC, in which the invoices' dates are written.
  const calendar = demoCalendar(deps.now());
  const day = (n: number) => parisInstant(calendar.day(n), 12, 0);
  const { atelier, minoterie, energy, energyMonth } = receivedInvoiceNumbers(calendar);
  const buyer = { name: company.label, siren: company.siren ?? null };
  const files: Array<{ name: string; bytes: Uint8Array; mimeType: string; daysAgo: number }> = [
    {
      name: `Facture ${atelier} Atelier Lumière.pdf`,
      mimeType: 'application/pdf',
      daysAgo: 6,
      bytes: await facturX(
        `Facture ${atelier}`,
        ciiXml({
          number: atelier,
          issued: day(8),
          due: day(-22),
          seller: {
            name: 'Atelier Lumière SARL',
            siren: '732829320',
            vat: 'FR44732829320',
            street: '12 rue de la République',
            postcode: '69002',
            city: 'Lyon',
          },
          buyer,
          lines: [
            { name: 'Conseil en aménagement', quantity: 10, unit: 'HUR', price: 100, rate: 20 },
            { name: 'Livres de référence', quantity: 20, unit: 'C62', price: 5, rate: 5.5 },
          ],
        }),
      ),
    },
    {
      name: `minoterie-${minoterie.replace('/', '-')}.xml`,
      mimeType: 'application/xml',
      daysAgo: 4,
      bytes: new TextEncoder().encode(
        ciiXml({
          number: minoterie,
          issued: day(5),
          due: day(-25),
          seller: {
            name: 'Minoterie Garonne',
            siren: '404833048',
            vat: 'FR23404833048',
            street: '8 quai des Chartrons',
            postcode: '33000',
            city: 'Bordeaux',
          },
          buyer,
          lines: [
            { name: 'Farine de blé T65', quantity: 500, unit: 'KGM', price: 0.8, rate: 5.5 },
            { name: 'Sacs kraft (paquet de 100)', quantity: 11, unit: 'C62', price: 11.5, rate: 20 },
          ],
        }),
      ),
    },
    {
      name: `${energy}.xml`,
      mimeType: 'application/xml',
      daysAgo: 1,
      bytes: new TextEncoder().encode(
        ciiXml({
          number: energy,
          issued: day(2),
          due: day(-13),
          seller: {
            name: 'Énergies du Centre',
            siren: '542107651',
            vat: 'FR03542107651',
            street: '1 place Jaude',
            postcode: '63000',
            city: 'Clermont-Ferrand',
          },
          buyer,
          lines: [
            { name: `Électricité ${energyMonth}`, quantity: 1, unit: 'C62', price: 412.5, rate: 20 },
            { name: 'Abonnement', quantity: 1, unit: 'C62', price: 37.5, rate: 20 },
          ],
          withoutFrenchData: true,
        }),
      ),
    },
  ];
  for (const [slot, f] of files.entries()) {
    const stored = await storage.put(f.bytes);
    // In a reader thread, as uploads: the official rules load there (decision 086).
    const read = await readInvoiceOffThread(f.bytes, f.name);
    const createdAt = calendar.filedAt(f.daysAgo, slot + 3);
    await deps.db.transaction(async (tx) => {
      const deposit = await insertDeposit(tx, {
        companyId: company.id,
        userId: demoUserId,
        categoryId: PURCHASES_CATEGORY_ID,
        name: f.name,
        mimeType: f.mimeType,
        size: stored.size,
        sha256: stored.sha256,
        createdAt,
      });
      await insertReceivedInvoice(
        tx,
        { companyId: company.id, depositId: deposit.id, depositedBy: demoUserId, fileName: f.name, createdAt },
        read,
      );
    });
  }
}
