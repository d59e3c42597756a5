// What the editors read from the server through the sync engine (decision 082: datasets are
// declared in -data.ts files).
import { resolveId } from '../../data/outbox';
import { defineServerData } from '../../data/sync/server-data';
import { isTempId } from '../../data/temp-ids';
import { todayInParis } from '../../domain/dates';
import { toastError } from '../../lib/toast';
import { loadBusinessDocument } from './api/business-documents';
import { deleteDrafts, draftOfResolved, readDraft } from './api/drafts';
import { loadFollowUp, type LoadedFollowUp } from './api/follow-up';
import { creditNoteForm, emptyForm, newEditorState, stateFromInvoice, stateFromQuote } from './editor-model';
import { MESSAGES } from './feedback';
import type { EditorKind, EditorState, InvoiceJson, QuoteJson } from './types';

export type EditorBusinessDocument =
  { status: 'loading' } | { status: 'ready'; state: EditorState; restored: boolean; fromCache: boolean };

/** '12' → 12; a temporary id stays text. */
export const parseDocId = (id: string): string | number => (/^\d+$/.test(id) ? Number(id) : id);
/** A document that cannot be opened; its message is the server's refusal, if any. */
class LoadError extends Error {}

function fromServer(kind: EditorKind, doc: InvoiceJson | QuoteJson): EditorState {
  return kind === 'invoice' ? stateFromInvoice(doc as InvoiceJson) : stateFromQuote(doc as QuoteJson);
}

type ReadyDocument = Extract<EditorBusinessDocument, { status: 'ready' }>;

/** A new document: its draft if one is kept, else an empty form, or a credit note on a validated invoice. */
async function openNew(kind: EditorKind, companyId: number, avoir: string | undefined): Promise<ReadyDocument> {
  const today = todayInParis(new Date());
  const slot = kind === 'invoice' && avoir ? `avoir-${avoir}` : 'new';
  const draft = await readDraft(companyId, kind, slot);
  if (draft) return { status: 'ready', state: draft, restored: true, fromCache: false };
  if (slot === 'new')
    return {
      status: 'ready',
      state: newEditorState(kind, slot, emptyForm(kind, today)),
      restored: false,
      fromCache: false,
    };
  const corrected = /^\d+$/.test(avoir ?? '') ? await loadBusinessDocument('invoice', companyId, Number(avoir)) : null;
  if (corrected?.status !== 'ok' || !corrected.doc.validated)
    throw new LoadError(corrected?.status === 'refused' ? (corrected.message ?? '') : '');
  const state = {
    ...newEditorState('invoice', slot, creditNoteForm(corrected.doc, today)),
    customer: corrected.doc.customer,
    correctedInvoiceNumber: corrected.doc.number,
  };
  return { status: 'ready', state, restored: false, fromCache: corrected.fromCache };
}

/**
 * The server's document and the device's draft of it: the local work wins unless the document is
 * frozen (validated, or a quote no longer open); what only the server decides comes from it.
 */
async function withDraft(
  kind: EditorKind,
  companyId: number,
  server: EditorState,
  draft: EditorState | null,
  fromCache: boolean,
): Promise<ReadyDocument> {
  const frozen = server.validated || (kind === 'quote' && server.state !== 'En cours' && server.state !== 'Accepté');
  if (draft && (draft.dirty || draft.sent) && !frozen) {
    // The local work wins; what only the server decides (number, state, validation) comes from it.
    const state = {
      ...draft,
      number: server.number,
      validated: server.validated,
      state: server.state,
      invoiceId: server.invoiceId,
      customer: draft.customer ?? server.customer,
    };
    return { status: 'ready', state, restored: true, fromCache };
  }
  if (draft) await deleteDrafts(companyId, kind, [draft.slot]);
  return { status: 'ready', state: server, restored: false, fromCache };
}

/** An existing document (a temporary id is resolved first); its draft when the server cannot answer. */
async function openExisting(kind: EditorKind, companyId: number, id: string): Promise<ReadyDocument> {
  const docId = parseDocId(id);
  const draft =
    (await readDraft(companyId, kind, String(docId))) ??
    (typeof docId === 'number' ? await draftOfResolved(companyId, kind, docId) : null);
  let serverId = docId;
  if (isTempId(docId)) {
    if (draft) return { status: 'ready', state: draft, restored: true, fromCache: false };
    serverId = await resolveId(docId);
    if (isTempId(serverId)) throw new LoadError('');
  }
  const loaded =
    kind === 'invoice'
      ? await loadBusinessDocument('invoice', companyId, Number(serverId))
      : await loadBusinessDocument('quote', companyId, Number(serverId));
  if (loaded.status !== 'ok') {
    if (draft && loaded.status === 'unavailable')
      return { status: 'ready', state: draft, restored: true, fromCache: true };
    throw new LoadError(loaded.status === 'refused' ? (loaded.message ?? '') : '');
  }
  return withDraft(kind, companyId, fromServer(kind, loaded.doc), draft, loaded.fromCache);
}

function load(
  kind: EditorKind,
  companyId: number,
  id: string | undefined,
  avoir: string | undefined,
): Promise<ReadyDocument> {
  return id ? openExisting(kind, companyId, id) : openNew(kind, companyId, avoir);
}

// Read through the sync layer (decision 022) as a manual answer: loaded when the editor opens and
// on reload() only — the editor copies it into its own state once, so it must never change under
// the user. Each opening is its own answer (`opening`): a document is never opened from the copy
// of an earlier visit. The load falls back to the device by itself (drafts, cached documents).
export const editorDocumentData = defineServerData<
  { kind: EditorKind; id?: string; avoir?: string; opening: number },
  Extract<EditorBusinessDocument, { status: 'ready' }>
>({
  key: 'editorDocument',
  keep: 'memory',
  manual: true,
  readsDevice: true,
  fetch: async ({ kind, id, avoir }, { companyId }) => {
    try {
      return await load(kind, companyId, id, avoir);
    } catch (error) {
      const detail = error instanceof LoadError ? error.message : String((error as Error)?.message ?? error);
      toastError(kind === 'invoice' ? MESSAGES.invoiceLoadError : MESSAGES.quoteLoadError, detail || undefined);
      throw error;
    }
  },
});

// loadFollowUp keeps the answer on the device itself and reads it back offline (with the
// payments queued meanwhile), so the engine asks it offline too.
export const followUpData = defineServerData<{ invoiceId: number }, LoadedFollowUp>({
  key: 'invoiceFollowUp',
  keep: 'memory',
  readsDevice: true,
  refreshAfter: ['invoice'],
  fetch: ({ invoiceId }, { companyId }) => loadFollowUp(companyId, invoiceId),
});
