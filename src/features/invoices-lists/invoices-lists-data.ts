// What the invoice and quote lists read from the server page by page (decision 082: datasets are
// declared in -data.ts files; paged queries are kept in memory, decision 022).
import { defineServerData, type ServerDataset } from '../../data/sync/server-data';
import type { ListPage } from './api/list-api';

// One dataset per list, made from the screen's page function the first time it is shown.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type-erased: each list meets only its own pages
const pageSets = new Map<string, ServerDataset<any, any>>();
export function pagesOf<R, Q>(
  dataset: 'invoices' | 'quotes',
  fetchPage: (companyId: number, query: Q, page: number, signal?: AbortSignal) => Promise<ListPage<R>>,
): ServerDataset<{ query: Q; page: number }, ListPage<R>> {
  let def = pageSets.get(dataset);
  if (!def) {
    def = defineServerData<{ query: Q; page: number }, ListPage<R>>({
      key: `${dataset}Pages`,
      keep: 'memory',
      refreshAfter: [dataset === 'invoices' ? 'invoice' : 'quote'],
      fetch: ({ query, page }, { companyId, signal }) => fetchPage(companyId, query, page, signal),
    });
    pageSets.set(dataset, def);
  }
  return def;
}
