import type { DepositStatus } from '../../../domain/deposits';
import { api } from '../../../contract/index';
import { call, callRaw } from '../../../data/api-call';
import { fileNameFromDisposition, saveBlob } from '../../../lib/download';
import type { BatchView, DepositPage } from './inbox-types';

export interface DepositQuery {
  page: number;
  pageSize: number;
  q: string;
  status?: DepositStatus | null;
  mine?: boolean;
  company?: number | null;
}

const base = (query: DepositQuery) => ({
  page: query.page,
  pageSize: query.pageSize,
  sort: '-date' as const,
  q: query.q.trim() || undefined,
  status: query.status || undefined,
});

/** GET /api/my-inbox (pending), /api/my-inbox/history, /api/my-inbox/history/admin (firm). */
export function fetchDeposits(
  kind: 'inbox' | 'history' | 'admin',
  query: DepositQuery,
  signal?: AbortSignal,
): Promise<DepositPage> {
  const options = { signal };
  if (kind === 'inbox') return call(api.inbox.pending, { query: base(query), options });
  if (kind === 'history')
    return call(api.inbox.history, { query: { ...base(query), mine: query.mine ? 'true' : undefined }, options });
  return call(api.inbox.adminHistory, { query: { ...base(query), company: query.company || undefined }, options });
}

/** DELETE /api/my-inbox/documents/{id} (one's own, before the firm takes it). */
export async function deleteDeposit(id: number): Promise<void> {
  await call(api.inbox.withdraw, { params: { id }, options: { headers: { 'idempotency-key': crypto.randomUUID() } } });
}

/** POST /api/files/download: the chosen deposits as one zip. Throws: the caller says it failed. */
export async function downloadDepositsZip(ids: number[]): Promise<void> {
  const res = await callRaw(api.inbox.downloadZip, { body: { ids }, options: { timeout: 300_000 } });
  saveBlob(await res.blob(), fileNameFromDisposition(res.headers.get('content-disposition'), 'fichier_depot.zip'));
}

/** POST /api/batch (firm): takes deposits of one company into processing. */
export function createBatch(companyId: number, ids: number[]): Promise<BatchView> {
  return call(api.inbox.batch, {
    body: { ids },
    companyId,
    options: { headers: { 'idempotency-key': crypto.randomUUID() } },
  });
}

/** GET /api/trigger/batch/{id} (firm): the batch's progress. */
export function fetchBatch(companyId: number, id: number): Promise<BatchView> {
  return call(api.inbox.batchState, { params: { id }, companyId });
}
