import { describe, expect, it } from 'vitest';
import { ELECTRONIC_ADDRESS_MESSAGES as EA } from './electronic-address';
import {
  buyerElectronicAddressProblem,
  checkInvoice,
  eInvoiceNumberProblem,
  invoiceMessages,
  type InvoiceCheckContext,
} from './invoice-checks';
import type { Customer, InvoicePayload } from './types';

// Decision 085: an invoice the French platform rules (XP Z12-012) would reject cannot be validated;
// each rule with its own French wording. Drafts are not concerned.

const business: Customer = {
  accountNumber: '411DUP',
  socialReason: 'Dupont',
  address: '1 rue de la Paix',
  billingAddresses: [],
  isBusiness: true,
  siren: '552032534',
};
const privatePerson: Customer = {
  accountNumber: '411DUR',
  socialReason: 'Claire Durand',
  address: '8 rue des Lilas',
  billingAddresses: [],
  isBusiness: false,
};
const abroad: Customer = {
  accountNumber: '411GEN',
  socialReason: 'Confiserie du Lac SA',
  address: 'Rue du Rhône 5',
  country: 'Suisse',
  billingAddresses: [],
  isBusiness: true,
};

const invoice = (over: Partial<InvoicePayload> = {}): InvoicePayload => ({
  designation: 'Travaux',
  customer: { accountNumber: '411DUP' },
  type: 'Facture',
  createdAt: '2026-11-21',
  dueDate: '2026-12-21',
  paymentMode: 'Virement',
  billingAddress: '',
  lines: [
    {
      code: '00',
      type: 'Standard',
      label: 'Prestation',
      quantity: 1,
      unitMeasurement: 'heure',
      unitPrice: 100,
      salesAccount: '706',
      vatRate: 20,
    },
  ],
  vatClause: '',
  calculatesBasisTTC: false,
  ...over,
});

const ctx = (over: Partial<InvoiceCheckContext> = {}): InvoiceCheckContext => ({
  customer: business,
  exercises: [{ dateStart: '1999-01-01', dateEnd: '2100-12-31' }],
  today: '2026-11-21',
  forValidation: true,
  ...over,
});
const F = invoiceMessages('Facture');

describe('BR-FR-12: the buyer’s electronic address', () => {
  it('a French business has one from its SIREN (0225), nothing to type', () => {
    expect(checkInvoice(invoice(), ctx())).toEqual([]);
    expect(buyerElectronicAddressProblem(business)).toBeNull();
  });

  it('a private person or a customer abroad without e-mail nor address: refused, naming the customer', () => {
    const privateMessage =
      'Le client Claire Durand (411DUR) n’a pas d’adresse de facturation électronique : renseignez-la sur sa fiche, ou son e-mail, la facture électronique l’exige.';
    expect(checkInvoice(invoice(), ctx({ customer: privatePerson }))).toEqual([privateMessage]);
    expect(checkInvoice(invoice(), ctx({ customer: abroad }))).toEqual([
      'Le client Confiserie du Lac SA (411GEN) n’a pas d’adresse de facturation électronique : renseignez-la sur sa fiche, ou son e-mail, la facture électronique l’exige.',
    ]);
    // A draft may wait.
    expect(checkInvoice(invoice(), ctx({ customer: privatePerson, forValidation: false }))).toEqual([]);
  });

  it('their e-mail (EM) or the address set on their sheet is enough', () => {
    expect(checkInvoice(invoice(), ctx({ customer: { ...privatePerson, email: 'claire@example.fr' } }))).toEqual([]);
    expect(
      checkInvoice(
        invoice(),
        ctx({ customer: { ...abroad, electronicAddressScheme: '0183', electronicAddress: 'CHE123456789' } }),
      ),
    ).toEqual([]);
  });

  it('an address on the sheet that a platform would refuse (typed before the rule, or by hand) is named', () => {
    expect(
      checkInvoice(
        invoice(),
        ctx({ customer: { ...business, electronicAddressScheme: '0225', electronicAddress: '55203253' } }),
      ),
    ).toEqual([`Client Dupont (411DUP) : ${EA.valueInvalid0225}`]);
    expect(
      checkInvoice(
        invoice(),
        ctx({ customer: { ...business, electronicAddressScheme: '0225', electronicAddress: '' } }),
      ),
    ).toEqual([`Client Dupont (411DUP) : ${EA.valueMissing}`]);
  });
});

describe('BR-FR-03: dates between 2000 and 2099', () => {
  it('billing, due and sale dates outside are refused at validation, each with its message', () => {
    expect(checkInvoice(invoice({ createdAt: '1999-12-31', dueDate: '2000-01-30' }), ctx())).toEqual([
      F.billingDateNotForPlatforms,
    ]);
    expect(checkInvoice(invoice({ createdAt: '2026-11-21', dueDate: '2100-01-01' }), ctx())).toEqual([
      F.dueDateNotForPlatforms,
    ]);
    expect(checkInvoice({ ...invoice(), saleDate: '1999-06-01' }, ctx())).toEqual([F.saleDateNotForPlatforms]);
    expect(checkInvoice(invoice({ createdAt: '2000-01-01', dueDate: '2099-12-31' }), ctx())).toEqual([]);
    expect(
      checkInvoice(invoice({ createdAt: '1999-12-31', dueDate: '2000-01-30' }), ctx({ forValidation: false })),
    ).toEqual([]);
  });
});

describe('BR-FR-01 / BR-FR-02: the number', () => {
  it('our series pass', () => {
    expect(eInvoiceNumberProblem('F2026-0001')).toBeNull();
    expect(eInvoiceNumberProblem('A2026-0042')).toBeNull();
    expect(eInvoiceNumberProblem('F+2026_01/7')).toBeNull();
  });

  it('more than 35 characters, or a dot, a space, an accent: refused, naming the number', () => {
    expect(eInvoiceNumberProblem('F'.repeat(36))).toBe(
      `Le numéro ${'F'.repeat(36)} dépasse 35 caractères : les plateformes de facturation électronique le refuseraient (BR-FR-01).`,
    );
    for (const n of ['F2026.0001', 'F 2026', 'Fé2026'])
      expect(eInvoiceNumberProblem(n)).toBe(
        `Le numéro ${n} contient des caractères que les plateformes de facturation électronique refusent : seulement des lettres, des chiffres et + - _ / (BR-FR-02).`,
      );
  });
});
