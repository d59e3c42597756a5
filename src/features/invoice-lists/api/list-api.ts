// GET /api/factures and GET /api/estimates: one page of the filtered, sorted list (server side).
import { http } from '../../../lib/http';
import type { InvoiceListRow, InvoiceQuery, QuoteListRow, QuoteQuery } from '../list-model';

/** The server accepts up to 10 000; 500 keeps each answer small enough to show at once. */
export const LIST_PAGE_SIZE = 500;

export interface ListPage<T> { items: T[]; total: number; page: number; pageSize: number }

function getPage<T>(path: string, companyId: number, query: object, page: number, signal?: AbortSignal): Promise<ListPage<T>> {
  const searchParams = { ...(query as Record<string, string>), page: String(page), pageSize: String(LIST_PAGE_SIZE) };
  // No ky retry here: a failed page sends the screen to the device's copy at once.
  return http.get(path, { searchParams, signal, retry: 0, headers: { 'x-company-id': String(companyId) } }).json<ListPage<T>>();
}

export const fetchInvoicePage = (companyId: number, query: InvoiceQuery, page: number, signal?: AbortSignal) => getPage<InvoiceListRow>('factures', companyId, query, page, signal);
export const fetchQuotePage = (companyId: number, query: QuoteQuery, page: number, signal?: AbortSignal) => getPage<QuoteListRow>('estimates', companyId, query, page, signal);
