// The tables the offline screens read (keep: 'table', decision 082): customers, articles,
// invoices, quotes and the invoice environment; the cash registers and accounting are declared by
// their features (cash-registers-data.ts, accounting-data.ts). Endpoints still missing answer 404:
// the dataset is then skipped without an error and picked up once the endpoint exists. The
// notifications' copy is written by the bell's own polling (features/notifications/device-copy.ts).
import { can, type Subject } from '../domain/rights';
import { HTTPError } from 'ky';
import { api } from '../contract/index';
import { call, callRaw } from './api-call';
import type { PlumeEnvironment } from './db';
import { defineServerData, type ConditionalAnswer } from './sync/server-data';
import { keepTable } from './sync/tables';
import type { ChangesPage } from './sync/table-sync';

// The server caps list pages at 500 (server/src/modules/catalogue/paging.ts MAX_PAGE_SIZE).
export const PAGE_SIZE = 500;

/** The contract's paged lists (api-conventions: ?page&pageSize → { items, total }). */
type PagedList =
  | typeof api.catalogue.listCustomers
  | typeof api.catalogue.listItems
  | typeof api.invoices.listInvoices
  | typeof api.invoices.listQuotes;

/** All pages of a list. */
export async function fetchAllPages<T>(list: PagedList, companyId: number, pageSize = PAGE_SIZE): Promise<T[]> {
  const rows: T[] = [];
  // The invoice and quote lists answer a keyset cursor (`next`): each page then reads only its own
  // rows, where an offset would skip all the rows before it again (decision 036).
  let after: string | undefined;
  for (let page = 1; page < 10_000; page++) {
    const body = (await call(list as typeof api.invoices.listInvoices, {
      query: after ? { page, pageSize, after } : { page, pageSize },
      companyId,
    })) as unknown as { items: T[]; total: number; next?: string | null };
    rows.push(...body.items);
    after = body.next ?? undefined;
    if (body.items.length < pageSize || (body.total != null && rows.length >= body.total)) break;
  }
  return rows;
}

type Row = Record<string, unknown>;

/**
 * The environment without its customer and article lists (synced apart, below), asked with the
 * copy's ETag: an unchanged environment answers 304 without a body (decision 027).
 */
export async function fetchEnvironment(companyId: number, etag: string | null): Promise<ConditionalAnswer> {
  try {
    const res = await callRaw(api.catalogue.environment, {
      query: { lists: 'none' },
      companyId,
      options: etag ? { headers: { 'if-none-match': etag } } : undefined,
    });
    return { status: 'changed', data: (await res.json()) as PlumeEnvironment, etag: res.headers.get('etag') };
  } catch (error) {
    // ky treats a 304 as a failure (not ok): here it is the cheap answer.
    if (error instanceof HTTPError && error.response.status === 304) return { status: 'unchanged' };
    throw error;
  }
}

/** One page of changes since the cursor (GET /api/sync/customers or /api/sync/items). */
const changesOf =
  (endpoint: typeof api.catalogue.syncCustomers | typeof api.catalogue.syncItems) =>
  async (companyId: number, since: string | undefined): Promise<ChangesPage<Row>> =>
    (await call(endpoint as typeof api.catalogue.syncItems, {
      query: { since },
      companyId,
    })) as unknown as ChangesPage<Row>;
const idOf = (row: Row) => (row.id ?? row.accountNumber ?? row.uuid) as string | number;

// Each read with the server's right on its endpoint (sync-routes.ts, list-routes.ts).
const invoicing = (s: Subject) => can(s, 'view', { menu: 'mesFactures' });

/** The invoicing environment (GET /api/environment/plume without its lists), read with « Mes factures ». */
export const environmentData = defineServerData<PlumeEnvironment>({
  key: 'environment',
  keep: 'table',
  fetchIfChanged: fetchEnvironment,
  readable: invoicing,
});

// Customers and articles: changes since the device's cursor, not the whole lists (decision 027).
export const customersData = defineServerData<Row>({
  key: 'customers',
  keep: 'table',
  changes: changesOf(api.catalogue.syncCustomers),
  rowKey: (r) => (r.accountNumber ?? r.id) as string,
  readable: (s) => invoicing(s) && can(s, 'readCustomers'),
  refreshAfter: ['customer'],
});

export const articlesData = defineServerData<Row>({
  key: 'articles',
  keep: 'table',
  changes: changesOf(api.catalogue.syncItems),
  rowKey: idOf,
  readable: (s) => invoicing(s) && can(s, 'readArticles'),
  refreshAfter: ['item'],
});

export const invoicesData = defineServerData<Row>({
  key: 'invoices',
  keep: 'table',
  fetch: (c) => fetchAllPages(api.invoices.listInvoices, c),
  rowKey: idOf,
  readable: (s) => can(s, 'view', { menu: 'mesFactures', child: 'listeFactures' }),
  refreshAfter: ['invoice'],
});

export const quotesData = defineServerData<Row>({
  key: 'quotes',
  keep: 'table',
  fetch: (c) => fetchAllPages(api.invoices.listQuotes, c),
  rowKey: idOf,
  readable: (s) => can(s, 'view', { menu: 'mesFactures', child: 'listeDevis' }),
  refreshAfter: ['quote'],
});

let installed = false;
export function installDefaultDatasets(): void {
  if (installed) return;
  installed = true;
  keepTable(environmentData);
  for (const def of [customersData, articlesData, invoicesData, quotesData]) keepTable(def);
  // Cash registers: the table exists (schema v1); the dataset is kept by the cash-register module
  // with its API, so no request is made to an endpoint that does not exist yet.
}
