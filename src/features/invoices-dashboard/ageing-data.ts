// GET /api/factures/balance-agee (ageing of receivables, outstanding per customer), kept on the
// device like the dashboard's figures (decision 022: a snapshot): shown offline too.
import { defineServerData, type NoParams, NO_PARAMS } from '../../data/sync/server-data';
import { useServerData } from '../../data/sync/use-server-data';
import type { Ageing } from '../../domain/receivables';
import { http } from '../../lib/http';

export const AGEING_DATASET = 'invoiceAgeing';
export type AgeingAnswer = Ageing & { today: string };

export const ageingData = defineServerData<NoParams, AgeingAnswer>({
  key: AGEING_DATASET,
  keep: 'device',
  refreshAfter: ['invoice'],
  fetch: (_, { companyId, signal }) =>
    http
      .get('factures/balance-agee', { headers: { 'x-company-id': String(companyId) }, retry: 0, signal })
      .json<AgeingAnswer>(),
});

export const isAgeing = (v: unknown): v is AgeingAnswer =>
  !!v && Array.isArray((v as AgeingAnswer).buckets) && Array.isArray((v as AgeingAnswer).customers);

/** The device's copy at once, refreshed when online; null when there is none (silent, ERR-13). */
export function useAgeing(): AgeingAnswer | null | undefined {
  const read = useServerData(ageingData, NO_PARAMS);
  if (read.data === undefined) return read.loading ? undefined : null;
  return isAgeing(read.data) ? read.data : null;
}
