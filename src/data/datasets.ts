// The datasets the offline screens read (issue 6): customers, articles, invoices, quotes,
// notifications, cash registers, and the invoice environment. Endpoints still missing answer 404:
// the dataset is then skipped without an error and picked up once the endpoint exists.
import { http } from '../lib/http';
import { getSession } from '../lib/session';
import { registerDataset, setEnvironmentFetcher } from './caches';
import type { PlumeEnvironment } from './db';

// The server caps list pages at 500 (server/src/modules/invoicing-core/paging.ts MAX_PAGE_SIZE).
export const PAGE_SIZE = 500;

type Page<T> = { items: T[]; total?: number } | T[];

/** All pages of a list (api-conventions: ?page&pageSize → { items, total }); a bare array is one page. */
export async function fetchAllPages<T>(path: string, companyId: number, pageSize = PAGE_SIZE, extra: Record<string, string> = {}): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page < 10_000; page++) {
    const body = await http.get(path, { searchParams: { page, pageSize, ...extra }, headers: { 'x-company-id': String(companyId) } }).json<Page<T>>();
    if (Array.isArray(body)) return [...rows, ...body];
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
  setEnvironmentFetcher((companyId) => http.get('environment/plume', { headers: { 'x-company-id': String(companyId) } }).json<PlumeEnvironment>());
  registerDataset<Row>({ name: 'customers', fetch: (c) => fetchAllPages('customers', c), key: (r) => (r.accountNumber ?? r.id) as string });
  registerDataset<Row>({ name: 'articles', fetch: (c) => fetchAllPages('items', c), key: idOf });
  registerDataset<Row>({ name: 'invoices', fetch: (c) => fetchAllPages('factures', c), key: idOf });
  registerDataset<Row>({ name: 'quotes', fetch: (c) => fetchAllPages('estimates', c), key: idOf });
  // Cash registers: the table exists (schema v1); the dataset is registered by the cash-register
  // module with its API, so no request is made to an endpoint that does not exist yet.
  registerDataset<Row>({
    name: 'notifications',
    fetch: async (c) => {
      const user = getSession()?.profile.id;
      const body = await http.get(`notifications/refresh/user/${user}/company/${c}`, { headers: { 'x-company-id': String(c) } }).json<{ notifications?: Row[] } | Row[]>();
      return Array.isArray(body) ? body : (body.notifications ?? []);
    },
    key: idOf,
  });
}
