// Opens the document an editor route names: a local draft first (the freshest work on this
// device), else the server's copy, else the copy kept from an earlier visit. Spec 8: a document
// that cannot be read → "Erreur lors de la récupération de la facture/du devis", then the list.
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { currentDb } from '../../../data/db';
import { resolveId } from '../../../data/outbox';
import { isTempId } from '../../../data/temp-ids';
import { todayInParis } from '../../../domain/dates';
import { currentCompanyAtom } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { deleteDrafts, draftKey, readDraft } from '../api/drafts';
import { loadDocument } from '../api/documents';
import { creditNoteForm, emptyForm, newEditorState, stateFromInvoice, stateFromQuote } from '../editor-model';
import { MESSAGES } from '../feedback';
import type { EditorKind, EditorState, InvoiceJson, QuoteJson } from '../types';

export type EditorDocument =
  | { status: 'loading' }
  | { status: 'ready'; state: EditorState; restored: boolean; fromCache: boolean };

export const LIST_ROUTES = { invoice: '/mes-factures/liste-des-factures', quote: '/mes-factures/liste-des-devis' } as const;

/** '12' → 12; a temporary id stays text. */
export const parseDocId = (id: string): string | number => (/^\d+$/.test(id) ? Number(id) : id);
/** The ?id= of an editor route: a number for a server id (so the URL reads ?id=12), else the temporary id. */
export const searchId = (id: string | number | null): string | number => (typeof id === 'number' ? id : parseDocId(String(id ?? '')));

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

async function load(kind: EditorKind, companyId: number, id: string | undefined, avoir: string | undefined): Promise<Extract<EditorDocument, { status: 'ready' }>> {
  const today = todayInParis(new Date());
  if (!id) {
    const slot = kind === 'invoice' && avoir ? `avoir-${avoir}` : 'new';
    const draft = await readDraft(companyId, kind, slot);
    if (draft) return { status: 'ready', state: draft, restored: true, fromCache: false };
    if (slot === 'new') return { status: 'ready', state: newEditorState(kind, slot, emptyForm(kind, today)), restored: false, fromCache: false };
    const corrected = /^\d+$/.test(avoir ?? '') ? await loadDocument('invoice', companyId, Number(avoir)) : null;
    if (corrected?.status !== 'ok' || !corrected.doc.validated) throw new LoadError(corrected?.status === 'refused' ? corrected.message ?? '' : '');
    const state = { ...newEditorState('invoice', slot, creditNoteForm(corrected.doc, today)), customer: corrected.doc.customer, correctedInvoiceNumber: corrected.doc.number };
    return { status: 'ready', state, restored: false, fromCache: corrected.fromCache };
  }
  const docId = parseDocId(id);
  const draft = (await readDraft(companyId, kind, String(docId))) ?? (typeof docId === 'number' ? await draftOfResolved(companyId, kind, docId) : null);
  let serverId = docId;
  if (isTempId(docId)) {
    if (draft) return { status: 'ready', state: draft, restored: true, fromCache: false };
    serverId = await resolveId(docId);
    if (isTempId(serverId)) throw new LoadError('');
  }
  const loaded = kind === 'invoice' ? await loadDocument('invoice', companyId, Number(serverId)) : await loadDocument('quote', companyId, Number(serverId));
  if (loaded.status !== 'ok') {
    if (draft && loaded.status === 'unavailable') return { status: 'ready', state: draft, restored: true, fromCache: true };
    throw new LoadError(loaded.status === 'refused' ? loaded.message ?? '' : '');
  }
  const server = fromServer(kind, loaded.doc);
  const frozen = server.validated || (kind === 'quote' && server.state !== 'En cours' && server.state !== 'Accepté');
  if (draft && (draft.dirty || draft.sent) && !frozen) {
    // The local work wins; what only the server decides (number, state, validation) comes from it.
    const state = { ...draft, number: server.number, validated: server.validated, state: server.state, invoiceId: server.invoiceId, customer: draft.customer ?? server.customer };
    return { status: 'ready', state, restored: true, fromCache: loaded.fromCache };
  }
  if (draft) await deleteDrafts(companyId, kind, [draft.slot]);
  return { status: 'ready', state: server, restored: false, fromCache: loaded.fromCache };
}

export function useEditorDocument(kind: EditorKind, id: string | undefined, avoir: string | undefined): { doc: EditorDocument; loadId: number; reload: () => void } {
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const navigate = useNavigate();
  const [doc, setDoc] = useState<EditorDocument>({ status: 'loading' });
  const [loadId, setLoadId] = useState(0);
  useEffect(() => {
    if (companyId == null) return;
    let cancelled = false;
    setDoc({ status: 'loading' });
    load(kind, companyId, id, avoir).then(
      (ready) => !cancelled && setDoc(ready),
      (error: unknown) => {
        if (cancelled) return;
        const detail = error instanceof LoadError ? error.message : String((error as Error)?.message ?? error);
        toastError(kind === 'invoice' ? MESSAGES.invoiceLoadError : MESSAGES.quoteLoadError, detail || undefined);
        void navigate({ to: LIST_ROUTES[kind] });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [kind, companyId, id, avoir, navigate, loadId]);
  const reload = useCallback(() => setLoadId((n) => n + 1), []);
  return { doc, loadId, reload };
}
