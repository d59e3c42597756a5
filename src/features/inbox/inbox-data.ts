// What the inbox reads from the server (decision 082: datasets are declared in -data.ts files).
import { defineServerData } from '../../data/sync/server-data';
import { fetchDeposits, type DepositQuery } from './api/inbox-api';
import type { DepositPage } from './api/inbox-types';

/** Which deposits: the caller's inbox, its history, or the firm's administration of them. */
export type DepositsKind = 'inbox' | 'history' | 'admin';

export const depositsData = defineServerData<{ kind: DepositsKind; query: DepositQuery }, DepositPage>({
  key: 'deposits',
  keep: 'memory',
  refreshAfter: ['inbox'],
  fetch: ({ kind, query }, { signal }) => fetchDeposits(kind, query, signal),
});
