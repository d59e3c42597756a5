import { describe, expect, it } from 'vitest';
import { AMOUNT_LIMIT_MESSAGES as M, MAX_AMOUNT, amountLimitErrors, totalTooBigMessage } from './amount-limits';
import { ARTICLE_MESSAGES, newArticle, validateArticle } from './articles';
import { dateFilterProblem, isDateInBounds } from './dates';
import { checkInvoice, invoiceMessages } from './invoice-checks';
import { QUOTE_MESSAGES, checkQuote } from './quote-checks';
import { computeTotals } from './totals';
import type { InvoiceLine, InvoicePayload, QuotePayload } from './types';

// Decision 009: no figure the rulebook accepts can overflow numeric(14, 2) (it was a 500).

const line = (over: Partial<InvoiceLine> = {}): InvoiceLine => ({
  code: '00',
  type: 'Standard',
  label: 'Prestation',
  quantity: 1,
  unitMeasurement: '',
  unitPrice: 100,
  salesAccount: '706',
  vatRate: 20,
  ...over,
});
const errorsOf = (lines: InvoiceLine[]) => amountLimitErrors(lines, computeTotals(lines), 'facture');

describe('amount bounds of a document', () => {
  it('accept the largest allowed quantity, unit price and rate', () => {
    expect(errorsOf([line({ quantity: 1_000_000_000, unitPrice: 1, vatRate: 100 })])).toEqual([]);
    expect(
      errorsOf([line({ quantity: -1_000_000_000, unitPrice: 1 }), line({ quantity: 1, unitPrice: 1_000_000_000 })]),
    ).toEqual([]);
    expect(errorsOf([line({ quantity: 0.0001, unitPrice: 0.0001, vatRate: 5.5 })])).toEqual([]);
  });

  it('refuse a quantity or a unit price beyond a billion, either sign, typed as text too', () => {
    expect(errorsOf([line({ quantity: 1_000_000_000.01, unitPrice: 0.01 })])).toEqual([M.quantityTooBig]);
    expect(errorsOf([line({ quantity: '-2 000 000 000' as unknown as number, unitPrice: 0.01 })])).toEqual([
      M.quantityTooBig,
    ]);
    expect(errorsOf([line({ unitPrice: -1_000_000_001, quantity: -0.001 })])).toEqual([M.unitPriceTooBig]);
  });

  it('refuse a negative VAT rate or one above 100 %', () => {
    expect(errorsOf([line({ vatRate: -5 })])).toEqual([M.vatRateOutOfRange]);
    expect(errorsOf([line({ vatRate: 100.01 })])).toEqual([M.vatRateOutOfRange]);
  });

  it('refuse the issue’s case (9 999 999 999 × 100) and a line or a total beyond numeric(14, 2)', () => {
    expect(errorsOf([line({ quantity: 9_999_999_999, unitPrice: 100 })])).toEqual([
      M.quantityTooBig,
      totalTooBigMessage('facture'),
    ]);
    expect(errorsOf([line({ quantity: 1_000_000_000, unitPrice: 1_000_000_000 })])).toEqual([
      M.lineAmountTooBig,
      totalTooBigMessage('facture'),
    ]);
    // Each line fits, their sum does not.
    const big = line({ quantity: 1_000_000_000, unitPrice: 999.99, vatRate: 0 });
    expect(errorsOf([big])).toEqual([]);
    expect(errorsOf([big, big])).toEqual([totalTooBigMessage('facture')]);
    // The HT fits exactly, the VAT pushes the TTC over.
    const edge = line({ quantity: 1, unitPrice: 999_999_999.99, vatRate: 0 });
    expect(errorsOf([{ ...edge, quantity: 1000, unitPrice: MAX_AMOUNT / 1000 }])).toEqual([]);
    expect(errorsOf(Array(1000).fill(edge))).toEqual([]);
    expect(errorsOf(Array(1000).fill({ ...edge, vatRate: 20 }))).toEqual([totalTooBigMessage('facture')]);
  });

  it('ignore comment and spacer lines', () => {
    expect(errorsOf([line({ code: 'CC', type: 'Commentaire', quantity: 1e15, unitPrice: 1e15 })])).toEqual([]);
  });
});

const invoice = (over: Partial<InvoicePayload> = {}): InvoicePayload => ({
  designation: '',
  customer: { accountNumber: '411DUP' },
  type: 'Facture',
  createdAt: '2026-11-21',
  dueDate: '2026-12-21',
  paymentMode: '',
  billingAddress: 'ici',
  lines: [line()],
  vatClause: '',
  calculatesBasisTTC: false,
  ...over,
});
const quote = (over: Partial<QuotePayload> = {}): QuotePayload => ({
  designation: '',
  customer: { accountNumber: '411DUP' },
  createdAt: '2026-11-21',
  validatedAt: '2026-12-21',
  billingAddress: 'ici',
  lines: [line()],
  vatClause: '',
  calculatesBasisTTC: false,
  ...over,
});
const invoiceCtx = { customer: null, exercises: [], today: '2026-11-21', forValidation: false };

describe('the invoice and quote checks carry the bounds', () => {
  it('report them with the other rules, in the document’s word', () => {
    const huge = [line({ quantity: 9_999_999_999, unitPrice: 100 })];
    expect(checkInvoice(invoice(), invoiceCtx)).toEqual([]);
    expect(checkInvoice(invoice({ lines: huge }), invoiceCtx)).toContain(totalTooBigMessage('facture'));
    expect(checkInvoice(invoice({ type: 'Avoir', dueDate: null, lines: huge }), invoiceCtx)).toContain(
      totalTooBigMessage('avoir'),
    );
    expect(checkQuote(quote({ lines: huge }), invoiceCtx)).toEqual([M.quantityTooBig, totalTooBigMessage('devis')]);
  });

  it('refuse dates outside 1900–2100 (the issue’s 0001-01-01 and 9999-12-31)', () => {
    const msg = invoiceMessages('Facture');
    expect(checkInvoice(invoice({ createdAt: '0001-01-01', dueDate: '9999-12-31' }), invoiceCtx)).toEqual([
      msg.billingDateOutOfBounds,
      msg.dueDateOutOfBounds,
    ]);
    expect(checkInvoice(invoice({ createdAt: '1900-01-01', dueDate: '2100-12-31' }), invoiceCtx)).toEqual([]);
    expect(checkQuote(quote({ createdAt: '1899-12-31', validatedAt: '2101-01-01' }), invoiceCtx)).toEqual([
      QUOTE_MESSAGES.creationDateOutOfBounds,
      QUOTE_MESSAGES.validityDateOutOfBounds,
    ]);
  });
});

describe('isDateInBounds', () => {
  it('accepts real dates from 1900 to 2100 only', () => {
    expect(['1900-01-01', '2026-02-28', '2024-02-29', '2100-12-31'].every(isDateInBounds)).toBe(true);
    expect(
      ['1899-12-31', '2101-01-01', '0001-01-01', '9999-12-31', '2026-02-30', '2026-1-1', '', null].some(isDateInBounds),
    ).toBe(false);
  });

  it('tells a filter’s wrong form from its wrong range', () => {
    expect(['0001-01-01', '9999-12-31', '2101-02-30'].map(dateFilterProblem)).toEqual(['bounds', 'bounds', 'bounds']);
    expect(['2026-02-30', '2026-1-1', '26-01-01', ''].map(dateFilterProblem)).toEqual([
      'format',
      'format',
      'format',
      'format',
    ]);
    expect(dateFilterProblem('2024-02-29')).toBe(null);
  });
});

describe('article price bounds', () => {
  const priced = (over: object) => ({ ...newArticle(), code: 'A', label: 'Article', ...over });
  it('refuse a price above a billion and a rate above 100 %, as the form does offline', () => {
    expect(validateArticle(priced({ unitPriceHT: 1_000_000_000 }))).toEqual([]);
    expect(validateArticle(priced({ unitPriceHT: 1_000_000_000.01 }))).toEqual([ARTICLE_MESSAGES.priceTooBig]);
    expect(validateArticle(priced({ vatRate: 100.5 }))).toEqual([ARTICLE_MESSAGES.vatTooBig]);
    expect(validateArticle(priced({ type: 'Commentaire', unitPriceHT: 1e20 }))).toEqual([]);
  });
});
