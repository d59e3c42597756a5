// Which request a save becomes. A document created offline is known by a temporary id until its
// creation reaches the server; every later change must follow that creation (same docKey), and
// a creation refused in the background is corrected in place ("Modifier" in the sync panel).
import { isTempId } from '../../data/temp-ids';
import type { OutboxState } from '../../data/outbox-types';
import type { EditorKind } from './types';

/** The outbox entries that concern the document (same docKey, or the one creating its temporary id). */
export interface EntryView {
  id: string;
  state: OutboxState;
  kind: string;
  docKey: string;
  createsTempId?: string;
}

export interface SavePlan {
  method: 'POST' | 'PUT';
  path: string;
  docKey: string;
  /** The temporary id the POST creates. */
  createsTempId?: string;
  /** A save of this document the server refused: the corrected one takes its place. */
  replaces?: string;
  /** The id the document is known by after this save. */
  docId: string | number;
}

export const basePath = (kind: EditorKind) => (kind === 'invoice' ? 'invoices' : 'estimates');
export const saveKind = (kind: EditorKind) => `${kind}.save`;

export function planSave(opts: {
  kind: EditorKind;
  docId: string | number | null;
  docKey: string | null;
  /** The server id of a temporary docId, once known. */
  resolved: string | number | null;
  entries: readonly EntryView[];
  newTempId: () => string;
}): SavePlan {
  const { kind, entries } = opts;
  const base = basePath(kind);
  const failed = (key: string, k: string) =>
    entries.find((e) => e.docKey === key && e.kind === k && e.state === 'failed' && !e.createsTempId)?.id;
  // A refused save is corrected in place; so is a refused validation (the screen said why, and the
  // user validates again once the invoice is fixed): either would otherwise block every later change.
  const failedSave = (key: string) =>
    failed(key, saveKind(kind)) ?? (kind === 'invoice' ? failed(key, 'invoice.validate') : undefined);

  if (opts.docId === null) {
    const tmp = opts.newTempId();
    return { method: 'POST', path: base, docKey: `${kind}:${tmp}`, createsTempId: tmp, docId: tmp };
  }
  const docKey = opts.docKey ?? `${kind}:${opts.docId}`;
  if (!isTempId(opts.docId))
    return { method: 'PUT', path: `${base}/${opts.docId}`, docKey, replaces: failedSave(docKey), docId: opts.docId };
  if (opts.resolved !== null && opts.resolved !== opts.docId) {
    return {
      method: 'PUT',
      path: `${base}/${opts.resolved}`,
      docKey,
      replaces: failedSave(docKey),
      docId: opts.resolved,
    };
  }
  const tmp = opts.docId;
  const creator = entries.find((e) => e.createsTempId === tmp);
  if (creator && creator.state === 'failed' && creator.kind === saveKind(kind)) {
    return { method: 'POST', path: base, docKey, createsTempId: tmp, replaces: creator.id, docId: tmp };
  }
  if (creator && creator.state !== 'failed')
    return { method: 'PUT', path: `${base}/${tmp}`, docKey, replaces: failedSave(docKey), docId: tmp };
  // Never sent, refused while the user watched, or discarded: the document does not exist yet.
  return { method: 'POST', path: base, docKey, createsTempId: tmp, docId: tmp };
}

/**
 * Whether a save the server confirmed holds what the draft last sent (`sent`, the JSON at save
 * time). The outbox may have changed two things on the way, neither of them the user's: the
 * version (rebased after an earlier save) and a customer created offline (its temporary
 * reference became its number).
 */
export function sameSent(sent: string | null, body: unknown): boolean {
  if (sent === null) return false;
  const strip = (value: unknown, other: unknown) => {
    const {
      version: _v,
      customer,
      ...rest
    } = (value ?? {}) as Record<string, unknown> & { customer?: { accountNumber?: string } | null };
    const otherCustomer = (other as { customer?: { accountNumber?: string } | null } | null)?.customer;
    const offline = isTempId(customer?.accountNumber) || isTempId(otherCustomer?.accountNumber);
    return JSON.stringify(offline ? rest : { ...rest, customer });
  };
  try {
    const was = JSON.parse(sent) as unknown;
    return strip(was, body) === strip(body, was);
  } catch {
    return false;
  }
}
