// « Factures reçues » (decision 046): the typed calls of src/contract/received-invoices.ts. The deposit
// is online only (the answer is what the server read), sent with XMLHttpRequest for its progress.
import { api } from '../../../contract/index';
import type { ReceivedInvoiceDetail, ReceivedInvoiceRow } from '../../../contract/received-invoices';
import { call, callRaw } from '../../../data/api-call';
import { fileNameFromDisposition, saveBlob } from '../../../lib/download';
import { getSession } from '../../../lib/session';

export type { ReceivedInvoiceDetail, ReceivedInvoiceRow };

interface Ctx {
  companyId: number;
  signal?: AbortSignal;
}

export interface ReceivedQuery {
  q: string;
  page: number;
  pageSize: number;
}

export const fetchReceivedInvoices = (query: ReceivedQuery, { companyId, signal }: Ctx) =>
  call(api.receivedInvoices.listReceivedInvoices, {
    query: { q: query.q.trim() || undefined, page: query.page, pageSize: query.pageSize },
    companyId,
    options: { signal },
  });

export const fetchReceivedInvoice = (id: number, { companyId, signal }: Ctx) =>
  call(api.receivedInvoices.getReceivedInvoice, { params: { id }, companyId, options: { signal } });

/** GET /api/received-invoices/{id}/file: the original, saved under its name. Throws: the caller says it failed. */
export async function downloadOriginal(id: number, companyId: number, fallbackName: string): Promise<void> {
  const res = await callRaw(api.receivedInvoices.receivedInvoiceFile, { params: { id }, companyId });
  saveBlob(await res.blob(), fileNameFromDisposition(res.headers.get('content-disposition'), fallbackName));
}

export type DepositOutcome =
  { ok: true; value: ReceivedInvoiceDetail } | { ok: false; status: number; message: string; errors: string[] };

/** POST /api/received-invoices (multipart « file ») with upload progress. */
export function depositReceivedInvoice(
  companyId: number,
  file: File,
  onProgress: (loaded: number, total: number) => void,
): { done: Promise<DepositOutcome>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<DepositOutcome>((resolve) => {
    xhr.open('POST', '/api/received-invoices');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-company-id', String(companyId));
    xhr.setRequestHeader('idempotency-key', crypto.randomUUID());
    const token = getSession()?.token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.total || file.size);
    xhr.onload = () => {
      const body = jsonOf(xhr.responseText) as { message?: string; errors?: string[] } | null;
      if (xhr.status === 201) resolve({ ok: true, value: body as unknown as ReceivedInvoiceDetail });
      else
        resolve({
          ok: false,
          status: xhr.status,
          message: body?.message ?? 'Une erreur est survenue lors du dépôt de la facture.',
          errors: Array.isArray(body?.errors) ? body.errors : [],
        });
    };
    xhr.onerror = () =>
      resolve({ ok: false, status: 0, message: 'Le serveur est injoignable : vérifiez la connexion.', errors: [] });
    xhr.onabort = () => resolve({ ok: false, status: 0, message: 'Dépôt annulé.', errors: [] });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
