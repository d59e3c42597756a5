import type { DepositStatus } from '../../../domain/deposits';
import { fileNameFromDisposition, saveBlob } from '../../../lib/download';
import { http } from '../../../lib/http';
import type { BatchView, DepositPage } from './inbox-types';

export interface DepositQuery {
  page: number;
  pageSize: number;
  q: string;
  status?: DepositStatus | null;
  mine?: boolean;
  company?: number | null;
}

const params = (query: DepositQuery) => {
  const p: Record<string, string | number> = { page: query.page, pageSize: query.pageSize, sort: '-date' };
  if (query.q.trim()) p.q = query.q.trim();
  if (query.status) p.status = query.status;
  if (query.mine) p.mine = 'true';
  if (query.company) p.company = query.company;
  return p;
};

/** GET /api/my-inbox (pending), /api/my-inbox/history, /api/my-inbox/history/admin (firm). */
export function fetchDeposits(kind: 'inbox' | 'history' | 'admin', query: DepositQuery, signal?: AbortSignal): Promise<DepositPage> {
  const path = kind === 'inbox' ? 'my-inbox' : kind === 'history' ? 'my-inbox/history' : 'my-inbox/history/admin';
  return http.get(path, { searchParams: params(query), signal }).json();
}

/** DELETE /api/my-inbox/documents/{id} (one's own, before the firm takes it). */
export async function deleteDeposit(id: number): Promise<void> {
  await http.delete(`my-inbox/documents/${id}`, { headers: { 'idempotency-key': crypto.randomUUID() }, retry: 0 });
}

/** POST /api/files/download: the chosen deposits as one zip. Throws: the caller says it failed. */
export async function downloadDepositsZip(ids: number[]): Promise<void> {
  const res = await http.post('files/download', { json: { ids }, timeout: 300_000, retry: 0 });
  saveBlob(await res.blob(), fileNameFromDisposition(res.headers.get('content-disposition'), 'fichier_depot.zip'));
}

/** POST /api/batch (firm): takes deposits of one company into processing. */
export function createBatch(companyId: number, ids: number[]): Promise<BatchView> {
  return http.post('batch', { json: { ids }, headers: { 'x-company-id': String(companyId), 'idempotency-key': crypto.randomUUID() }, retry: 0 }).json();
}

/** GET /api/trigger/batch/{id} (firm): the batch's progress. */
export function fetchBatch(companyId: number, id: number): Promise<BatchView> {
  return http.get(`trigger/batch/${id}`, { headers: { 'x-company-id': String(companyId) } }).json();
}
