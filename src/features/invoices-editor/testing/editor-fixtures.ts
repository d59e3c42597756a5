// The company's data as the device keeps it, for the editors' component tests: Boulangerie
// Pâtisserie Martin of the demo seed (server/src/seed/invoicing-data.ts), three of its customers
// and two of its articles, and documents as the server answers them.
import { todayInParis } from '../../../domain/dates';
import type { Article, Customer } from '../../../domain/types';
import type { FollowUp } from '../api/follow-up';
import type { InvoiceJson, QuoteJson } from '../types';

export const COMPANY_ID = 1;
const year = new Date().getFullYear();

const article = (code: string, designation: string, unitPriceHT: number): Article => ({
  code,
  type: 'Standard',
  designation,
  label: designation,
  salesAccount: '707000',
  unitMeasurement: { label: 'unité' },
  unitPriceHT,
  vatRate: 5.5,
  typePurchaseSale: 'Vente',
});

export const ARTICLES: Article[] = [
  article('BOU001', 'Baguette tradition', 1.3),
  article('BOU003', 'Croissant pur beurre', 1.2),
];

export const CUSTOMERS: Customer[] = [
  {
    accountNumber: 'C00001',
    socialReason: 'Hôtel du Parc',
    name: 'Lemoine',
    address: '12 avenue Foch',
    postalCode: '69006',
    city: 'Lyon',
    billingAddresses: ['Hôtel du Parc – Service comptabilité, 3 rue Garibaldi, 69006 Lyon'],
    email: 'comptabilite.hotelduparc@example.fr',
    paymentMode: 'Virement',
    paymentDelay: 30,
    siren: '732829320',
    isBusiness: true,
  },
  {
    accountNumber: 'C00002',
    socialReason: 'Le Bistrot Gourmand',
    name: 'Garnier',
    address: '27 rue Oberkampf',
    postalCode: '75011',
    city: 'Paris',
    billingAddresses: [],
    paymentMode: 'Virement',
    paymentDelay: 45,
    siren: '552100554',
    isBusiness: true,
  },
  {
    accountNumber: 'C00004',
    socialReason: 'SCI Les Tilleuls',
    name: 'Fabre',
    address: '5 allée des Tilleuls',
    postalCode: '33200',
    city: 'Bordeaux',
    billingAddresses: [
      'Cabinet Fabre Gestion, 40 cours de l’Intendance, 33000 Bordeaux',
      'SCI Les Tilleuls – Siège, 2 place Gambetta, 33000 Bordeaux',
    ],
    paymentMode: 'Prélèvement',
    paymentDelay: 30,
    siren: '542065479',
    isBusiness: true,
  },
];

export const ENVIRONMENT = {
  invoice: {
    meansOfPayment: ['Virement', 'Chèque', 'Prélèvement', 'Carte bancaire', 'Espèces'],
    vatRates: [0, 5.5, 10, 20],
    VAT_clauses: [],
    unitsMeasurement: [{ label: 'unité' }, { label: 'lot' }],
  },
  accounting: { exercises: [{ dateStart: `${year - 1}-01-01`, dateEnd: `${year + 1}-12-31` }] },
  general: { ledgers: [{ id: 1, code: 'VE' }] },
  estimate: { items: [] },
  // Complete legal details (decision 046): the device's checks let its invoices be validated.
  company: {
    id: COMPANY_ID,
    label: 'Boulangerie Pâtisserie Martin',
    subscriptionInvoice: null,
    legalForm: 'SARL',
    shareCapital: '8 000 €',
    address: '14 rue des Lilas',
    postalCode: '69003',
    city: 'Lyon',
    siren: '404833048',
    siret: null,
    rcs: 'RCS Lyon',
    vatNumber: 'FR83404833048',
    soleTrader: false,
    latePenaltyRate: null,
    vatOnDebits: false,
  },
};

const today = () => todayInParis(new Date());

/** A document as GET /api/invoices/:id answers it: 10 baguettes for Hôtel du Parc unless told. */
export function invoiceJson(over: Partial<InvoiceJson> = {}): InvoiceJson {
  const base: InvoiceJson = {
    id: 77,
    number: null,
    validated: false,
    type: 'Facture',
    designation: '',
    customer: { accountNumber: 'C00001', socialReason: 'Hôtel du Parc', name: 'Lemoine' },
    createdAt: today(),
    dueDate: today(),
    paymentMode: 'Virement',
    billingAddress: '12 avenue Foch, 69006 Lyon',
    vatClause: '',
    calculatesBasisTTC: false,
    correctedInvoiceId: null,
    correctedInvoiceNumber: null,
    estimate: null,
    version: 1,
    operationKind: null,
    vatOnDebits: null,
    deliveryAddress: null,
    saleDate: null,
    lines: [
      {
        code: 'BOU001',
        type: 'Standard',
        label: 'Baguette tradition',
        quantity: 10,
        unitPrice: 1.3,
        unitMeasurement: 'unité',
        salesAccount: '707000',
        vatRate: 5.5,
      },
    ],
    totals: { ht: 13, tva: 0.72, ttc: 13.72 },
    vatBreakdown: [{ rate: 5.5, base: 13, vat: 0.72 }],
    ledgerId: null,
    paidAt: null,
    sentAt: null,
  };
  return { ...base, ...over };
}

export function quoteJson(over: Partial<QuoteJson> = {}): QuoteJson {
  const inv = invoiceJson() as unknown as Record<string, unknown>;
  return {
    ...inv,
    id: 88,
    number: `D${year}-0001`,
    state: 'En cours',
    invoiceId: null,
    validatedAt: today(),
    customer: { accountNumber: 'C00002', socialReason: 'Le Bistrot Gourmand', name: 'Garnier' },
    lines: [
      {
        code: 'BOU003',
        type: 'Standard',
        label: 'Croissant pur beurre',
        quantity: 24,
        unitPrice: 1.2,
        unitMeasurement: 'unité',
        salesAccount: '707000',
        vatRate: 5.5,
      },
    ],
    totals: { ht: 28.8, tva: 1.58, ttc: 30.38 },
    ...over,
  } as unknown as QuoteJson;
}

/** GET /api/invoices/:id/follow-up of a validated invoice of `ttc`, nothing paid or credited unless told. */
export function followUpJson(over: Partial<FollowUp> & { invoiceId: number; ttc: number }): FollowUp {
  const paid = over.amountPaid ?? 0;
  const credited = over.amountCredited ?? 0;
  return {
    type: 'Facture',
    number: null,
    status: 'Validée',
    statuses: [],
    amountPaid: paid,
    amountCredited: credited,
    amountDue: over.ttc - paid - credited,
    creditable: over.ttc - credited,
    payments: [],
    creditNotes: [],
    correctedInvoice: null,
    history: [{ kind: 'validated', at: `${today()}T09:00:00.000Z`, label: 'Validée' }],
    ...over,
  };
}
