import { describe, expect, it } from 'vitest';
import { checkEInvoice, isRealDate, receivedStatus, type EInvoiceRawFigures } from './checks';
import type { EInvoice } from './types';

// Intl's spaces in amounts: U+202F between thousands, U+00A0 before € and %.
const fr = (s: string) => s.replace(/(\d) (\d)/g, '$1\u202f$2').replace(/ (€|%)/g, '\u00a0$1');

/** 1 000 HT at 20 % + 100 HT at 5,5 % = 1 305,50 TTC: consistent. */
function invoice(): EInvoice {
  return {
    typeCode: '380',
    number: 'FA-1',
    issueDate: '2026-11-02',
    dueDate: '2026-12-02',
    currency: 'EUR',
    seller: {
      name: 'Atelier Lumière',
      siren: '732829320',
      vatNumber: 'FR44732829320',
      address: { lines: [], countryCode: 'FR' },
    },
    buyer: { name: 'Boulangerie Dupont', address: { lines: [], countryCode: 'FR' } },
    notes: [],
    lines: [
      {
        id: '1',
        name: 'Conseil',
        quantity: 10,
        unitCode: 'HUR',
        unitPrice: 100,
        discount: 0,
        netAmount: 1000,
        vatCategory: 'S',
        vatRate: 20,
      },
      {
        id: '2',
        name: 'Livres',
        quantity: 20,
        unitCode: 'C62',
        unitPrice: 5,
        discount: 0,
        netAmount: 100,
        vatCategory: 'S',
        vatRate: 5.5,
      },
    ],
    allowances: [],
    vatBreakdown: [
      { category: 'S', rate: 20, base: 1000, vat: 200 },
      { category: 'S', rate: 5.5, base: 100, vat: 5.5 },
    ],
    totals: {
      lineTotal: 1100,
      allowanceTotal: 0,
      taxBasis: 1100,
      vatTotal: 205.5,
      grandTotal: 1305.5,
      prepaid: 0,
      duePayable: 1305.5,
    },
  };
}
const raw = (r: Partial<EInvoiceRawFigures> = {}): Partial<EInvoiceRawFigures> => ({
  currency: 'EUR',
  typeCode: '380',
  specification: 'urn:cen.eu:en16931:2017',
  ...r,
});
const only = (e: EInvoice, r?: Partial<EInvoiceRawFigures>) => checkEInvoice(e, raw(r));

describe('checkEInvoice', () => {
  it('finds nothing on a consistent invoice', () => {
    expect(only(invoice())).toEqual([]);
    expect(checkEInvoice(invoice())).toEqual([]);
  });

  it('BR-CO-15: the total including VAT must be the total excluding VAT plus the VAT', () => {
    const e = invoice();
    e.totals.grandTotal = 1300;
    e.totals.duePayable = 1300;
    expect(only(e)).toEqual([
      {
        rule: 'BR-CO-15',
        severity: 'erreur',
        message: fr('Le total TTC (1 300,00 €) ne correspond pas au total HT plus la TVA (1 305,50 €).'),
      },
    ]);
  });

  it('BR-CO-16: the amount due is the total less what was prepaid', () => {
    const e = invoice();
    e.totals.prepaid = 300;
    expect(only(e)).toEqual([
      expect.objectContaining({
        rule: 'BR-CO-16',
        message: fr(
          'Le montant à payer (1 305,50 €) ne correspond pas au total TTC moins les acomptes déjà versés (1 005,50 €).',
        ),
      }),
    ]);
  });

  it('BR-CO-10: the lines total is the sum of the lines', () => {
    const e = invoice();
    e.lines[1].netAmount = 90;
    e.lines[1].unitPrice = 4.5;
    const f = only(e);
    expect(f[0]).toEqual({
      rule: 'BR-CO-10',
      severity: 'erreur',
      message: fr(
        'Le total des lignes (1 100,00 €) ne correspond pas à la somme des montants HT des lignes (1 090,00 €).',
      ),
    });
    // The 5,5 % base no longer matches its lines either.
    expect(f.map((x) => x.rule)).toEqual(['BR-CO-10', 'BR-S-08']);
  });

  it('BR-CO-13: the tax basis is the lines less allowances plus charges', () => {
    const e = invoice();
    e.totals.taxBasis = 1000;
    expect(only(e).map((f) => [f.rule, f.message])).toEqual([
      [
        'BR-CO-13',
        fr(
          'Le total HT (1 000,00 €) ne correspond pas au total des lignes, remises déduites et frais ajoutés (1 100,00 €).',
        ),
      ],
      ['BR-CO-15', fr('Le total TTC (1 305,50 €) ne correspond pas au total HT plus la TVA (1 205,50 €).')],
    ]);
  });

  it('BR-CO-14: the VAT total is the sum of the VAT per rate', () => {
    const e = invoice();
    e.totals.vatTotal = 200;
    e.totals.grandTotal = 1300;
    e.totals.duePayable = 1300;
    expect(only(e)).toEqual([
      expect.objectContaining({
        rule: 'BR-CO-14',
        message: fr('Le total de la TVA (200,00 €) ne correspond pas à la somme de la TVA par taux (205,50 €).'),
      }),
    ]);
  });

  it('BR-CO-17: the VAT of a rate is its base times the rate, rounded (one cent tolerated)', () => {
    const e = invoice();
    e.vatBreakdown[0].vat = 210;
    e.totals.vatTotal = 215.5;
    e.totals.grandTotal = 1315.5;
    e.totals.duePayable = 1315.5;
    expect(only(e)).toEqual([
      {
        rule: 'BR-CO-17',
        severity: 'erreur',
        message: fr(
          'La TVA à 20 % (210,00 €) ne correspond pas à la base (1 000,00 €) multipliée par le taux : 200,00 € attendus.',
        ),
      },
    ]);
    const cent = invoice();
    cent.vatBreakdown[1].vat = 5.51;
    cent.totals.vatTotal = 205.51;
    cent.totals.grandTotal = 1305.51;
    cent.totals.duePayable = 1305.51;
    expect(only(cent)).toEqual([]);
  });

  it('BR-S-08: the base of a rate is its lines less allowances plus charges', () => {
    const e = invoice();
    e.allowances = [{ amount: 10, vatCategory: 'S', vatRate: 20, reason: 'Remise' }];
    e.totals.allowanceTotal = 10;
    e.totals.taxBasis = 1090;
    e.totals.grandTotal = 1295.5;
    e.totals.duePayable = 1295.5;
    expect(only(e).map((f) => [f.rule, f.message])).toEqual([
      [
        'BR-S-08',
        fr(
          'La base de TVA à 20 % (1 000,00 €) ne correspond pas aux lignes à ce taux, remises déduites et frais ajoutés (990,00 €).',
        ),
      ],
    ]);
    // With a charge of 10 at 20 % the base is right again (and so is the tax basis of 1 100).
    e.totals.taxBasis = 1100;
    e.totals.grandTotal = 1305.5;
    e.totals.duePayable = 1305.5;
    expect(
      only(e, { charges: [{ amount: 10, vatCategory: 'S', vatRate: 20, reason: 'Port' }], chargeTotal: 10 }),
    ).toEqual([]);
    // A charge the total of charges does not count (BR-CO-12).
    expect(
      only(e, { charges: [{ amount: 10, vatCategory: 'S', vatRate: 20, reason: 'Port' }], chargeTotal: 0 }).map((f) => [
        f.rule,
        f.message,
      ]),
    ).toEqual([
      ['BR-CO-12', fr('Le total des frais (0,00 €) ne correspond pas à la somme des frais de la facture (10,00 €).')],
      [
        'BR-CO-13',
        fr(
          'Le total HT (1 100,00 €) ne correspond pas au total des lignes, remises déduites et frais ajoutés (1 090,00 €).',
        ),
      ],
    ]);
  });

  it('a rate used by the lines but missing from the VAT breakdown', () => {
    const e = invoice();
    e.vatBreakdown.pop();
    e.totals.vatTotal = 200;
    e.totals.grandTotal = 1300;
    e.totals.duePayable = 1300;
    expect(only(e)).toEqual([
      expect.objectContaining({
        rule: 'BR-S-08',
        message: fr('Des montants à 5,5 % (100,00 € HT) n’apparaissent pas dans le détail de la TVA.'),
      }),
    ]);
  });

  it('a line amount must be quantity × price (rounding tolerated)', () => {
    const e = invoice();
    e.lines[0].quantity = 3;
    e.lines[0].unitPrice = 333.333;
    e.lines[0].netAmount = 1000; // 999,999 → 1 000,00: within a cent
    expect(only(e)).toEqual([]);
    e.lines[0].unitPrice = 300;
    expect(only(e)).toEqual([
      {
        rule: 'PEPPOL-EN16931-R120',
        severity: 'erreur',
        message: fr(
          'Ligne 1 « Conseil » : le montant HT (1 000,00 €) ne correspond pas à la quantité (3) multipliée par le prix unitaire (300,00 €) : 900,00 € attendus.',
        ),
      },
    ]);
  });

  it('a line amount takes the price base quantity and the line allowances into account', () => {
    const e = invoice();
    e.lines[0] = { ...e.lines[0], quantity: 2000, unitPrice: 55, discount: 100 };
    expect(
      only(e, {
        lines: [
          { basisQuantity: 100, allowances: 100, charges: 0 },
          { basisQuantity: 1, allowances: 0, charges: 0 },
        ],
      }),
    ).toEqual([]);
  });

  it('mandatory data: number, issue date, seller, buyer, lines, currency, type, specification (BR-01 … BR-16)', () => {
    const e = invoice();
    e.number = '';
    e.issueDate = '';
    e.seller.name = '';
    e.buyer.name = ' ';
    e.seller.address.countryCode = '';
    e.lines = [];
    e.vatBreakdown = [];
    e.totals = { lineTotal: 0, allowanceTotal: 0, taxBasis: 0, vatTotal: 0, grandTotal: 0, prepaid: 0, duePayable: 0 };
    expect(only(e, { currency: '', typeCode: '', specification: '' })).toEqual([
      {
        rule: 'BR-01',
        severity: 'erreur',
        message: 'La facture n’indique pas la norme qu’elle suit (identifiant de spécification).',
      },
      { rule: 'BR-02', severity: 'erreur', message: 'La facture n’a pas de numéro.' },
      { rule: 'BR-03', severity: 'erreur', message: 'La facture n’a pas de date d’émission.' },
      { rule: 'BR-04', severity: 'erreur', message: 'Le type de document (facture ou avoir) n’est pas indiqué.' },
      { rule: 'BR-05', severity: 'erreur', message: 'La devise de la facture n’est pas indiquée.' },
      { rule: 'BR-06', severity: 'erreur', message: 'Le nom du fournisseur n’est pas indiqué.' },
      { rule: 'BR-07', severity: 'erreur', message: 'Le nom de l’acheteur n’est pas indiqué.' },
      { rule: 'BR-09', severity: 'erreur', message: 'Le pays de l’adresse du fournisseur n’est pas indiqué.' },
      { rule: 'BR-16', severity: 'erreur', message: 'La facture n’a aucune ligne.' },
    ]);
  });

  it('totals the file does not give are findings, and are not checked further (BR-12 … BR-15)', () => {
    const e = invoice();
    e.totals.grandTotal = 0;
    e.totals.duePayable = 0;
    expect(only(e, { absentTotals: ['grandTotal', 'duePayable'] })).toEqual([
      { rule: 'BR-14', severity: 'erreur', message: 'Le total TTC n’est pas indiqué.' },
      { rule: 'BR-15', severity: 'erreur', message: 'Le montant à payer n’est pas indiqué.' },
    ]);
  });

  it('BR-S-02: VAT charged needs the seller’s VAT number', () => {
    const e = invoice();
    e.seller.vatNumber = undefined;
    expect(only(e)).toEqual([
      {
        rule: 'BR-S-02',
        severity: 'erreur',
        message:
          'Le numéro de TVA intracommunautaire du fournisseur n’est pas indiqué, alors que la facture porte de la TVA.',
      },
    ]);
  });

  it('an exempt rate needs its exemption mention (BR-E-10)', () => {
    const e = invoice();
    e.lines = [{ ...e.lines[0], vatCategory: 'E', vatRate: 0 }];
    e.vatBreakdown = [{ category: 'E', rate: 0, base: 1000, vat: 0 }];
    e.totals = {
      lineTotal: 1000,
      allowanceTotal: 0,
      taxBasis: 1000,
      vatTotal: 0,
      grandTotal: 1000,
      prepaid: 0,
      duePayable: 1000,
    };
    expect(only(e)).toEqual([
      {
        rule: 'BR-E-10',
        severity: 'erreur',
        message: 'La mention d’exonération de TVA (catégorie exonérée (E)) n’est pas indiquée.',
      },
    ]);
    e.vatBreakdown[0].exemptionReason = 'TVA non applicable, art. 293 B du CGI';
    expect(only(e)).toEqual([]);
  });

  it('dates must exist', () => {
    const e = invoice();
    e.issueDate = '2026-02-30';
    e.dueDate = '20261301';
    expect(only(e)).toEqual([
      {
        rule: 'BR-03',
        severity: 'erreur',
        message: 'La date d’émission « 2026-02-30 » n’est pas une date qui existe.',
      },
      { rule: 'BT-9', severity: 'erreur', message: 'La date d’échéance « 20261301 » n’est pas une date qui existe.' },
    ]);
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('2026-02-29')).toBe(false);
  });

  it('warns (without making the invoice faulty) when the SIREN or the due date is missing', () => {
    const e = invoice();
    e.seller.siren = undefined;
    e.dueDate = undefined;
    const findings = only(e);
    expect(findings).toEqual([
      { rule: 'SIREN', severity: 'avertissement', message: 'Le SIREN du fournisseur n’est pas indiqué.' },
      {
        rule: 'BR-CO-25',
        severity: 'avertissement',
        message: 'Ni la date d’échéance ni les conditions de paiement ne sont indiquées.',
      },
    ]);
    expect(only(e, { hasPaymentTerms: true }).map((f) => f.rule)).toEqual(['SIREN']);
    expect(receivedStatus(findings)).toEqual({ status: 'conforme', statusLabel: 'Conforme' });
  });

  it('the status counts the errors: « 1 anomalie », « 2 anomalies »', () => {
    const e = invoice();
    e.totals.grandTotal = 1300;
    expect(receivedStatus(only(e))).toEqual({ status: 'anomalies', statusLabel: '2 anomalies' });
    e.totals.duePayable = 1300;
    expect(receivedStatus(only(e))).toEqual({ status: 'anomalies', statusLabel: '1 anomalie' });
  });
});
