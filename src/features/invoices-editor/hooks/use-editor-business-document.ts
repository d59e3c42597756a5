// Opens the document an editor route names: a local draft first (the freshest work on this
// device), else the server's copy, else the copy kept from an earlier visit. ERR-3: a document
// that cannot be read → "Erreur lors de la récupération de la facture/du devis", then the list.
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useServerData } from '../../../data/sync/use-server-data';
import { editorDocumentData, parseDocId, type EditorBusinessDocument } from '../invoices-editor-data';
import type { EditorKind } from '../types';

export { parseDocId, type EditorBusinessDocument } from '../invoices-editor-data';

export const LIST_ROUTES = {
  invoice: '/mes-factures/liste-des-factures',
  quote: '/mes-factures/liste-des-devis',
} as const;

/** The ?id= of an editor route: a number for a server id (so the URL reads ?id=12), else the temporary id. */
export const searchId = (id: string | number | null): string | number =>
  typeof id === 'number' ? id : parseDocId(String(id ?? ''));

let openings = 0;

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
