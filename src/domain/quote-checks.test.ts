import { describe, it, expect } from 'vitest';
import { QUOTE_MESSAGES as M, checkQuote, type QuoteCheckContext } from './quote-checks';
import type { Customer, InvoiceLine, QuotePayload } from './types';

const line = (over: Partial<InvoiceLine> = {}): InvoiceLine => ({
  code: '00',
  type: 'Standard',
  label: 'Prestation',
  quantity: 2,
  unitMeasurement: '',
  unitPrice: 50,
  salesAccount: '706',
  vatRate: 20,
  ...over,
});
const comment = line({ code: 'CC', type: 'Commentaire', quantity: 0, unitPrice: 0 });
const customer: Customer = {
  accountNumber: '411DUP',
  socialReason: 'Dupont',
  address: '1 rue de la Paix',
  billingAddresses: [],
};

const quote = (over: Partial<QuotePayload> = {}): QuotePayload => ({
  designation: 'Devis travaux',
  customer: { accountNumber: '411DUP' },
  createdAt: '2026-11-21',
  validatedAt: '2026-12-21',
  billingAddress: '',
  lines: [line()],
  vatClause: '',
  calculatesBasisTTC: false,
  ...over,
});
const ctx = (over: Partial<QuoteCheckContext> = {}): QuoteCheckContext => ({
  customer,
  exercises: [{ dateStart: '2026-01-01', dateEnd: '2026-12-31' }],
  today: '2026-11-21',
  ...over,
});

describe('checkQuote (QUO-1 to QUO-10)', () => {
  it('accepts a correct quote', () => {
    expect(checkQuote(quote(), ctx())).toEqual([]);
  });

  it('no article (comment lines do not count)', () => {
    expect(checkQuote(quote({ lines: [comment] }), ctx())).toEqual([
      'Votre devis ne contient aucun article.',
      M.zeroOrLess,
    ]);
  });

  it('no creation date, no validity date', () => {
    expect(checkQuote(quote({ createdAt: '' }), ctx())).toEqual(['Votre devis ne contient pas de date de création.']);
    expect(checkQuote(quote({ validatedAt: null }), ctx())).toEqual([
      'Votre devis ne contient pas de date de validité.',
    ]);
  });

  it('creation date after the exercise end; the last day is fine; earlier dates are not judged', () => {
    expect(checkQuote(quote({ createdAt: '2027-01-01', validatedAt: '2027-01-31' }), ctx())).toEqual([
      M.afterExerciseEnd,
    ]);
    expect(checkQuote(quote({ createdAt: '2026-12-31', validatedAt: '2027-01-30' }), ctx())).toEqual([]);
    expect(checkQuote(quote({ createdAt: '2025-06-01', validatedAt: '2025-07-01' }), ctx())).toEqual([]);
  });

  it('validity date before creation date; the same day is fine', () => {
    expect(checkQuote(quote({ validatedAt: '2026-11-20' }), ctx())).toEqual([
      'La date de validité ne peut pas être antérieure à la date de création.',
    ]);
    expect(checkQuote(quote({ validatedAt: '2026-11-21' }), ctx())).toEqual([]);
  });

  it('VAT clause while VAT is present', () => {
    expect(checkQuote(quote({ vatClause: 'Autoliquidation' }), ctx())).toEqual([
      'Vous ne pouvez pas avoir de clause de TVA si vous avez de la TVA.',
    ]);
    expect(checkQuote(quote({ vatClause: 'Autoliquidation', lines: [line({ vatRate: 0 })] }), ctx())).toEqual([]);
  });

  it('total zero or less, quantity 0, unit price 0', () => {
    expect(checkQuote(quote({ lines: [line({ quantity: 0 }), line({ unitPrice: 0 })] }), ctx())).toEqual([
      'Vous ne pouvez pas faire un devis de 0€ ou moins.',
      "Vous ne pouvez pas avoir d'article avec une quantité de 0.",
      "Vous ne pouvez pas avoir d'article avec un prix unitaire de 0€.",
    ]);
  });

  it('customer with no address', () => {
    const bare = { ...customer, address: '' };
    expect(checkQuote(quote(), ctx({ customer: bare }))).toEqual(["Votre client n'a aucune adresse de configurée."]);
    expect(checkQuote(quote({ billingAddress: '5 rue Neuve' }), ctx({ customer: bare }))).toEqual([]);
  });

  it('reports everything at once, in the spec order', () => {
    const bad = quote({ createdAt: '', validatedAt: null, lines: [], vatClause: 'x' });
    expect(checkQuote(bad, ctx({ customer: { ...customer, address: '' } }))).toEqual([
      M.noArticle,
      M.noCreationDate,
      M.noValidityDate,
      M.zeroOrLess,
      M.customerWithoutAddress,
    ]);
  });
});
