// What « Mes documents » reads from the server (decision 082: datasets are declared in -data.ts files).
import { defineServerData, type NoParams } from '../../data/sync/server-data';
import {
  fetchCategoryTree,
  fetchDocumentBlob,
  fetchDocuments,
  fetchDocumentsWidget,
  fetchRecentDocuments,
  type DocumentItem,
  type DocumentPage,
  type DocumentQuery,
} from './api/documents-api';

// The file shown (decision 022: a read through the sync layer). Opened on demand, never refreshed in
// the background, and let go as soon as the dialog closes: files can weigh 50 MB.
export const previewData = defineServerData<{ id: number; text: boolean }, Blob | string>({
  key: 'gedPreview',
  keep: 'memory',
  manual: true,
  forgetOnLeave: true,
  fetch: async ({ id, text }, { signal }) => {
    const blob = await fetchDocumentBlob(id, 'view', signal);
    return text ? blob.text() : blob;
  },
});

export const documentPages = defineServerData<DocumentQuery, DocumentPage>({
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
