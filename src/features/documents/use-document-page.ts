// The documents screen's reads through the sync layer (decision 022). The firm's files are
// listed online only (paged searches, kept in memory); the category tree likewise.
import { defineServerData, type NoParams } from '../../data/sync/server-data';
import { useServerData } from '../../data/sync/use-server-data';
import {
  fetchCategoryTree,
  fetchDocuments,
  fetchDocumentsWidget,
  fetchRecentDocuments,
  type DocumentItem,
  type DocumentPage,
  type DocumentQuery,
} from './api/documents-api';

const documentPages = defineServerData<DocumentQuery, DocumentPage>({
  key: 'gedDocuments',
  keep: 'memory',
  fetch: (query, { signal }) => fetchDocuments(query, signal),
});

export const categoryTreeData = defineServerData<NoParams, Awaited<ReturnType<typeof fetchCategoryTree>>>({
  key: 'gedCategories',
  keep: 'memory',
  fetch: (_, { signal }) => fetchCategoryTree(signal),
});

export const recentDocumentsData = defineServerData<
  { limit: number },
  Awaited<ReturnType<typeof fetchRecentDocuments>>
>({
  key: 'gedRecent',
  keep: 'memory',
  fetch: ({ limit }, { signal }) => fetchRecentDocuments(limit, signal),
});

// The home widget's files: online only, like the documents screen (decision 022: kept in memory).
export const lastDocumentsData = defineServerData<NoParams, DocumentItem[]>({
  key: 'gedLast',
  keep: 'memory',
  // Through the contract's endpoint like every other call (it was a hand-written path).
  fetch: (_, { userId, companyId, signal }) => fetchDocumentsWidget(userId, companyId, signal),
});

/** One page of documents for the query; null while loading; 'error' when the server could not answer. */
export function useDocumentPage(query: DocumentQuery | null) {
  const read = useServerData(documentPages, query);
  const data: DocumentPage | null | 'error' = read.data ?? (read.loading || !query ? null : 'error');
  return { data, refresh: () => void read.refresh(), patch: read.patch };
}
