// The datasets the offline screens read (issue 6): customers, articles, invoices, quotes,
// notifications, cash registers, and the invoice environment. Endpoints still missing answer 404:
// the dataset is then skipped without an error and picked up once the endpoint exists.
import { api } from '../contract/index';
import { call } from './api-call';
import { getSession } from '../lib/session';
import { registerDataset, setEnvironmentFetcher } from './caches';
import type { PlumeEnvironment } from './db';

// The server caps list pages at 500 (server/src/modules/invoicing-core/paging.ts MAX_PAGE_SIZE).
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
  for (let page = 1; page < 10_000; page++) {
    const body = (await call(list as typeof api.catalogue.listItems, {
      query: { page, pageSize },
      companyId,
    })) as unknown as { items: T[]; total: number };
    rows.push(...body.items);
    if (body.items.length < pageSize || (body.total != null && rows.length >= body.total)) break;
  }
  return rows;
}

type Row = Record<string, unknown>;
const idOf = (row: Row) => (row.id ?? row.accountNumber ?? row.uuid) as string | number;

let installed = false;
export function installDefaultDatasets(): void {
  if (installed) return;
  installed = true;
  setEnvironmentFetcher(async (companyId): Promise<PlumeEnvironment> => call(api.catalogue.environment, { companyId }));
  registerDataset<Row>({
    name: 'customers',
    fetch: (c) => fetchAllPages(api.catalogue.listCustomers, c),
    key: (r) => (r.accountNumber ?? r.id) as string,
  });
  registerDataset<Row>({ name: 'articles', fetch: (c) => fetchAllPages(api.catalogue.listItems, c), key: idOf });
  registerDataset<Row>({ name: 'invoices', fetch: (c) => fetchAllPages(api.invoices.listInvoices, c), key: idOf });
  registerDataset<Row>({ name: 'quotes', fetch: (c) => fetchAllPages(api.invoices.listQuotes, c), key: idOf });
  // Cash registers: the table exists (schema v1); the dataset is registered by the cash-register
  // module with its API, so no request is made to an endpoint that does not exist yet.
  registerDataset<Row>({
    name: 'notifications',
    fetch: async (c) => {
      const user = getSession()?.profile.id;
      if (user === undefined) return [];
      return (await call(api.notifications.refresh, { params: { user, company: c }, companyId: c }))
        .notifications as Row[];
    },
    key: idOf,
  });
}
