// Shared entity shapes (USER-1, INV-17, ART-1, CUS-1…). Field names are the spec's, misspellings included
// (paymentMode, billingAddress, address, paymentDelay): real clients depend on them.
// Dates are calendar dates as 'YYYY-MM-DD' strings everywhere in the rulebook.

// Rights are owned by rights.ts; re-exported here so callers find every entity type in one place.
export type { AppRight, Permission } from './rights';

export type LineType = 'Standard' | 'Commentaire';

/**
 * A discount (remise), on one line or on the whole document: a percentage (10 = 10 %) or an
 * amount excluding tax in euros. Optional everywhere: a payload without it is undiscounted.
 */
export interface Discount {
  type: 'percent' | 'amount';
  value: number;
}

export interface InvoiceLine {
  id?: string | number;
  /** 'CC' comment line, 'ES' spacer line, '00' default article code. */
  code: string;
  type: LineType;
  label: string;
  quantity: number;
  unitMeasurement: string;
  unitPrice: number;
  salesAccount: string;
  /** Percent: 20, 5.5 … */
  vatRate: number;
  total?: number;
  status?: 'edit' | 'read';
  /** Line discount, applied to this line's amount before VAT (decision 012). */
  discount?: Discount | null;
}

export type InvoiceType = 'Facture' | 'Avoir';

export interface InvoicePayload {
  designation: string;
  customer: { accountNumber: string } | null;
  type: InvoiceType | '';
  /** Billing date. */
  createdAt: string;
  dueDate: string | null;
  paymentMode: string;
  billingAddress: string;
  lines: InvoiceLine[];
  vatClause: string;
  calculatesBasisTTC: boolean;
  /** For a credit note: the validated invoice it corrects. */
  correctedInvoiceId?: number | null;
  /** Document discount, spread over the VAT rates before VAT (decision 012). */
  discount?: Discount | null;
}

export interface Invoice extends InvoicePayload {
  id: number;
  validated: boolean;
  /** Assigned by the server on validation only; null for a draft. */
  number: string | null;
  validatedAt?: string | null;
  estimateId?: number | null;
}

export interface QuotePayload {
  designation: string;
  customer: { accountNumber: string } | null;
  createdAt: string;
  /** The validity date of the quote (not a validation instant). */
  validatedAt: string | null;
  billingAddress: string;
  lines: InvoiceLine[];
  vatClause: string;
  calculatesBasisTTC: boolean;
  /** Document discount, spread over the VAT rates before VAT (decision 012). */
  discount?: Discount | null;
}

export type QuoteStateKey = 'enCours' | 'accepte' | 'facture' | 'annule';
export type QuoteStateLabel = 'En cours' | 'Accepté' | 'Facturé' | 'Annulé';

export interface Quote extends QuotePayload {
  id: number;
  number: string;
  state: QuoteStateLabel;
}

export interface Customer {
  id?: number;
  accountNumber: string;
  socialReason: string;
  name?: string;
  civility?: string;
  address: string;
  postalCode?: string;
  city?: string;
  country?: string;
  billingAddresses: string[];
  deliveryAddress?: string;
  email?: string;
  phone?: string;
  siren?: string;
  vatNumber?: string;
  /**
   * Decision 085: « Adresse de facturation électronique », scheme (0225 French directory, EM e-mail…)
   * and identifier; both empty: derived from the SIREN or the e-mail on the e-invoice.
   */
  electronicAddressScheme?: string;
  electronicAddress?: string;
  paymentMode?: string;
  /** Days; null or absent means the 30-day default. */
  paymentDelay?: number | null;
  isBusiness?: boolean;
}

export interface Article {
  id?: number;
  code: string;
  type: LineType;
  designation: string;
  /** Decoded text; travels as label64 (base64 of UTF-8) on the wire. */
  label: string;
  salesAccount: string;
  unitMeasurement: { label: string } | null;
  unitPriceHT: number;
  vatRate: number;
  ttc?: number;
  typePurchaseSale: string;
}

export interface Exercise {
  dateStart: string;
  dateEnd: string;
}

export interface Totals {
  /** Net amount excluding tax, after every discount. */
  ht: number;
  tva: number;
  ttc: number;
  /** Only with a document discount: the HT before it (after line discounts), and its amount. */
  subtotal?: number;
  discount?: number;
}

export interface VatBreakdownEntry {
  rate: number;
  base: number;
  vat: number;
}
