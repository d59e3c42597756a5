// Deposit lists through the sync layer (decision 022). Paged searches are kept in memory only:
// one copy per query would fill the device with pages nobody reopens offline. A file the outbox
// sends, or any other inbox change, refreshes the lists on screen.
import { defineServerData } from '../../data/sync/server-data';
import { useServerData } from '../../data/sync/use-server-data';
import { fetchDeposits, type DepositQuery } from './api/inbox-api';
import type { DepositPage } from './api/inbox-types';

type Kind = 'inbox' | 'history' | 'admin';

export const depositsData = defineServerData<{ kind: Kind; query: DepositQuery }, DepositPage>({
  key: 'deposits',
  keep: 'memory',
  refreshAfter: ['inbox'],
  fetch: ({ kind, query }, { signal }) => fetchDeposits(kind, query, signal),
});

/** One page of deposits; null while loading; 'error' when the server could not answer. */
export function useDeposits(
  kind: Kind,
  query: DepositQuery,
): { data: DepositPage | null | 'error'; refresh: () => void } {
  const read = useServerData(depositsData, { kind, query });
  return { data: read.data ?? (read.loading ? null : 'error'), refresh: () => void read.refresh() };
}
