// The last answer of GET /api/factures/etat is kept on the device (decision 022: a snapshot), so
// the dashboard still shows figures offline, with their age. ERR-13: a failed load is silent (no
// toast); the screen keeps the last figures or shows its empty state.
import { defineServerData, type NoParams, NO_PARAMS } from '../../data/sync/server-data';
import { useServerData } from '../../data/sync/use-server-data';
import { http } from '../../lib/http';
import { useOnline } from '../../lib/online';
import { isDashboard, type InvoicingDashboard } from './dashboard-model';

export const DASHBOARD_DATASET = 'invoiceDashboard';

export const dashboardData = defineServerData<NoParams, InvoicingDashboard>({
  key: DASHBOARD_DATASET,
  keep: 'device',
  refreshAfter: ['invoice', 'quote'],
  fetch: (_, { companyId, signal }) =>
    http
      .get('factures/etat', { headers: { 'x-company-id': String(companyId) }, retry: 0, signal })
      .json<InvoicingDashboard>(),
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
  const online = useOnline();
  const read = useServerData(dashboardData, NO_PARAMS);
  const data = read.data === undefined ? (read.loading ? undefined : null) : isDashboard(read.data) ? read.data : null;
  return {
    data,
    fetchedAt: read.fetchedAt,
    loading: read.loading,
    fromDevice: !online || read.status === 'offline' || read.status === 'error',
  };
}
