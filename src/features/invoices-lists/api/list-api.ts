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
  /** Keyset cursor of the page after this one (null on the last page). */
  next?: string | null;
}

// No ky retry here: a failed page sends the screen to the device's copy at once.
const options = (signal?: AbortSignal) => ({ signal, retry: 0 });

// Page N is asked after page N−1's row, with its cursor, when this device has read it: the server
// then reads 500 index entries instead of skipping every row before (decision 036). Without it (first
// page, or the list reopened at page N) the page number is used. A document created meanwhile does
// not shift a cursor page, so no row is skipped either.
const cursors = new Map<string, string>();
const cursorKey = (list: string, companyId: number, query: unknown, page: number) =>
  JSON.stringify([list, companyId, query, page]);

async function pageOf<T>(
  list: 'invoices' | 'quotes',
  ask: (query: { page: number; pageSize: number; after?: string }) => Promise<ListPage<T>>,
  companyId: number,
  query: unknown,
  page: number,
): Promise<ListPage<T>> {
  const after = page > 1 ? cursors.get(cursorKey(list, companyId, query, page - 1)) : undefined;
  const answer = await ask(after ? { page, pageSize: LIST_PAGE_SIZE, after } : { page, pageSize: LIST_PAGE_SIZE });
  if (cursors.size > 2000) cursors.clear(); // a long session's old queries: only a speed-up is lost
  if (answer.next) cursors.set(cursorKey(list, companyId, query, page), answer.next);
  return answer;
}

// The cached rows (list-model.ts) read a draft's missing date as '' : the answer is cast to them.
export const fetchInvoicePage = (companyId: number, query: InvoiceQuery, page: number, signal?: AbortSignal) =>
  pageOf<InvoiceListRow>(
    'invoices',
    (paging) =>
      call(api.invoices.listInvoices, {
        query: { ...query, ...paging },
        companyId,
        options: options(signal),
      }) as Promise<ListPage<InvoiceListRow>>,
    companyId,
    query,
    page,
  );
export const fetchQuotePage = (companyId: number, query: QuoteQuery, page: number, signal?: AbortSignal) =>
  pageOf<QuoteListRow>(
    'quotes',
    (paging) =>
      call(api.invoices.listQuotes, {
        query: { ...query, ...paging },
        companyId,
        options: options(signal),
      }) as Promise<ListPage<QuoteListRow>>,
    companyId,
    query,
    page,
  );
