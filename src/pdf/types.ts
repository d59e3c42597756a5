/** Data model of the business document renderer (invoice, credit note, quote). */

export interface PdfParty {
  name: string;
  legalForm?: string;
  shareCapital?: string;
  addressLines: string[];
  /** Structured address (decision 046, the e-invoice needs them apart); absent in snapshots frozen before. */
  postalCode?: string;
  city?: string;
  /** ISO 3166-1 alpha-2; absent means France. */
  countryCode?: string;
  siren?: string;
  siret?: string;
  rcs?: string;
  vatNumber?: string;
  email?: string;
  phone?: string;
  /**
   * Decision 085: the electronic address set on the record (BT-34 / BT-49), not printed; absent: derived
   * from the SIREN or the e-mail (src/domain/electronic-address.ts) when the e-invoice is written.
   */
  electronicAddress?: { scheme: string; value: string };
  /** Seller only: bank details, printed when the invoice is paid by transfer (frozen with the seller). */
  iban?: string;
  bic?: string;
  /** Seller only: a sole trader (entrepreneur individuel) prints « EI » after the name. */
  soleTrader?: boolean;
  /** Seller only: the late-payment rate as printed; absent means three times the legal rate. */
  latePenaltyRate?: string;
}

/** A discount: 10 = 10 %, or an amount excluding tax in euros. */
export interface PdfDiscount {
  type: 'percent' | 'amount';
  value: number;
}

export interface PdfLine {
  code: string;
  kind: 'standard' | 'comment' | 'spacer';
  label: string;
  quantity: number;
  unit: string;
  unitPrice: number;
  vatRate: number;
  /** After the line's discount. */
  totalHt: number;
  /** Only when the line has one: a "Remise" column appears on the document. */
  discount?: PdfDiscount;
}

export interface BusinessDocumentModel {
  kind: 'Facture' | 'Avoir' | 'Devis';
  /** null for a draft. */
  number: string | null;
  /** true: big diagonal "Aperçu" watermark on every page and "Document non validé" near the title. */
  preview: boolean;
  /** YYYY-MM-DD */
  issueDate: string;
  /** Invoices. */
  dueDate?: string | null;
  /** Quotes ("Valable jusqu'au …"). */
  validityDate?: string | null;
  designation?: string;
  seller: PdfParty;
  customer: PdfParty & { accountNumber: string; deliveryAddressLines?: string[]; isBusiness?: boolean };
  lines: PdfLine[];
  /** ht is net of every discount; subtotal and discount only with a document discount. */
  totals: { ht: number; tva: number; ttc: number; subtotal?: number; discount?: number };
  /** The document discount as typed, for its label ("Remise 10 %"). */
  documentDiscount?: PdfDiscount | null;
  /** Invoice converted from a quote: "Devis d'origine : D2026-0012". */
  estimateNumber?: string | null;
  /** Printed under the payment conditions (invoices paid by transfer). */
  bankDetails?: { iban: string; bic?: string } | null;
  vatBreakdown: { rate: number; base: number; vat: number }[];
  paymentMode?: string;
  vatClause?: string;
  /** Credit note: "Avoir sur la facture n° …". */
  correctedInvoiceNumber?: string | null;
  /** Decision 085: the corrected invoice's issue date (BT-26 of the e-invoice), 'YYYY-MM-DD'; not printed. */
  correctedInvoiceDate?: string | null;
  operationKind?: 'biens' | 'prestations de services' | 'les deux';
  /** « Option pour le paiement de la taxe d'après les débits » (decision 046). */
  vatOnDebits?: boolean;
  /** Date of the sale or service, only when it differs from the issue date (decision 046). */
  saleDate?: string | null;
  /** Where the goods go, only when it differs from the billing address (decision 046). */
  deliveryAddressLines?: string[];
  /** Default "3 fois le taux d'intérêt légal". */
  latePenaltyRate?: string;
  logo?: { bytes: Uint8Array; type: 'png' | 'jpeg' } | null;
}

/** TrueType/OpenType or WOFF (1.0) bytes of the two weights. */
export interface PdfFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}
