// Decision 046: the one model of an electronic invoice (EN 16931), between our documents and the XML
// syntaxes (CII for Factur-X, UBL 2.1). Built from the same data as the visible PDF
// (BusinessDocumentModel, src/pdf/types.ts) by toEInvoice (src/einvoice/from-business-document.ts), written by
// src/einvoice/cii.ts and src/einvoice/ubl.ts, read back from a supplier's file by
// src/einvoice/parse.ts, and checked by src/einvoice/checks.ts. Pure: no I/O, usable in the browser.
// Amounts are numbers in euros with at most 2 decimals (unit prices up to 4); dates 'YYYY-MM-DD'.

/** EN 16931 VAT category codes (UNCL5305) that our invoices use. */
export type VatCategory =
  | 'S' // standard or reduced rate
  | 'Z' // zero rated goods
  | 'E' // exempt (franchise en base, art. 261…): needs an exemption reason
  | 'AE' // reverse charge (autoliquidation), buyer and seller VAT numbers
  | 'K' // intra-community supply of goods, buyer and seller VAT numbers
  | 'G' // export outside the EU
  | 'O'; // outside the scope of VAT

/** The BT-23 codes the portal writes (XP Z12-012 accepts more: B2 paid, S3, S5, S6, 7, 8, 9…). */
export type BillingFramework = 'B1' | 'S1' | 'M1' | 'B4' | 'S4' | 'M4';

export interface EInvoiceAddress {
  /** Street lines, at most 3 used. */
  lines: string[];
  postalCode?: string;
  city?: string;
  /** ISO 3166-1 alpha-2, e.g. 'FR'. */
  countryCode: string;
}

/**
 * An electronic address (BT-34 seller, BT-49 buyer): where a platform delivers the invoice. Scheme from
 * the EAS list: '0225' = the French directory's SIREN-based address (SIREN, or SIREN_suffix), 'EM' an
 * e-mail address… Decision 085.
 */
export interface ElectronicAddress {
  scheme: string;
  value: string;
}

export interface EInvoiceParty {
  name: string;
  /** BT-34 / BT-49, required by the French rules (BR-FR-12, BR-FR-13). */
  electronicAddress?: ElectronicAddress;
  /** Trading name or legal form suffix, e.g. 'SARL' (printed « SARL au capital de … »). */
  legalForm?: string;
  /** 9 digits (SIREN), the legal registration identifier (BT-30 / BT-47, scheme 0002). */
  siren?: string;
  siret?: string;
  /** Intra-EU VAT number, e.g. FR40303265045 (BT-31 / BT-48). */
  vatNumber?: string;
  address: EInvoiceAddress;
  email?: string;
  phone?: string;
  /** Seller's free legal mentions (BT-33): capital, RCS, EI… */
  legalInfo?: string;
  /** Tax registration identifier (BT-32, scheme FC) for a seller without a VAT number (franchise). */
  taxRegistration?: string;
}

export interface EInvoiceLine {
  /** 1, 2, 3… in document order (comment lines are not lines in EN 16931: they become notes). */
  id: string;
  name: string;
  /** Article code (seller's item identifier), when not the default '00'. */
  sellerItemId?: string;
  quantity: number;
  /** UN/ECE Rec 20 unit code: 'C62' (unit), 'HUR' (hour), 'DAY', 'KGM', 'MTR', 'LTR', 'MTK'… */
  unitCode: string;
  /** Net unit price excluding tax, before the line discount (BT-146). */
  unitPrice: number;
  /** Line discount amount excluding tax (BT-136), 0 when none. */
  discount: number;
  /** Its reason (BT-139) as printed, e.g. « Remise 10 % »; « Remise » when absent. */
  discountReason?: string;
  /** Line net amount = quantity × unitPrice − discount, rounded to cents (BT-131). */
  netAmount: number;
  vatCategory: VatCategory;
  /** Percent, e.g. 20, 5.5, 0 (BT-152). */
  vatRate: number;
}

export interface EInvoiceVatEntry {
  category: VatCategory;
  rate: number;
  /** Taxable amount (BT-116), after the document discount's share. */
  base: number;
  /** VAT amount (BT-117). */
  vat: number;
  /** Required for E, AE, K, G, O (BT-120), e.g. « TVA non applicable, art. 293 B du CGI ». */
  exemptionReason?: string;
  /** VATEX code (BT-121) when known, e.g. 'VATEX-EU-AE', 'VATEX-EU-IC', 'VATEX-FR-FRANCHISE'. */
  exemptionCode?: string;
}

export interface EInvoice {
  /** 380 invoice, 381 credit note, 386 deposit invoice (UNTDID 1001). */
  typeCode: '380' | '381' | '386';
  /**
   * BT-23, the French billing framework (« cadre de facturation », BR-FR-08): B goods, S services, M both;
   * 1 a plain invoice, 4 the final invoice after deposits (decision 085). Always written by toEInvoice;
   * optional because a received file may lack it.
   */
  billingFramework?: BillingFramework;
  number: string;
  issueDate: string;
  dueDate?: string;
  /** Date of the sale or service when it differs from the issue date (BT-72, actual delivery date). */
  deliveryDate?: string;
  currency: 'EUR';
  /** Buyer reference / designation (BT-10) when given. */
  buyerReference?: string;
  /** Credit note: the invoice it corrects (BT-25) and its issue date (BT-26). */
  precedingInvoice?: { number: string; issueDate?: string };
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  /** Where the goods go when it differs from the buyer's address (BG-15). */
  deliveryAddress?: EInvoiceAddress;
  /** Notes (BG-1): legal mentions (operation kind, VAT on debits, late rate, 40 € indemnity), comment lines. */
  notes: string[];
  /** Notes with a UNTDID 4451 subject code (BT-21): PMD penalties, PMT recovery indemnity, AAB discount… */
  subjectNotes?: { subjectCode: string; text: string }[];
  /** « Option pour le paiement de la taxe d'après les débits »: VAT due on the invoice date (BT-8). */
  vatOnDebits?: boolean;
  /** Payment means: 30 transfer (with IBAN/BIC), 48 card, 10 cash, 20 cheque, 1 not defined. */
  payment?: { meansCode: string; meansText?: string; iban?: string; bic?: string; terms?: string };
  lines: EInvoiceLine[];
  /** Document-level discount (BG-20), excluding tax, one per VAT category/rate it is spread on. */
  allowances: { amount: number; vatCategory: VatCategory; vatRate: number; reason: string }[];
  vatBreakdown: EInvoiceVatEntry[];
  totals: {
    /** Σ line net amounts (BT-106). */
    lineTotal: number;
    /** Σ document allowances (BT-107). */
    allowanceTotal: number;
    /** BT-109 = lineTotal − allowanceTotal. */
    taxBasis: number;
    /** BT-110. */
    vatTotal: number;
    /** BT-112 = taxBasis + vatTotal. */
    grandTotal: number;
    /** BT-113, amounts already paid (0 at validation). */
    prepaid: number;
    /** BT-115 = grandTotal − prepaid. */
    duePayable: number;
  };
}

// ── Receiving (« Factures reçues ») ──────────────────────────────────────────────────────────────

export type EInvoiceFormat = 'facturx' | 'cii' | 'ubl';

/** One thing a check found, in plain French. 'erreur': the file disagrees with itself or with EN 16931. */
export interface EInvoiceFinding {
  /** The EN 16931 rule when there is one (BR-CO-15…), else a short key of ours. */
  rule: string;
  severity: 'erreur' | 'avertissement';
  message: string;
}

export interface ReceivedInvoiceLine {
  name: string;
  quantity: number;
  unitCode: string;
  unitPrice: number;
  netAmount: number;
  vatRate: number;
  vatCategory: string;
}

export interface ReceivedVatEntry {
  category: string;
  rate: number;
  base: number;
  vat: number;
}

/** What parse.ts reads from a supplier's file; the checks then run on it (and on the raw figures). */
export interface ParsedEInvoice {
  format: EInvoiceFormat;
  invoice: EInvoice;
}
