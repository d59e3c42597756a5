// Shapes the editors work with: the server's answers (server/src/modules/invoices/*-store.ts) and
// the editor's own state, which is also what a local draft stores (Dexie table `drafts`).
import type { api } from '../../contract/index';
import type { Answer } from '../../data/api-call';
import type { OperationKind } from '../../domain/operation-kind';
import type { Discount, InvoiceLine, InvoiceType, QuoteStateLabel } from '../../domain/types';

export type EditorKind = 'invoice' | 'quote';

export interface DocCustomer {
  accountNumber: string;
  socialReason: string;
  name: string;
}

/** GET /api/invoices/:id and GET /api/estimates/:id, in the domain's names (src/contract/invoices-wire.ts). */
export type InvoiceJson = Answer<typeof api.invoices.getInvoice>;
export type QuoteJson = Answer<typeof api.invoices.getQuote>;

/** A row of GET /api/factures, as cached in the `invoices` table. */
export interface InvoiceListRow {
  id: number;
  customer: DocCustomer;
  type: InvoiceType | '';
  number: string | null;
  invoice: { createdAt: string | null; validated: boolean; ttc: number };
}

/** environment.company (GET /api/environment/plume). */
export interface EnvCompany {
  id?: number;
  label: string;
  legalForm?: string | null;
  shareCapital?: string | null;
  address?: string | null;
  postalCode?: string | null;
  city?: string | null;
  siren?: string | null;
  siret?: string | null;
  rcs?: string | null;
  vatNumber?: string | null;
  email?: string | null;
  phone?: string | null;
  /** Printed on invoices paid by transfer. */
  iban?: string | null;
  bic?: string | null;
  subscriptionInvoice?: string | null;
  numberInvoiceValidateMonth?: number | null;
  /** Decision 046: « EI » after the name; the late-payment rate (null: 3× the legal rate); VAT on debits by default. */
  soleTrader?: boolean | null;
  latePenaltyRate?: string | null;
  vatOnDebits?: boolean | null;
}

/** A line of the form: always with a local id (React key, move/remove target). */
export type EditorLine = InvoiceLine & { id: string | number };

/** The fields both editors show; converted to InvoicePayload / QuotePayload when sent. */
export interface EditorForm {
  designation: string;
  /** '' while no customer is picked. */
  accountNumber: string;
  type: InvoiceType | '';
  /** Billing date (invoice) or creation date (quote), 'YYYY-MM-DD' or ''. */
  createdAt: string;
  dueDate: string | null;
  /** Quote validity date. */
  validatedAt: string | null;
  paymentMode: string;
  billingAddress: string;
  lines: EditorLine[];
  vatClause: string;
  correctedInvoiceId: number | null;
  /** Document discount (decision 012); absent in drafts stored before it existed. */
  discount?: Discount | null;
  /** Invoices only: « Nature de l’opération » (decision 046); absent in drafts stored before it existed. */
  operationKind?: OperationKind | null;
  /** VAT on debits for this invoice; null or absent: the company's default. */
  vatOnDebits?: boolean | null;
  /** Null or absent: delivered at the billing address; a text (even '') once « Livraison à une autre adresse » is ticked. */
  deliveryAddress?: string | null;
  /** Null or absent: the billing date; a date (or '' while not typed) once ticked. */
  saleDate?: string | null;
}

/** The reform's mentions an invoice payload carries (src/contract/invoices-wire.ts), sent only when set. */
export interface ReformMentions {
  operationKind?: OperationKind;
  vatOnDebits?: boolean;
  deliveryAddress?: string;
  saleDate?: string;
}

/** Everything one open editor holds; stored whole as a draft's data. */
export interface EditorState {
  kind: EditorKind;
  /** Where the draft is stored: 'new', 'avoir-<id>' (credit note being written) or the document id. */
  slot: string;
  /** Server id, temporary id ('tmp-…', created offline) or null before the first save. */
  docId: string | number | null;
  /** Outbox ordering key, fixed by the first save so every later change follows it. */
  docKey: string | null;
  form: EditorForm;
  number: string | null;
  validated: boolean;
  /** Quotes. */
  state: QuoteStateLabel | null;
  /** Quote → the invoice made from it. */
  invoiceId: number | null;
  /** Invoice → the quote it was made from. */
  estimate?: { id: number; number: string } | null;
  customer: DocCustomer | null;
  correctedInvoiceNumber: string | null;
  /** Changed since the last save was sent (or since it was loaded). */
  dirty: boolean;
  /** JSON of the last payload sent and not yet confirmed by the server (queued). */
  sent: string | null;
  /** A validation waits in the outbox. */
  validationQueued: boolean;
  /** The server's draft version this form started from (sent with each save: 409 if saved elsewhere since). Null: unknown or not created yet. */
  version?: number | null;
}
