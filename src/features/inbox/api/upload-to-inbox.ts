// POST /api/my-inbox/documents/upload, one file per request, always through the outbox: the file is
// stored on the device (Blob in IndexedDB) before any request, then sent at once when online with
// per-file progress (XMLHttpRequest), or later by the replayer, under the same Idempotency-Key.
import { submitMutation, type MutationRequest, type MutationResult, type OutboxEntry } from '../../../data/outbox';
import { xhrSender, type XhrSenderOptions } from '../../../data/send-xhr';
import { api } from '../../../contract/index';
import { queued } from '../../../data/api-call';
import type { DepositItem } from './inbox-types';

export const INBOX_UPLOAD_KIND = 'inbox.upload';

export function inboxUploadRequest(file: File, categoryId: number, companyId: number): MutationRequest {
  return {
    ...queued(api.inbox.upload, {}),
    file: { blob: file, name: file.name, field: 'file', extra: { category: String(categoryId) } },
    companyId,
    // One docKey per file: a refused file never holds back the others.
    docKey: `inbox-upload:${crypto.randomUUID()}`,
    label: `Dépôt du fichier « ${file.name} »`,
    kind: INBOX_UPLOAD_KIND,
  };
}

export type DepositResult = MutationResult<{ items: DepositItem[] }>;

/** Stores the file in the outbox, then (online) sends it with progress; see MutationResult. */
export function depositFile(
  file: File,
  categoryId: number,
  companyId: number,
  opts: XhrSenderOptions,
): Promise<DepositResult> {
  return submitMutation(inboxUploadRequest(file, categoryId, companyId), { send: xhrSender(opts) });
}

/** The file deposits of this company still on the device (not yet accepted by the server). */
export const queuedDeposits = (
  entries: OutboxEntry[] | undefined,
  companyId: number | null | undefined,
): OutboxEntry[] => (entries ?? []).filter((e) => e.kind === INBOX_UPLOAD_KIND && e.companyId === companyId && e.file);
