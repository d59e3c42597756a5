// Reading one invoice or quote: from the server when it answers (and kept for offline reading),
// else from this device's copy of the documents opened recently.
import { HTTPError } from 'ky';
import { keepOpenedDocument } from '../../../data/sync/tables';
import { api } from '../../../contract/index';
import { call } from '../../../data/api-call';
import { isNetworkError, readApiError } from '../../../lib/http';
import type { EditorKind, InvoiceJson, QuoteJson } from '../types';
import { readCachedDetail } from './drafts';

export const tableOf = (kind: EditorKind) => (kind === 'invoice' ? 'invoices' : 'quotes');

export type Loaded<T> =
  | { status: 'ok'; doc: T; fromCache: boolean }
  /** The server refused (404 of another company's or a deleted document, 403…): its French text. */
  | { status: 'refused'; message: string | null }
  /** Unreachable and never opened on this device. */
  | { status: 'unavailable' };

export async function loadBusinessDocument(
  kind: 'invoice',
  companyId: number,
  id: number,
): Promise<Loaded<InvoiceJson>>;
export async function loadBusinessDocument(kind: 'quote', companyId: number, id: number): Promise<Loaded<QuoteJson>>;
export async function loadBusinessDocument(
  kind: EditorKind,
  companyId: number,
  id: number,
): Promise<Loaded<InvoiceJson | QuoteJson>> {
  try {
    const doc =
      kind === 'invoice'
        ? await call(api.invoices.getInvoice, { params: { id }, companyId })
        : await call(api.invoices.getQuote, { params: { id }, companyId });
    await keepOpenedDocument(tableOf(kind), companyId, id, doc);
    return { status: 'ok', doc, fromCache: false };
  } catch (error) {
    if (error instanceof HTTPError && error.response.status < 500)
      return { status: 'refused', message: (await readApiError(error)).message };
    if (!(error instanceof HTTPError) && !isNetworkError(error)) throw error;
    const cached = await readCachedDetail<InvoiceJson | QuoteJson>(tableOf(kind), companyId, id);
    return cached ? { status: 'ok', doc: cached, fromCache: true } : { status: 'unavailable' };
  }
}

/** The validated PDF as issued (GET /api/invoices/:id/pdf). */
export async function fetchInvoicePdf(companyId: number, id: number): Promise<Blob> {
  return call(api.invoices.invoicePdf, { params: { id }, companyId });
}

/** Invoices validated this month, as the server counts them (Starter limit); null when unknown. */
export async function fetchValidatedThisMonth(companyId: number): Promise<number | null> {
  try {
    const body = await call(api.invoices.dashboard, { companyId, options: { retry: 0, timeout: 5000 } });
    return typeof body.validatedThisMonth === 'number' ? body.validatedThisMonth : null;
  } catch {
    return null; // offline or no dashboard: the cached list counts instead
  }
}
