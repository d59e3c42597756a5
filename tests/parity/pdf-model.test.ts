import { describe, expect, it } from 'vitest';
import { customerFromRow } from '../../server/src/modules/catalogue/customer-input';
import type { CompanyRow, CustomerRow } from '../../server/src/modules/invoices/context';
import {
  customerSnapshot as serverSnapshot,
  documentModel,
  logoOf as serverLogo,
  sellerParty as serverSeller,
} from '../../server/src/modules/invoices/pdf-model';
import { emptyForm, setCustomer } from '../../src/features/invoices-editor/editor-model';
import { addArticleLine, addBlankLine, updateLine } from '../../src/features/invoices-editor/line-ops';
import { previewModel } from '../../src/features/invoices-editor/pdf-model';
import type { EnvCompany } from '../../src/features/invoices-editor/types';

// The browser's preview must print what the server's preview prints: the same inputs go through
// the server's mapper (server/src/modules/invoices/pdf-model.ts) and ours, and must give one model.

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const now = new Date('2026-11-21T10:00:00Z');
const company: CompanyRow = {
  id: 1,
  label: 'Boulangerie Pâtisserie Martin',
  numberInvoiceValidateMonth: null,
  subscriptionInvoice: null,
  gedUserRight: true,
  legalForm: 'SARL',
  shareCapital: '8 000 €',
  address: '14 rue des Lilas',
  postalCode: '69003',
  city: 'Lyon',
  siren: '512345678',
  siret: null,
  rcs: 'RCS Lyon 512 345 678',
  vatNumber: 'FR32512345678',
  email: null,
  phone: '04 78 12 34 56',
  logo: PNG,
  archivedAt: null,
  createdAt: now,
  iban: 'FR7630006000011234567890189',
  bic: 'BNPAFRPPXXX',
  soleTrader: false,
  latePenaltyRate: null,
  vatOnDebits: false,
};
// environment.company: the same record as GET /api/environment/plume writes it (logo apart).
const { logo, createdAt: _c, archivedAt: _a, gedUserRight: _g, ...envCompany } = company;

const customerRow = (over: Partial<CustomerRow> = {}): CustomerRow => ({
  id: 7,
  companyId: 1,
  accountNumber: 'C00004',
  socialReason: 'SCI Les Tilleuls',
  name: null,
  civility: 'Société',
  address: '5 allée des Tilleuls',
  postalCode: '33200',
  city: 'Bordeaux',
  country: 'Belgique',
  billingAddresses: ['Cabinet Fabre Gestion\n40 cours de l’Intendance'],
  deliveryAddress: null,
  email: 'gestion@example.fr',
  phone: null,
  siren: '784509123',
  vatNumber: null,
  electronicAddressScheme: null,
  electronicAddress: null,
  paymentMode: 'Virement',
  paymentDelay: 30,
  isBusiness: true,
  createdAt: now,
  updatedAt: now,
  syncXid: 1,
  archivedAt: null,
  ...over,
});

function sampleForm(row: CustomerRow, billing: 'first' | 'none') {
  const api = customerFromRow(row); // the customer as the app holds it (domain names)
  let form = setCustomer(emptyForm('invoice', '2026-11-21'), 'invoice', api);
  if (billing === 'none') form = { ...form, billingAddress: '' };
  let lines = addArticleLine([], {
    code: 'BOU002',
    type: 'Standard',
    designation: 'Croissant',
    label: 'Croissant pur beurre',
    salesAccount: '',
    unitMeasurement: { label: 'pièce' },
    unitPriceHT: 1.1,
    vatRate: 5.5,
    typePurchaseSale: 'Vente',
  });
  lines = addBlankLine(lines, 'comment');
  lines = updateLine(lines, lines[1].id, { label: 'Livraison le matin' });
  lines = addBlankLine(lines, 'spacer');
  lines = addBlankLine(lines, 'standard');
  lines = updateLine(lines, lines[3].id, {
    label: 'Pièce montée',
    quantity: 2.5,
    unitPrice: 33.333,
    vatRate: 20,
    discount: { type: 'percent', value: 10 },
  });
  // Decision 012: a line discount and a document discount travel through both mappers.
  return {
    api,
    form: {
      ...form,
      lines,
      designation: 'Réception',
      vatClause: '',
      paymentMode: 'Virement',
      discount: { type: 'amount' as const, value: 20 },
    },
  };
}

describe('offline preview model = server preview model', () => {
  for (const [name, row, billing] of [
    ['billing address chosen, foreign country', customerRow(), 'first'],
    ['no billing address: the record’s own address', customerRow(), 'none'],
    [
      'customer with nulls everywhere',
      customerRow({
        address: null,
        postalCode: null,
        city: null,
        country: 'France',
        billingAddresses: [],
        siren: null,
        email: null,
      }),
      'none',
    ],
  ] as const) {
    it(`invoice: ${name}`, () => {
      const { api, form } = sampleForm(row, billing);
      const mine = previewModel({
        kind: 'invoice',
        form,
        number: null,
        company: envCompany as EnvCompany,
        logo,
        customer: api,
        correctedInvoiceNumber: null,
        estimateNumber: 'D2026-0012',
      });
      const server = documentModel(
        {
          kind: 'Facture',
          number: null,
          preview: true,
          issueDate: form.createdAt,
          dueDate: form.dueDate,
          designation: form.designation,
          lines: form.lines,
          paymentMode: form.paymentMode,
          vatClause: form.vatClause,
          correctedInvoiceNumber: null,
          discount: form.discount,
          estimateNumber: 'D2026-0012',
        },
        serverSeller(company),
        serverSnapshot(row, form.billingAddress),
        serverLogo(company),
      );
      expect(JSON.parse(JSON.stringify(mine))).toEqual(JSON.parse(JSON.stringify(server)));
      expect(mine.logo?.bytes).toEqual(server.logo?.bytes);
      expect(mine).toMatchObject({
        estimateNumber: 'D2026-0012',
        bankDetails: { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'BNPAFRPPXXX' },
        documentDiscount: { type: 'amount', value: 20 },
        totals: { subtotal: 76.1, discount: 20, ht: 56.1 },
      });
    });
  }

  it('quote and credit note', () => {
    const { api, form } = sampleForm(customerRow(), 'first');
    const quote = previewModel({
      kind: 'quote',
      form: { ...form, validatedAt: '2026-12-21' },
      number: 'D-2026-0007',
      company: envCompany as EnvCompany,
      logo: null,
      customer: api,
      correctedInvoiceNumber: null,
    });
    const serverQuote = documentModel(
      {
        kind: 'Devis',
        number: 'D-2026-0007',
        preview: true,
        issueDate: form.createdAt,
        validityDate: '2026-12-21',
        designation: form.designation,
        lines: form.lines,
        vatClause: form.vatClause,
        discount: form.discount,
      },
      serverSeller(company),
      serverSnapshot(customerRow(), form.billingAddress),
      null,
    );
    expect(JSON.parse(JSON.stringify(quote))).toEqual(JSON.parse(JSON.stringify(serverQuote)));
    const credit = previewModel({
      kind: 'invoice',
      form: { ...form, type: 'Avoir', dueDate: null },
      number: null,
      company: envCompany as EnvCompany,
      logo: null,
      customer: api,
      correctedInvoiceNumber: 'F-2026-0004',
    });
    expect(credit).toMatchObject({
      kind: 'Avoir',
      dueDate: null,
      correctedInvoiceNumber: 'F-2026-0004',
      preview: true,
      number: null,
      bankDetails: null,
    });
    expect(quote.bankDetails).toBeNull();
  });
});
