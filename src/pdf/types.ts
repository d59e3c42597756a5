/** Data model of the business document renderer (invoice, credit note, quote). */

export interface PdfParty {
  name: string;
  legalForm?: string;
  shareCapital?: string;
  addressLines: string[];
  siren?: string;
  siret?: string;
  rcs?: string;
  vatNumber?: string;
  email?: string;
  phone?: string;
}

export interface PdfLine {
  code: string;
  kind: 'standard' | 'comment' | 'spacer';
  label: string;
  quantity: number;
  unit: string;
  unitPrice: number;
  vatRate: number;
  totalHt: number;
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
  totals: { ht: number; tva: number; ttc: number };
  vatBreakdown: { rate: number; base: number; vat: number }[];
  payementMode?: string;
  vatClause?: string;
  /** Credit note: "Avoir sur la facture n° …". */
  correctedInvoiceNumber?: string | null;
  operationKind?: 'biens' | 'prestations de services' | 'les deux';
  /** Default "3 fois le taux d'intérêt légal". */
  latePenaltyRate?: string;
  logo?: { bytes: Uint8Array; type: 'png' | 'jpeg' } | null;
}

/** TrueType/OpenType or WOFF (1.0) bytes of the two weights. */
export interface PdfFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}
