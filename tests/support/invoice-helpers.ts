// Shared by the invoice/quote API tests: demo companies, payload builders and PDF text.
import { todayInParis } from '../../src/domain/dates';
import type { InvoiceLine, InvoicePayload, QuotePayload } from '../../src/domain/types';
import type { ToWire } from '../../src/domain/wire-names';
import { extractPdf } from '../../src/pdf/test-fixtures';
import type { TestServer } from './test-server';

export const MARTIN = 'Boulangerie Pâtisserie Martin';
export const STARTER = 'Menuiserie Lefèvre Artisan Bois';
export const GARAGE = 'Garage Dupont & Fils';
export const NO_INVOICING = 'Librairie La Plume d’Or';

export function companyId(server: TestServer, label: string): number {
  const company = server.seed?.companies.find((c) => c.label === label);
  if (!company) throw new Error(`société de démo introuvable : ${label}`);
  return company.id;
}

/** A valid SIREN (Luhn key) and its French VAT number, for professional customers made by the tests. */
export const TEST_SIREN = '552032534';
export const TEST_VAT_NUMBER = 'FR27552032534';

/**
 * A company customer as POST /api/customers takes it (the spec's wire names: adress, payementMode).
 * Professional in France, so with a SIREN (decision 046).
 */
export const customerPayload = (socialReason: string, over: Record<string, unknown> = {}) => ({
  socialReason,
  name: 'Vidal',
  civility: 'Société',
  adress: '4 rue du Port',
  postalCode: '17000',
  city: 'La Rochelle',
  payementMode: 'Virement',
  isBusiness: true,
  siren: TEST_SIREN,
  ...over,
});

export function line(overrides: Partial<InvoiceLine> = {}): InvoiceLine {
  return {
    code: 'BOU001',
    type: 'Standard',
    label: 'Baguette tradition',
    quantity: 10,
    unitMeasurement: 'unité',
    unitPrice: 1.3,
    salesAccount: '707000',
    vatRate: 5.5,
    ...overrides,
  };
}

export function today(server: TestServer): string {
  return todayInParis(server.deps.now());
}

/** A valid invoice for Hôtel du Parc (C00001), dated today, as the wire spells it (spec names). */
export function invoicePayload(
  server: TestServer,
  overrides: Partial<ToWire<InvoicePayload>> = {},
): ToWire<InvoicePayload> {
  const date = today(server);
  return {
    designation: 'Réception du 14 juillet',
    customer: { accountNumber: 'C00001' },
    type: 'Facture',
    createdAt: date,
    dueDate: date,
    payementMode: 'Virement',
    billingAdress: '',
    lines: [
      line(),
      line({
        code: 'BOU011',
        label: 'Buffet petit-déjeuner',
        quantity: 20,
        unitPrice: 9.5,
        vatRate: 10,
        salesAccount: '706000',
      }),
    ],
    vatClause: '',
    calculatesBasisTTC: false,
    ...overrides,
  };
}

export function quotePayload(server: TestServer, overrides: Partial<ToWire<QuotePayload>> = {}): ToWire<QuotePayload> {
  const date = today(server);
  return {
    designation: 'Pièce montée pour un mariage',
    customer: { accountNumber: 'C00002' },
    createdAt: date,
    validatedAt: date,
    billingAdress: '',
    lines: [line({ code: 'BOU005', label: 'Pièce montée 30 choux', quantity: 2, unitPrice: 120 })],
    vatClause: '',
    calculatesBasisTTC: false,
    ...overrides,
  };
}

export async function pdfText(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  // pdfjs wants a plain Uint8Array (not a Buffer): always copy.
  const data = bytes instanceof Uint8Array ? Uint8Array.from(bytes) : new Uint8Array(bytes);
  return (await extractPdf(data)).text.replace(/\s+/g, ' ');
}

export function isPdf(bytes: ArrayBuffer | Uint8Array): boolean {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  return new TextDecoder().decode(data.slice(0, 5)) === '%PDF-';
}
