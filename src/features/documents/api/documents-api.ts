import { api } from '../../../contract/index';
import type { DocumentItem, DocumentPage, DocumentSort } from '../../../contract/documents';
import { call, callRaw } from '../../../data/api-call';
import { fileNameFromDisposition, saveBlob } from '../../../lib/download';

// The wire shapes are the contract's (src/contract/documents.ts, decision 021).
export type {
  CategoryLast,
  CategoryTreeNode,
  DocumentItem,
  DocumentPage,
  DocumentSort,
} from '../../../contract/documents';

export interface DocumentQuery {
  page: number;
  pageSize: number;
  q: string;
  sort: DocumentSort;
  category: number | null;
}

/** GET /api/my-documents */
export function fetchDocuments(query: DocumentQuery, signal?: AbortSignal): Promise<DocumentPage> {
  const { page, pageSize, sort } = query;
  return call(api.documents.list, {
    query: { page, pageSize, sort, q: query.q.trim() || undefined, category: query.category || undefined },
    options: { signal },
  });
}

/** GET /api/my-documents/last */
export async function fetchRecentDocuments(limit: number, signal?: AbortSignal): Promise<DocumentItem[]> {
  return (await call(api.documents.last, { query: { limit }, options: { signal } })).items;
}

/** GET /api/widgets/ged/last/user/{user}/company/{company}: the home page's last documents (DOC-4). */
export async function fetchDocumentsWidget(
  user: number,
  company: number,
  signal?: AbortSignal,
): Promise<DocumentItem[]> {
  return (await call(api.documents.widget, { params: { user, company }, companyId: company, options: { signal } }))
    .items;
}

/** GET /api/ged/category/0: the whole readable tree and the remembered place. */
export const fetchCategoryTree = (signal?: AbortSignal) =>
  call(api.documents.categories, { params: { id: 0 }, options: { signal } });

/** PUT /api/ged/category/{id}/last: a preference; losing it is harmless, so failures stay silent. */
export function rememberCategory(categoryId: number, facet: string, headings: string[]): void {
  void call(api.documents.rememberCategory, { params: { id: categoryId }, body: { facet, headings } }).catch(
    () => undefined,
  );
}

/** The bytes of a document, for the preview (view) or to save (download). */
export function fetchDocumentBlob(id: number, mode: 'view' | 'download', signal?: AbortSignal): Promise<Blob> {
  return call(mode === 'view' ? api.documents.view : api.documents.download, {
    params: { id },
    options: { signal, timeout: 120_000 },
  });
}

/** Spec: a failed single download is silent (no toast). Resolves false when it failed. */
export async function downloadDocument(doc: Pick<DocumentItem, 'id' | 'name'>): Promise<boolean> {
  try {
    saveBlob(await fetchDocumentBlob(doc.id, 'download'), doc.name);
    return true;
  } catch {
    return false;
  }
}

/** POST /api/ged/documents/download: several documents as one zip. Throws: the caller says it failed. */
export async function downloadDocumentsZip(ids: number[]): Promise<void> {
  const res = await callRaw(api.documents.downloadZip, { body: { ids }, options: { timeout: 300_000 } });
  saveBlob(await res.blob(), fileNameFromDisposition(res.headers.get('content-disposition'), 'documents.zip'));
}
