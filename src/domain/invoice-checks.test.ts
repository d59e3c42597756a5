import { describe, it, expect } from 'vitest';
import {
  INVOICE_ERRORS_DURATION,
  INVOICE_ERRORS_TITLE,
  checkInvoice,
  invoiceMessages,
  type InvoiceCheckContext,
} from './invoice-checks';
import type { Customer, InvoiceLine, InvoicePayload } from './types';

const line = (over: Partial<InvoiceLine> = {}): InvoiceLine => ({
  code: '00',
  type: 'Standard',
  label: 'Prestation',
  quantity: 1,
  unitMeasurement: 'heure',
  unitPrice: 100,
  salesAccount: '706',
  vatRate: 20,
  ...over,
});
const comment = line({ code: 'CC', type: 'Commentaire', label: 'Merci', quantity: 0, unitPrice: 0 });
const spacer = line({ code: 'ES', type: 'Commentaire', label: '', quantity: 0, unitPrice: 0 });

const customer: Customer = {
  accountNumber: '411DUP',
  socialReason: 'Dupont',
  address: '1 rue de la Paix',
  billingAddresses: [],
  isBusiness: true,
  siren: '552032534',
};

const invoice = (over: Partial<InvoicePayload> = {}): InvoicePayload => ({
  designation: 'Travaux',
  customer: { accountNumber: '411DUP' },
  type: 'Facture',
  createdAt: '2026-11-21',
  dueDate: '2026-12-21',
  paymentMode: 'Virement',
  billingAddress: '',
  lines: [line()],
  vatClause: '',
  calculatesBasisTTC: false,
  ...over,
});

const ctx = (over: Partial<InvoiceCheckContext> = {}): InvoiceCheckContext => ({
  customer,
  exercises: [{ dateStart: '2026-01-01', dateEnd: '2026-12-31' }],
  today: '2026-11-21',
  forValidation: false,
  ...over,
});

const F = invoiceMessages('Facture');
const A = invoiceMessages('Avoir');

describe('checkInvoice: a correct invoice', () => {
  it('passes, for saving and for validation', () => {
    expect(checkInvoice(invoice(), ctx())).toEqual([]);
    expect(checkInvoice(invoice(), ctx({ forValidation: true }))).toEqual([]);
  });

  it('exposes the toast title and duration of INV-16', () => {
    expect(INVOICE_ERRORS_TITLE).toBe('Votre facture contient des erreurs !');
    expect(INVOICE_ERRORS_DURATION).toBe(6000);
  });
});

describe('rule 1: Starter monthly limit (validation only)', () => {
  const starter = { subscriptionInvoice: 'Starter', numberInvoiceValidateMonth: 5 };
  const msg = "Votre abonnement actuel ne vous permet pas d'effectuer une nouvelle facture.";
  it('blocks when the count equals the limit', () => {
    expect(checkInvoice(invoice(), ctx({ ...starter, forValidation: true, validatedThisMonth: 5 }))).toEqual([msg]);
  });
  it('lets the last allowed one through (count below the limit)', () => {
    expect(checkInvoice(invoice(), ctx({ ...starter, forValidation: true, validatedThisMonth: 4 }))).toEqual([]);
  });
  it('does not apply to saving a draft, other plans or an unknown limit', () => {
    expect(checkInvoice(invoice(), ctx({ ...starter, validatedThisMonth: 5 }))).toEqual([]);
    expect(
      checkInvoice(
        invoice(),
        ctx({ ...starter, subscriptionInvoice: 'Premium', forValidation: true, validatedThisMonth: 9 }),
      ),
    ).toEqual([]);
    expect(
      checkInvoice(
        invoice(),
        ctx({
          subscriptionInvoice: 'Starter',
          numberInvoiceValidateMonth: null,
          forValidation: true,
          validatedThisMonth: 9,
        }),
      ),
    ).toEqual([]);
  });
});

describe('rules 2 to 6: missing parts, with {type} read naturally', () => {
  it('no article: comment and spacer lines are not articles', () => {
    expect(checkInvoice(invoice({ lines: [comment, spacer] }), ctx())).toContain(
      'Votre facture ne contient aucun article.',
    );
    expect(checkInvoice(invoice({ type: 'Avoir', dueDate: null, lines: [] }), ctx())).toContain(
      'Votre avoir ne contient aucun article.',
    );
  });
  it('no customer', () => {
    expect(checkInvoice(invoice({ customer: null }), ctx())).toEqual(['Votre facture ne contient pas de client.']);
    expect(checkInvoice(invoice({ customer: { accountNumber: ' ' } }), ctx())).toEqual([F.noCustomer]);
  });
  it('no type reads as facture', () => {
    expect(checkInvoice(invoice({ type: '' }), ctx())).toEqual(['Votre facture ne contient pas de type.']);
  });
  it('no billing date', () => {
    expect(checkInvoice(invoice({ createdAt: '' }), ctx())).toEqual([
      'Votre facture ne contient pas de date de facturation.',
    ]);
  });
  it('no due date is a fault for a Facture only, never for an Avoir', () => {
    expect(checkInvoice(invoice({ dueDate: null }), ctx())).toEqual([
      "Votre facture ne contient pas de date d'échéance.",
    ]);
    expect(checkInvoice(invoice({ type: 'Avoir', dueDate: null }), ctx())).toEqual([]);
  });
});

describe('rule 7: fiscal exercise', () => {
  it('first and last days of the exercise are accepted', () => {
    expect(checkInvoice(invoice({ createdAt: '2026-01-01', dueDate: '2026-01-31' }), ctx())).toEqual([]);
    expect(checkInvoice(invoice({ createdAt: '2026-12-31', dueDate: '2027-01-30' }), ctx())).toEqual([]);
  });
  it('the day after the closing and the day before the start are refused', () => {
    expect(checkInvoice(invoice({ createdAt: '2027-01-01', dueDate: '2027-01-31' }), ctx())).toEqual([
      F.afterExerciseEnd,
    ]);
    expect(checkInvoice(invoice({ createdAt: '2025-12-31', dueDate: '2026-01-30' }), ctx())).toEqual([
      F.beforeExerciseStart,
    ]);
    expect(F.afterExerciseEnd).toBe("La date de facturation est postérieure à la clôture de l'exercice comptable.");
    expect(F.beforeExerciseStart).toBe("La date de facturation est antérieure au début de l'exercice comptable.");
  });
  it('a date in the previous, still open exercise is accepted', () => {
    const exercises = [
      { dateStart: '2026-01-01', dateEnd: '2026-12-31' },
      { dateStart: '2025-01-01', dateEnd: '2025-12-31' },
    ];
    expect(checkInvoice(invoice({ createdAt: '2025-12-31', dueDate: '2026-01-30' }), ctx({ exercises }))).toEqual([]);
    expect(checkInvoice(invoice({ createdAt: '2024-12-31', dueDate: '2025-01-30' }), ctx({ exercises }))).toEqual([
      F.beforeExerciseStart,
    ]);
  });
});

describe('rule 8: due date before billing date', () => {
  it('is refused for a Facture; the same day is fine', () => {
    expect(checkInvoice(invoice({ dueDate: '2026-11-20' }), ctx())).toEqual([F.dueBeforeBilling]);
    expect(checkInvoice(invoice({ dueDate: '2026-11-21' }), ctx())).toEqual([]);
  });
  it('is not judged for an Avoir', () => {
    expect(checkInvoice(invoice({ type: 'Avoir', dueDate: '2026-11-01' }), ctx())).toEqual([]);
  });
});

describe('rule 9: VAT clause with VAT', () => {
  const clause = 'TVA non applicable, art. 293 B du CGI';
  it('refuses a clause when a standard line has VAT', () => {
    expect(checkInvoice(invoice({ vatClause: clause }), ctx())).toEqual([
      'Vous ne pouvez pas avoir de clause de TVA si vous avez de la TVA.',
    ]);
  });
  it('accepts the clause when every standard line is at 0 %', () => {
    expect(checkInvoice(invoice({ vatClause: clause, lines: [line({ vatRate: 0 }), comment] }), ctx())).toEqual([]);
  });
});

describe('rule 10: total zero or less', () => {
  it('uses the document word', () => {
    expect(checkInvoice(invoice({ lines: [line({ unitPrice: -10 })] }), ctx())).toEqual([
      'Vous ne pouvez pas faire une facture de 0€ ou moins.',
    ]);
    expect(checkInvoice(invoice({ type: 'Avoir', dueDate: null, lines: [line({ unitPrice: -10 })] }), ctx())).toEqual([
      'Vous ne pouvez pas faire un avoir de 0€ ou moins.',
    ]);
  });
  it('a price rounding to 0 cents is zero', () => {
    expect(checkInvoice(invoice({ lines: [line({ unitPrice: 0.004 })] }), ctx())).toEqual([F.zeroOrLess]);
  });
});

describe('rules 11 and 12: zero quantity, zero unit price', () => {
  it('report once even with several faulty lines, and come after the total rule', () => {
    const lines = [line({ quantity: 0 }), line({ quantity: 0 }), line({ unitPrice: 0 })];
    expect(checkInvoice(invoice({ lines }), ctx())).toEqual([
      F.zeroOrLess,
      "Vous ne pouvez pas avoir d'article avec une quantité de 0.",
      "Vous ne pouvez pas avoir d'article avec un prix unitaire de 0€.",
    ]);
  });
  it('ignore comment and spacer lines', () => {
    expect(checkInvoice(invoice({ lines: [comment, line(), spacer] }), ctx())).toEqual([]);
  });
});

describe('rule 13: customer without address', () => {
  const bare: Customer = { ...customer, address: '', billingAddresses: [] };
  it('is refused when neither the customer nor the invoice has one', () => {
    expect(checkInvoice(invoice(), ctx({ customer: bare }))).toEqual([
      "Votre client n'a aucune adresse de configurée.",
    ]);
  });
  it('an alternate address or one typed on the invoice is enough', () => {
    expect(checkInvoice(invoice(), ctx({ customer: { ...bare, billingAddresses: ['2 rue Haute'] } }))).toEqual([]);
    expect(checkInvoice(invoice({ billingAddress: '3 place Basse' }), ctx({ customer: bare }))).toEqual([]);
  });
});

describe('rule 14: date after the end of the current month (validation only)', () => {
  it('refuses next month, accepts the last day of this month', () => {
    const next = invoice({ createdAt: '2026-12-01', dueDate: '2026-12-31' });
    expect(checkInvoice(next, ctx({ forValidation: true }))).toEqual([F.afterEndOfMonth]);
    expect(F.afterEndOfMonth).toBe(
      'Vous ne pouvez pas valider une facture avec une date postérieure à la fin du mois en cours.',
    );
    expect(checkInvoice(invoice({ createdAt: '2026-11-30' }), ctx({ forValidation: true }))).toEqual([]);
  });
  it('does not apply when saving a draft, nor to past dates', () => {
    expect(checkInvoice(invoice({ createdAt: '2026-12-01', dueDate: '2026-12-31' }), ctx())).toEqual([]);
    expect(checkInvoice(invoice({ createdAt: '2026-10-15' }), ctx({ forValidation: true }))).toEqual([]);
  });
});

describe('rule 15: before an already validated invoice', () => {
  const msg =
    'Vous ne pouvez pas faire une facture avec une date de facturation antérieure à une facture déjà validée.';
  it('refuses an earlier date, accepts the same day', () => {
    expect(checkInvoice(invoice(), ctx({ latestValidatedDate: '2026-11-22' }))).toEqual([msg]);
    expect(checkInvoice(invoice(), ctx({ latestValidatedDate: '2026-11-21' }))).toEqual([]);
    expect(checkInvoice(invoice(), ctx({ latestValidatedDate: null }))).toEqual([]);
  });
});

describe('all failures together, in the spec order', () => {
  it('an empty Facture being validated', () => {
    const empty = invoice({ customer: null, type: 'Facture', createdAt: '', dueDate: null, lines: [] });
    expect(
      checkInvoice(
        empty,
        ctx({
          forValidation: true,
          subscriptionInvoice: 'Starter',
          numberInvoiceValidateMonth: 3,
          validatedThisMonth: 3,
        }),
      ),
    ).toEqual([F.starterLimit, F.noArticle, F.noCustomer, F.noBillingDate, F.noDueDate, F.zeroOrLess]);
  });
  it('an untyped document', () => {
    expect(checkInvoice(invoice({ type: '', lines: [] }), ctx())).toEqual([F.noArticle, F.noType, F.zeroOrLess]);
  });
  it('an Avoir speaks of avoir', () => {
    expect(checkInvoice(invoice({ type: 'Avoir', customer: null, createdAt: '' }), ctx())).toEqual([
      A.noCustomer,
      A.noBillingDate,
    ]);
    expect(A.noCustomer).toBe('Votre avoir ne contient pas de client.');
  });
});

describe('discounts (decision 012)', () => {
  const base = {
    designation: '',
    customer: { accountNumber: 'C1' },
    type: 'Facture' as const,
    createdAt: '2026-11-20',
    dueDate: '2026-12-20',
    paymentMode: '',
    billingAddress: 'x',
    vatClause: '',
    calculatesBasisTTC: false,
  };
  const ctx = { customer: null, exercises: [], today: '2026-11-20', forValidation: false };
  const l = (over: object = {}) => ({
    code: '00',
    type: 'Standard' as const,
    label: 'A',
    quantity: 1,
    unitMeasurement: '',
    unitPrice: 100,
    salesAccount: '706',
    vatRate: 20,
    ...over,
  });

  it('refuses discounts the totals would have to clamp, in French', () => {
    const errors = checkInvoice(
      {
        ...base,
        lines: [l({ discount: { type: 'amount', value: 150 } }), l({ discount: { type: 'percent', value: 120 } })],
        discount: { type: 'amount', value: 500 },
      },
      ctx,
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        'La remise d’une ligne ne peut pas dépasser le montant de cette ligne.',
        'Une remise en pourcentage doit être comprise entre 0 et 100 %.',
        'La remise globale ne peut pas dépasser le total HT du document.',
      ]),
    );
  });

  it('a document discount counts for the "0 € or less" rule', () => {
    const errors = checkInvoice({ ...base, lines: [l()], discount: { type: 'percent', value: 100 } }, ctx);
    expect(errors).toContain('Vous ne pouvez pas faire une facture de 0€ ou moins.');
    expect(
      checkInvoice(
        { ...base, lines: [l({ discount: { type: 'percent', value: 10 } })], discount: { type: 'amount', value: 20 } },
        ctx,
      ),
    ).toEqual([]);
  });
});

describe('checkInvoice: the reform’s mentions', () => {
  const seller = {
    label: 'Plume SARL',
    legalForm: 'SARL',
    shareCapital: '10 000 €',
    address: '12 rue des Lilas',
    postalCode: '69001',
    city: 'Lyon',
    siren: '552032534',
    rcs: 'RCS Lyon',
    vatNumber: 'FR27552032534',
  };

  it('refuses validation until the seller’s legal details are complete, naming what is missing', () => {
    const incomplete = { ...seller, siren: null, shareCapital: '' };
    expect(checkInvoice(invoice(), ctx({ forValidation: true, seller: incomplete }))).toEqual([
      'Complétez les mentions légales de la société avant de valider une facture : capital social, SIREN.',
    ]);
    expect(checkInvoice(invoice(), ctx({ forValidation: false, seller: incomplete }))).toEqual([]);
    expect(checkInvoice(invoice(), ctx({ forValidation: true, seller }))).toEqual([]);
  });

  it('refuses validation for a professional customer in France without a valid SIREN', () => {
    // An e-mail: the electronic address of a customer outside the French directory (decision 085).
    const noSiren = { ...customer, siren: '', email: 'compta@dupont.example' };
    expect(checkInvoice(invoice(), ctx({ forValidation: true, customer: noSiren }))).toEqual([
      'Le client Dupont (411DUP) est un professionnel en France : renseignez son SIREN (valide) avant de valider la facture.',
    ]);
    expect(checkInvoice(invoice(), ctx({ forValidation: false, customer: noSiren }))).toEqual([]);
    expect(checkInvoice(invoice(), ctx({ forValidation: true, customer: { ...noSiren, isBusiness: false } }))).toEqual(
      [],
    );
    expect(
      checkInvoice(invoice(), ctx({ forValidation: true, customer: { ...noSiren, country: 'Belgique' } })),
    ).toEqual([]);
  });

  it('validates a credit note only with the invoice it corrects', () => {
    const credit = invoice({ type: 'Avoir', dueDate: null });
    expect(checkInvoice(credit, ctx({ forValidation: true }))).toEqual([
      'Un avoir doit indiquer la facture qu’il corrige : choisissez la facture validée concernée.',
    ]);
    expect(checkInvoice(credit, ctx())).toEqual([]);
    expect(checkInvoice({ ...credit, correctedInvoiceId: 3 }, ctx({ forValidation: true }))).toEqual([]);
  });

  it('accepts the optional mentions and refuses a sale date that is not a date', () => {
    const withMentions = {
      ...invoice(),
      operationKind: 'services',
      vatOnDebits: true,
      deliveryAddress: '3 quai Ouest\n69002 Lyon',
      saleDate: '2026-11-02',
    };
    expect(checkInvoice(withMentions, ctx({ forValidation: true }))).toEqual([]);
    expect(checkInvoice({ ...invoice(), operationKind: null, saleDate: null }, ctx({ forValidation: true }))).toEqual(
      [],
    );
    expect(checkInvoice({ ...withMentions, saleDate: '2026-02-30' }, ctx())).toEqual([F.saleDateInvalid]);
    expect(checkInvoice({ ...withMentions, saleDate: '1800-01-01' }, ctx())).toEqual([
      'La date de la vente ou de la prestation doit être une date valide, comprise entre le 01/01/1900 et le 31/12/2100.',
    ]);
    expect(checkInvoice({ ...withMentions, operationKind: 'autre' }, ctx())).toEqual([F.operationKindInvalid]);
  });
});
