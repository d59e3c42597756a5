// GET /api/factures and GET /api/estimates: one page of the filtered, sorted list (server side).
import { api } from '../../../contract/index';
import { call } from '../../../data/api-call';
import type { InvoiceListRow, InvoiceQuery, QuoteListRow, QuoteQuery } from '../list-model';

/** The server accepts up to 10 000; 500 keeps each answer small enough to show at once. */
export const LIST_PAGE_SIZE = 500;

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

// No ky retry here: a failed page sends the screen to the device's copy at once.
const options = (signal?: AbortSignal) => ({ signal, retry: 0 });

// The cached rows (list-model.ts) read a draft's missing date as '' : the answer is cast to them.
export const fetchInvoicePage = (companyId: number, query: InvoiceQuery, page: number, signal?: AbortSignal) =>
  call(api.invoices.listInvoices, {
    query: { ...query, page, pageSize: LIST_PAGE_SIZE },
    companyId,
    options: options(signal),
  }) as Promise<ListPage<InvoiceListRow>>;
export const fetchQuotePage = (companyId: number, query: QuoteQuery, page: number, signal?: AbortSignal) =>
  call(api.invoices.listQuotes, {
    query: { ...query, page, pageSize: LIST_PAGE_SIZE },
    companyId,
    options: options(signal),
  }) as Promise<ListPage<QuoteListRow>>;
