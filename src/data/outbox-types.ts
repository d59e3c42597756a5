// The outbox contract (docs/decisions/002-offline-outbox.md). Screens use
// these types through src/data/outbox.ts; the stored entry shape is private to src/data/.

/** A further file of a multipart upload, kept in IndexedDB with the first until the server has them. */
export interface ExtraFile {
  blob: Blob;
  name: string;
}

export interface MutationRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to /api/, may contain a temporary id, e.g. 'invoices/tmp-3f2a…/validate'. */
  path: string;
  /** JSON body. */
  body?: unknown;
  /**
   * Multipart upload (≤ 50 Mo): the Blob is kept in IndexedDB until the server has it. `field: ''`:
   * a form of the `extra` fields only, without a file part (an answer's text alone). `more`: further
   * files sent as parts of the same field in the same request (an answer with several receipts is
   * one answer, not one per file).
   */
  file?: { blob: Blob; name: string; field?: string; extra?: Record<string, string>; more?: ExtraFile[] };
  /** Sent as X-Company-Id, so a queued change never lands in another company. */
  companyId: number;
  /** Changes with the same docKey replay in creation order, e.g. 'invoice:tmp-…' / 'invoice:12'. */
  docKey: string;
  /** French description for the sync panel, e.g. 'Enregistrement de la facture (brouillon)'. */
  label: string;
  /** e.g. 'invoice.save', 'invoice.validate', 'quote.state', 'item.create', 'inbox.upload'. */
  kind: string;
  /** This request creates the document known locally by this temporary id; the 2xx response's `id` maps it. */
  createsTempId?: string;
  /**
   * The answer's field holding the server's key for createsTempId, when it is not `id`: a customer
   * is addressed by the account number the server assigns ('accountNumber').
   */
  idField?: string;
  /** "Modifier" in the sync panel: this corrected request replaces that failed entry, at its place in the order. */
  replaces?: string;
}

export type MutationResult<T> =
  | { status: 'done'; response: T }
  | { status: 'queued'; entryId: string }
  /** httpStatus 0: refused on the device (storage full, file refused) before reaching the server. */
  | { status: 'failed'; httpStatus: number; message: string; errors: string[]; field?: string };

/** pending → sending → (deleted when done) | failed | pending again (backoff). */
export type OutboxState = 'pending' | 'sending' | 'failed';

/** field: the server's `field` (409 + 'version': the draft was saved elsewhere since, see DRAFT_CONFLICT_FIELD). */
export interface OutboxError {
  httpStatus: number | null;
  message: string;
  errors: string[];
  field?: string;
}

/** A 409 with this field: a save started from an older version of a draft (decision 010). */
export const DRAFT_CONFLICT_FIELD = 'version';
export const isDraftConflict = (e: { httpStatus: number | null; field?: string } | undefined): boolean =>
  e?.httpStatus === 409 && e.field === DRAFT_CONFLICT_FIELD;

export interface OutboxEntry {
  id: string;
  /** Creation order over the whole outbox (FIFO; per-docKey order follows from it). */
  seq: number;
  createdAt: number;
  updatedAt: number;
  state: OutboxState;
  method: MutationRequest['method'];
  path: string;
  body?: unknown;
  file?: { blob: Blob; name: string; field: string; extra: Record<string, string>; more?: ExtraFile[] };
  companyId: number;
  docKey: string;
  label: string;
  kind: string;
  createsTempId?: string;
  idField?: string;
  /** Generated once, reused on every retry: the server applies the change at most once. */
  idempotencyKey: string;
  attempts: number;
  /** Epoch ms before which the entry is not sent (0: now). */
  nextAttemptAt: number;
  /** nextAttemptAt comes from the server's Retry-After: even "Synchroniser" waits for it. */
  serverDelay?: boolean;
  lastError?: OutboxError;
}
