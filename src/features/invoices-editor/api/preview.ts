// Aperçu: the server renders the unsaved payload online; offline (or when the server cannot be
// reached) the browser renders it with the very same renderer (src/pdf), loaded on demand.
import { HTTPError } from 'ky';
import { api } from '../../../contract/index';
import { call } from '../../../data/api-call';
import { isNetworkError, readApiError } from '../../../lib/http';
import type { BusinessDocumentModel } from '../../../pdf/types';
import type { EditorKind } from '../types';

export type ServerPreview =
  { status: 'ok'; blob: Blob } | { status: 'refused'; message: string } | { status: 'unreachable' };

export async function previewOnServer(
  kind: EditorKind,
  companyId: number,
  payload: unknown,
  id: number | null,
): Promise<ServerPreview> {
  try {
    // The payload is the editor's (toPayload), in the domain's names: call renames it for the wire.
    const body = (id === null ? payload : { ...(payload as object), id }) as never;
    const blob = await call(kind === 'invoice' ? api.invoices.previewInvoice : api.invoices.previewQuote, {
      body,
      companyId,
    });
    return { status: 'ok', blob };
  } catch (error) {
    if (error instanceof HTTPError && error.response.status < 500) {
      const e = await readApiError(error);
      return { status: 'refused', message: e.message ?? e.statusText ?? `Erreur ${error.response.status}` };
    }
    if (error instanceof HTTPError || isNetworkError(error)) return { status: 'unreachable' };
    throw error;
  }
}

/** Renders in the browser (fonts are precached by the service worker after one online visit). */
export async function renderInBrowser(model: BusinessDocumentModel): Promise<Blob> {
  const [{ renderBusinessDocument }, { loadPdfFontsBrowser }] = await Promise.all([
    import('../../../pdf/render'),
    import('../../../pdf/fonts-browser'),
  ]);
  const bytes = await renderBusinessDocument(model, await loadPdfFontsBrowser());
  return new Blob([new Uint8Array(bytes)], { type: 'application/pdf' });
}
