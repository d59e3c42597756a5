import { http } from '../../../lib/http';
import { fileNameFromDisposition, saveBlob } from '../../../lib/download';
import type { CategoryScope } from '../../../domain/document-categories';

export type DocumentSort = 'date' | '-date' | 'name' | '-name' | 'size' | '-size' | 'category' | '-category';

export interface DocumentItem {
  id: number;
  name: string;
  categoryId: number;
  category: string;
  categoryPath: string;
  mimeType: string;
  size: number;
  createdAt: string;
  readAt: string | null;
}

export interface DocumentPage {
  items: DocumentItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface CategoryTreeNode {
  id: number;
  label: string;
  scope: CategoryScope;
  parentId: number | null;
  count: number;
  unread: number;
  readable: boolean;
  children: CategoryTreeNode[];
}

export interface CategoryLast {
  categoryId: number;
  facet: string | null;
  headings: string[];
}

export interface DocumentQuery {
  page: number;
  pageSize: number;
  q: string;
  sort: DocumentSort;
  category: number | null;
}

/** GET /api/my-documents */
export function fetchDocuments(query: DocumentQuery, signal?: AbortSignal): Promise<DocumentPage> {
  const searchParams: Record<string, string | number> = { page: query.page, pageSize: query.pageSize, sort: query.sort };
  if (query.q.trim()) searchParams.q = query.q.trim();
  if (query.category) searchParams.category = query.category;
  return http.get('my-documents', { searchParams, signal }).json();
}

/** GET /api/my-documents/last */
export async function fetchRecentDocuments(limit: number, signal?: AbortSignal): Promise<DocumentItem[]> {
  const res = await http.get('my-documents/last', { searchParams: { limit }, signal }).json<{ items: DocumentItem[] }>();
  return res.items;
}

/** GET /api/ged/category/0: the whole readable tree and the remembered place. */
export function fetchCategoryTree(signal?: AbortSignal): Promise<{ categories: CategoryTreeNode[]; last: CategoryLast | null }> {
  return http.get('ged/category/0', { signal }).json();
}

/** PUT /api/ged/category/{id}/last: a preference; losing it is harmless, so failures stay silent. */
export function rememberCategory(categoryId: number, facet: string, headings: string[]): void {
  void http.put(`ged/category/${categoryId}/last`, { json: { facet, headings }, retry: 0 }).catch(() => undefined);
}

/** The bytes of a document, for the preview (view) or to save (download). */
export function fetchDocumentBlob(id: number, mode: 'view' | 'download', signal?: AbortSignal): Promise<Blob> {
  return http.get(`ged/documents/${id}/${mode}`, { signal, timeout: 120_000 }).blob();
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
  const res = await http.post('ged/documents/download', { json: { ids }, timeout: 300_000, retry: 0 });
  saveBlob(await res.blob(), fileNameFromDisposition(res.headers.get('content-disposition'), 'documents.zip'));
}
