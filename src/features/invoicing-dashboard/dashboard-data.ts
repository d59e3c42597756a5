// The last answer of GET /api/factures/etat is kept on the device (a dataset of the shared
// records table), so the dashboard still shows figures offline, with their age. Spec 8: a failed
// load is silent (no toast); the screen keeps the last figures or shows its empty state.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useCachedRows } from '../../data/cache-hooks';
import { refreshDataset, registerDataset } from '../../data/caches';
import { http } from '../../lib/http';
import { useOnline } from '../../lib/online';
import { currentCompanyAtom } from '../../lib/session';
import { isDashboard, type InvoicingDashboard } from './dashboard-model';

export const DASHBOARD_DATASET = 'invoiceDashboard';

// Registered when the screen's code loads: from then on the sign-in, company change and
// back-online refreshes (src/data/start.ts) keep it current too.
registerDataset<InvoicingDashboard>({
  name: DASHBOARD_DATASET,
  fetch: async (companyId) => [await http.get('factures/etat', { headers: { 'x-company-id': String(companyId) }, retry: 0 }).json<InvoicingDashboard>()],
  key: () => 'etat',
});

export interface DashboardState {
  /** undefined while the device's copy is read, null when there is none. */
  data: InvoicingDashboard | null | undefined;
  fetchedAt: number | null;
  /** A refresh is running and nothing is shown yet. */
  loading: boolean;
  /** The figures shown are not fresh from the server (offline or the refresh failed). */
  fromDevice: boolean;
}

export function useInvoicingDashboard(): DashboardState {
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const online = useOnline();
  const { rows, fetchedAt } = useCachedRows<InvoicingDashboard>(DASHBOARD_DATASET);
  const [refresh, setRefresh] = useState<{ key: string; status: 'running' | 'ok' | 'failed' } | null>(null);
  const key = `${companyId}:${online}`;

  useEffect(() => {
    if (companyId == null || !online) return;
    let live = true;
    setRefresh({ key, status: 'running' });
    void refreshDataset(DASHBOARD_DATASET, companyId).then((o) => live && setRefresh({ key, status: o.status === 'ok' ? 'ok' : 'failed' }));
    return () => {
      live = false;
    };
  }, [companyId, online, key]);

  const data = rows === undefined ? undefined : (rows.find(isDashboard) ?? null);
  const running = online && (refresh === null || refresh.key !== key || refresh.status === 'running');
  return { data, fetchedAt, loading: data === undefined || (data === null && running), fromDevice: !online || refresh?.status === 'failed' };
}
