import { api } from '../../contract/index';
import type { DocumentItem } from '../../contract/documents';
import { call } from '../../data/api-call';

/** « Télécharger »: needs download on « Mes documents » (the server checks it). Silent on failure (ERR-13). */
export async function downloadFiscalDocument(doc: Pick<DocumentItem, 'id' | 'name'>): Promise<Blob | null> {
  try {
    return (await call(api.documents.download, { params: { id: doc.id } })) as Blob;
  } catch {
    return null;
  }
}
