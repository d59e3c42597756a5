// GET /api/factures/balance-agee (ageing of receivables, outstanding per customer), kept on the
// device like the dashboard's figures (a dataset of the shared records table): shown offline too.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useCachedRows } from '../../data/cache-hooks';
import { refreshDataset, registerDataset } from '../../data/caches';
import type { Ageing } from '../../domain/receivables';
import { http } from '../../lib/http';
import { useOnline } from '../../lib/online';
import { currentCompanyAtom } from '../../lib/session';

export const AGEING_DATASET = 'invoiceAgeing';
export type AgeingAnswer = Ageing & { today: string };

registerDataset<AgeingAnswer>({
  name: AGEING_DATASET,
  fetch: async (companyId) => [await http.get('factures/balance-agee', { headers: { 'x-company-id': String(companyId) }, retry: 0 }).json<AgeingAnswer>()],
  key: () => 'balance-agee',
});

export const isAgeing = (v: unknown): v is AgeingAnswer => !!v && Array.isArray((v as AgeingAnswer).buckets) && Array.isArray((v as AgeingAnswer).customers);

/** The device's copy at once, refreshed when online; null when there is none (silent, spec 8). */
export function useAgeing(): AgeingAnswer | null | undefined {
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const online = useOnline();
  const { rows } = useCachedRows<AgeingAnswer>(AGEING_DATASET);
  const [, setDone] = useState(0);
  useEffect(() => {
    if (companyId == null || !online) return;
    let live = true;
    void refreshDataset(AGEING_DATASET, companyId).then(() => live && setDone((n) => n + 1));
    return () => {
      live = false;
    };
  }, [companyId, online]);
  return rows === undefined ? undefined : (rows.find(isAgeing) ?? null);
}
