// Opens the document an editor route names: a local draft first (the freshest work on this
// device), else the server's copy, else the copy kept from an earlier visit. ERR-3: a document
// that cannot be read → "Erreur lors de la récupération de la facture/du devis", then the list.
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { currentDb } from '../../../data/db';
import { defineServerData } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { resolveId } from '../../../data/outbox';
import { isTempId } from '../../../data/temp-ids';
import { todayInParis } from '../../../domain/dates';
import { toastError } from '../../../lib/toast';
import { deleteDrafts, draftKey, readDraft } from '../api/drafts';
import { loadBusinessDocument } from '../api/business-documents';
import { creditNoteForm, emptyForm, newEditorState, stateFromInvoice, stateFromQuote } from '../editor-model';
import { MESSAGES } from '../feedback';
import type { EditorKind, EditorState, InvoiceJson, QuoteJson } from '../types';

export type EditorBusinessDocument =
  { status: 'loading' } | { status: 'ready'; state: EditorState; restored: boolean; fromCache: boolean };

export const LIST_ROUTES = {
  invoice: '/mes-factures/liste-des-factures',
  quote: '/mes-factures/liste-des-devis',
} as const;

/** '12' → 12; a temporary id stays text. */
export const parseDocId = (id: string): string | number => (/^\d+$/.test(id) ? Number(id) : id);
/** The ?id= of an editor route: a number for a server id (so the URL reads ?id=12), else the temporary id. */
export const searchId = (id: string | number | null): string | number =>
  typeof id === 'number' ? id : parseDocId(String(id ?? ''));

class LoadError extends Error {}

/** A draft kept under a temporary id whose document the server has created since. */
async function draftOfResolved(companyId: number, kind: EditorKind, id: number): Promise<EditorState | null> {
  const db = currentDb();
  if (!db) return null;
  const prefix = draftKey(companyId, kind, 'tmp-');
  for (const row of await db.drafts.where('key').startsWith(prefix).toArray()) {
    const d = row.data as EditorState;
    if (isTempId(d.docId) && (await resolveId(d.docId)) === id) return d;
  }
  return null;
}

function fromServer(kind: EditorKind, doc: InvoiceJson | QuoteJson): EditorState {
  return kind === 'invoice' ? stateFromInvoice(doc as InvoiceJson) : stateFromQuote(doc as QuoteJson);
}

async function load(
  kind: EditorKind,
  companyId: number,
  id: string | undefined,
  avoir: string | undefined,
): Promise<Extract<EditorBusinessDocument, { status: 'ready' }>> {
  const today = todayInParis(new Date());
  if (!id) {
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
    const corrected = /^\d+$/.test(avoir ?? '')
      ? await loadBusinessDocument('invoice', companyId, Number(avoir))
      : null;
    if (corrected?.status !== 'ok' || !corrected.doc.validated)
      throw new LoadError(corrected?.status === 'refused' ? (corrected.message ?? '') : '');
    const state = {
      ...newEditorState('invoice', slot, creditNoteForm(corrected.doc, today)),
      customer: corrected.doc.customer,
      correctedInvoiceNumber: corrected.doc.number,
    };
    return { status: 'ready', state, restored: false, fromCache: corrected.fromCache };
  }
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
  const server = fromServer(kind, loaded.doc);
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
    return { status: 'ready', state, restored: true, fromCache: loaded.fromCache };
  }
  if (draft) await deleteDrafts(companyId, kind, [draft.slot]);
  return { status: 'ready', state: server, restored: false, fromCache: loaded.fromCache };
}

// Read through the sync layer (decision 022) as a manual answer: loaded when the editor opens and
// on reload() only — the editor copies it into its own state once, so it must never change under
// the user. Each opening is its own answer (`opening`): a document is never opened from the copy
// of an earlier visit. The load falls back to the device by itself (drafts, cached documents).
let openings = 0;
const editorDocumentData = defineServerData<
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

export function useEditorBusinessDocument(
  kind: EditorKind,
  id: string | undefined,
  avoir: string | undefined,
): { doc: EditorBusinessDocument; loadId: number; reload: () => void } {
  const navigate = useNavigate();
  const [opening, setOpening] = useState(() => ++openings);
  const read = useServerData(editorDocumentData, { kind, id, avoir, opening });
  const failed = read.data === undefined && (read.status === 'error' || read.status === 'offline');
  // Not a read: a document that cannot be opened sends the user back to the list (ERR-3).
  useEffect(() => {
    if (failed) void navigate({ to: LIST_ROUTES[kind] });
  }, [failed, kind, navigate]);
  const reload = useCallback(() => setOpening(++openings), []);
  return { doc: read.data ?? { status: 'loading' }, loadId: opening, reload };
}
