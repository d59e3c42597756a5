// Deposit lists through the sync layer (decision 022). Paged searches are kept in memory only:
// one copy per query would fill the device with pages nobody reopens offline. A file the outbox
// sends, or any other inbox change, refreshes the lists on screen.
import { useServerData } from '../../data/sync/use-server-data';
import { type DepositQuery } from './api/inbox-api';
import type { DepositPage } from './api/inbox-types';
import { depositsData, type DepositsKind } from './inbox-data';

/** One page of deposits; null while loading; 'error' when the server could not answer. */
export function useDeposits(
  kind: DepositsKind,
  query: DepositQuery,
): { data: DepositPage | null | 'error'; refresh: () => void } {
  const read = useServerData(depositsData, { kind, query });
  return { data: read.data ?? (read.loading ? null : 'error'), refresh: () => void read.refresh() };
}
