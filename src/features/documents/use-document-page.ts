// The documents screen's reads through the sync layer (decision 022). The firm's files are
// listed online only (paged searches, kept in memory); the category tree likewise.
import { useServerData } from '../../data/sync/use-server-data';
import { type DocumentPage, type DocumentQuery } from './api/documents-api';
import { documentPages } from './documents-data';

/** One page of documents for the query; null while loading; 'error' when the server could not answer. */
export function useDocumentPage(query: DocumentQuery | null) {
  const read = useServerData(documentPages, query);
  const data: DocumentPage | null | 'error' = read.data ?? (read.loading || !query ? null : 'error');
  return { data, refresh: () => void read.refresh(), patch: read.patch };
}
