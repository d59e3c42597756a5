import { describe, expect, it } from 'vitest';
import { formatPercent } from '../domain/format';
import { computeTotals } from '../domain/totals';
import type { InvoiceLine } from '../domain/types';
import { sampleInvoice, standardLine } from '../pdf/test-fixtures';
import type { BusinessDocumentModel } from '../pdf/types';
import { toCii } from './cii';
import { addressOf, toEInvoice } from './from-business-document';
import { toUbl } from './ubl';

const RECOVERY = 'Indemnité forfaitaire pour frais de recouvrement : 40 € (art. D441-5 du Code de commerce)';

function withLines(
  lines: InvoiceLine[],
  discount: BusinessDocumentModel['documentDiscount'],
  overrides: Partial<BusinessDocumentModel> = {},
) {
  const { vatBreakdown, ...totals } = computeTotals(lines, discount);
  return sampleInvoice({
    lines: lines.map((l, i) =>
      standardLine(i + 1, {
        label: l.label,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        vatRate: l.vatRate,
        unit: l.unitMeasurement,
        totalHt: computeTotals([l]).ht,
        ...(l.discount ? { discount: l.discount } : {}),
      }),
    ),
    totals,
    vatBreakdown,
    documentDiscount: discount ?? null,
    ...overrides,
  });
}
const l = (
  label: string,
  quantity: number,
  unitPrice: number,
  vatRate: number,
  extra: Partial<InvoiceLine> = {},
): InvoiceLine => ({
  code: '00',
  type: 'Standard',
  label,
  quantity,
  unitPrice,
  vatRate,
  unitMeasurement: 'unité',
  salesAccount: '706000',
  ...extra,
});

describe('toEInvoice: the visible document as an EN 16931 invoice', () => {
  it('keeps the PDF’s lines, bases, VAT and totals; comment lines become notes, spacers vanish', () => {
    const model = sampleInvoice();
    const e = toEInvoice(model);
    expect(e.typeCode).toBe('380');
    expect(
      e.lines.map((x) => [x.id, x.name, x.quantity, x.unitCode, x.unitPrice, x.netAmount, x.vatCategory, x.vatRate]),
    ).toEqual([
      ['1', 'Crème brûlée façon grand-mère, caramélisée à la flamme', 40, 'H87', 3.5, 140, 'S', 5.5],
      ['2', model.lines[1].label, 2.5, 'HUR', 1234.56, 3086.4, 'S', 20],
      ['3', 'Bûche pâtissière chocolat-noisette', 6, 'H87', 42, 252, 'S', 5.5],
    ]);
    expect(e.notes).toContain('Livraison prévue le 20/12 avant 9 h, accès par la cour arrière.');
    expect(e.vatBreakdown.map((v) => [v.category, v.rate, v.base, v.vat])).toEqual([
      ['S', 5.5, 392, 21.56],
      ['S', 20, 3086.4, 617.28],
    ]);
    expect(e.totals).toEqual({
      lineTotal: 3478.4,
      allowanceTotal: 0,
      taxBasis: 3478.4,
      vatTotal: 638.84,
      grandTotal: 4117.24,
      prepaid: 0,
      duePayable: 4117.24,
    });
    expect(e.dueDate).toBe('2026-12-21');
    expect(e.deliveryDate).toBe('2026-11-21');
  });

  it('writes the legal mentions: operation kind, VAT on debits, penalties, 40 € indemnity, seller’s legal info', () => {
    const model = sampleInvoice({ vatOnDebits: true, latePenaltyRate: '10 % par an' });
    const e = toEInvoice(model);
    expect(e.subjectNotes).toEqual(
      expect.arrayContaining([
        { subjectCode: 'AAI', text: "Nature de l'opération : prestations de services" },
        { subjectCode: 'TXD', text: "Option pour le paiement de la taxe d'après les débits" },
        { subjectCode: 'PMD', text: 'Pénalités de retard : 10 % par an' },
        { subjectCode: 'PMT', text: RECOVERY },
      ]),
    );
    expect(e.vatOnDebits).toBe(true);
    expect(e.seller).toMatchObject({
      siren: '123456789',
      siret: '12345678900012',
      vatNumber: 'FR32123456789',
      legalInfo: 'SARL au capital de 10 000 € – RCS Lyon',
      address: { lines: ['12 rue de la Rép. Française'], postalCode: '69002', city: 'Lyon', countryCode: 'FR' },
    });
    const defaults = toEInvoice(sampleInvoice());
    expect(defaults.subjectNotes).toContainEqual({
      subjectCode: 'PMD',
      text: "Pénalités de retard : 3 fois le taux d'intérêt légal",
    });
    const soleTrader = toEInvoice(
      sampleInvoice({ seller: { ...model.seller, legalForm: undefined, shareCapital: undefined, soleTrader: true } }),
    );
    expect(soleTrader.seller.legalInfo).toBe('EI – RCS Lyon');
    expect(soleTrader.seller.name).toBe('Pâtisserie Cœur de Lyon EI');
  });

  it('a private customer gets no 40 € indemnity and carries no SIREN', () => {
    const model = sampleInvoice({
      customer: {
        name: 'Claire Durand',
        accountNumber: '411D',
        addressLines: ['8 rue des Lilas', '69003 Lyon'],
        isBusiness: false,
      },
    });
    const e = toEInvoice(model);
    // Decision 085: the French rules want a PMT note on every document (BR-FR-05): it says none is owed.
    expect(e.subjectNotes?.find((n) => n.subjectCode === 'PMT')?.text).toBe(
      'Indemnité forfaitaire pour frais de recouvrement : sans objet (client non professionnel)',
    );
    expect(e.buyer).toEqual({
      name: 'Claire Durand',
      address: { lines: ['8 rue des Lilas'], postalCode: '69003', city: 'Lyon', countryCode: 'FR' },
    });
  });

  it('a credit note is a 381 with positive amounts and names the invoice it corrects', () => {
    const model = sampleInvoice({
      kind: 'Avoir',
      number: 'A2026-0001',
      dueDate: null,
      correctedInvoiceNumber: 'F2026-0001',
    });
    const e = toEInvoice(model, { precedingInvoiceIssueDate: '2026-11-02' });
    expect(e.typeCode).toBe('381');
    expect(e.precedingInvoice).toEqual({ number: 'F2026-0001', issueDate: '2026-11-02' });
    expect(e.totals.grandTotal).toBe(4117.24);
    // Decision 085: AAB, PMD and PMT on a credit note too (BR-FR-05), once each (BR-FR-06).
    expect(e.subjectNotes?.map((n) => n.subjectCode).filter((c) => ['AAB', 'PMD', 'PMT'].includes(c))).toEqual([
      'AAB',
      'PMD',
      'PMT',
    ]);
    expect(e.payment?.terms).toBe('Avoir sur la facture n° F2026-0001');
    const stored = sampleInvoice({
      kind: 'Avoir',
      lines: sampleInvoice().lines.map((x) => ({ ...x, quantity: -x.quantity, totalHt: -x.totalHt })),
      totals: { ht: -3478.4, tva: -638.84, ttc: -4117.24 },
      vatBreakdown: [
        { rate: 5.5, base: -392, vat: -21.56 },
        { rate: 20, base: -3086.4, vat: -617.28 },
      ],
    });
    const flipped = toEInvoice(stored);
    expect(flipped.totals.grandTotal).toBe(4117.24);
    expect(flipped.lines.every((x) => x.quantity > 0 && x.netAmount > 0)).toBe(true);
    expect(toCii(flipped)).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(toUbl(flipped)).toContain('<CreditNote ');
  });

  it('spreads the document discount per rate exactly as the totals do, with the line discounts', () => {
    const lines = [
      l('A', 3, 99.99, 20, { discount: { type: 'amount', value: 12.5 } }),
      l('B', 13, 7.33, 5.5, { discount: { type: 'percent', value: 10 } }),
      l('C', 7, 3.1, 10),
    ];
    const model = withLines(lines, { type: 'percent', value: 7.5 });
    const e = toEInvoice(model);
    expect(e.lines.map((x) => [x.discount, x.discountReason, x.netAmount])).toEqual([
      [12.5, 'Remise', 287.47],
      [9.53, `Remise ${formatPercent(10)}`, 85.76],
      [0, undefined, 21.7],
    ]);
    expect(e.allowances.reduce((s, a) => s + Math.round(a.amount * 100), 0) / 100).toBe(model.totals.discount);
    expect(e.allowances.map((a) => [a.vatRate, a.vatCategory, a.reason])).toEqual([
      [20, 'S', `Remise ${formatPercent(7.5)}`],
      [10, 'S', `Remise ${formatPercent(7.5)}`],
      [5.5, 'S', `Remise ${formatPercent(7.5)}`],
    ]);
    for (const v of e.vatBreakdown) {
      const lineSum = e.lines
        .filter((x) => x.vatRate === v.rate)
        .reduce((s, x) => s + Math.round(x.netAmount * 100), 0);
      const share = e.allowances.find((a) => a.vatRate === v.rate)?.amount ?? 0;
      expect(Math.round(v.base * 100)).toBe(lineSum - Math.round(share * 100));
    }
    expect(e.totals.taxBasis).toBe(model.totals.ht);
    expect(e.totals.grandTotal).toBe(model.totals.ttc);
  });

  it('picks the VAT category from the clause and the buyer', () => {
    const belgian = {
      name: 'Boulangerie de Bruxelles',
      accountNumber: '411B',
      addressLines: ['Rue Neuve 12', '1000 Bruxelles', 'Belgique'],
      vatNumber: 'BE 0477 472 701',
      countryCode: 'BE',
    };
    const model = withLines([l('Audit', 5, 650, 0)], null, { vatClause: 'Autoliquidation', customer: belgian });
    const e = toEInvoice(model);
    expect(e.lines[0].vatCategory).toBe('AE');
    expect(e.vatBreakdown[0]).toMatchObject({
      category: 'AE',
      exemptionReason: 'Autoliquidation',
      exemptionCode: 'VATEX-EU-AE',
    });
    expect(e.buyer.vatNumber).toBe('BE0477472701');
    expect(e.buyer.address).toEqual({
      lines: ['Rue Neuve 12'],
      postalCode: '1000',
      city: 'Bruxelles',
      countryCode: 'BE',
    });

    const franchise = withLines([l('Cours', 4, 45, 0)], null, {
      vatClause: 'TVA non applicable, art. 293 B du CGI',
      seller: { ...sampleInvoice().seller, vatNumber: undefined },
    });
    const f = toEInvoice(franchise);
    expect(f.vatBreakdown[0]).toMatchObject({ category: 'E', exemptionCode: 'VATEX-FR-FRANCHISE' });
    expect(f.seller.taxRegistration).toBe('123456789');
    expect(toCii(f)).toContain('<ram:ID schemeID="FC">123456789</ram:ID>');
  });

  it('reads structured addresses out of printed lines', () => {
    expect(addressOf(['Entrepôt Nord', '5 allée des Forges', '38100 Grenoble'], { countryCode: 'FR' })).toEqual({
      lines: ['Entrepôt Nord', '5 allée des Forges'],
      postalCode: '38100',
      city: 'Grenoble',
      countryCode: 'FR',
    });
    expect(addressOf(['Friedrichstraße 10', '10117 Berlin', 'Allemagne'], {})).toMatchObject({
      countryCode: 'DE',
      city: 'Berlin',
    });
    expect(addressOf(['a', 'b', 'c', 'd', '75001 Paris'], { postalCode: '75001', city: 'Paris' }).lines).toEqual([
      'a',
      'b',
      'c, d',
    ]);
  });

  it('writes 1 000 lines in CII and UBL in a few milliseconds', () => {
    const lines = Array.from({ length: 1000 }, (_, i) =>
      l(`Article ${i} – « spécial » & <co>`, 1 + (i % 7), [3.1, 12.45, 0.99][i % 3], [20, 10, 5.5, 2.1][i % 4]),
    );
    const model = withLines(lines, { type: 'percent', value: 3 });
    toCii(toEInvoice(model));
    // CPU time, not wall time: the whole `npm test` on two cores stretched the wall time past 300 ms.
    const start = process.cpuUsage();
    const e = toEInvoice(model);
    const cii = toCii(e);
    const ubl = toUbl(e);
    const { user, system } = process.cpuUsage(start);
    expect(cii.match(/<ram:IncludedSupplyChainTradeLineItem>/g)).toHaveLength(1000);
    expect(ubl.match(/<cac:InvoiceLine>/g)).toHaveLength(1000);
    // About 20 ms alone; the bound only catches an accidental O(n²).
    expect((user + system) / 1000).toBeLessThan(250);
  });
});

describe('toEInvoice refuses what is not an e-invoice', () => {
  it('a quote or a draft without a number', () => {
    expect(() => toEInvoice(sampleInvoice({ kind: 'Devis' }))).toThrow('Un devis n’est pas une facture électronique.');
    expect(() => toEInvoice(sampleInvoice({ number: null, preview: true }))).toThrow(/porte un numéro/);
  });
});
