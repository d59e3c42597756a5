// A save refused because the draft was saved elsewhere since it was opened (409, decision 010): the
// user chooses. "Recharger la version du serveur" drops this device's changes for the server's
// copy; "Écraser avec ma version" sends the form again from the server's current version.
// Nothing is overwritten without that choice.
import { useCallback, useState } from 'react';
import { resolveId } from '../../../data/outbox';
import { confirmedDocument } from '../api/cache-updates';
import { loadBusinessDocument, tableOf } from '../api/business-documents';
import { deleteDrafts } from '../api/drafts';
import { stateFromInvoice, stateFromQuote } from '../editor-model';
import type { EditorState, InvoiceJson, QuoteJson } from '../types';
import type { EditorStateApi } from './use-editor-state';

export const CONFLICT_UNREACHABLE = 'La version du serveur n’a pas pu être lue : vérifiez la connexion puis réessayez.';

/** The server's copy now (never this device's cached copy: its version would be stale). */
async function serverCopy(s: EditorState, companyId: number): Promise<InvoiceJson | QuoteJson | null> {
  const id = Number(s.docId === null ? NaN : await resolveId(s.docId));
  if (!Number.isInteger(id)) return null;
  const loaded =
    s.kind === 'invoice'
      ? await loadBusinessDocument('invoice', companyId, id)
      : await loadBusinessDocument('quote', companyId, id);
  return loaded.status === 'ok' && !loaded.fromCache ? loaded.doc : null;
}

export function useDraftConflict(opts: {
  editor: EditorStateApi;
  companyId: number;
  persist: (o: { goToDocument: boolean }) => Promise<unknown>;
}) {
  const { editor, companyId, persist } = opts;
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState<'reload' | 'overwrite' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = useCallback(() => {
    setError(null);
    setOpened(true);
  }, []);

  const resolve = useCallback(
    async (choice: 'reload' | 'overwrite') => {
      setBusy(choice);
      try {
        const s = editor.get();
        const doc = await serverCopy(s, companyId);
        if (!doc) return setError(CONFLICT_UNREACHABLE);
        setOpened(false);
        if (choice === 'reload') {
          await confirmedDocument(tableOf(s.kind), companyId, doc);
          await deleteDrafts(companyId, s.kind, [s.slot, String(doc.id)]);
          const server = s.kind === 'invoice' ? stateFromInvoice(doc as InvoiceJson) : stateFromQuote(doc as QuoteJson);
          editor.replace(() => ({ ...server, docKey: s.docKey ?? server.docKey }));
        } else {
          editor.replace((cur) => ({ ...cur, version: doc.version ?? null }));
          await persist({ goToDocument: true });
        }
      } finally {
        setBusy(null);
      }
    },
    [editor, companyId, persist],
  );

  return {
    opened,
    open,
    close: () => setOpened(false),
    busy,
    error,
    reload: () => void resolve('reload'),
    overwrite: () => void resolve('overwrite'),
  };
}

export type DraftConflictApi = ReturnType<typeof useDraftConflict>;
