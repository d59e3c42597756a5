import { defineServerData } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { loadFollowUp, type LoadedFollowUp } from '../api/follow-up';

// loadFollowUp keeps the answer on the device itself and reads it back offline (with the
// payments queued meanwhile), so the engine asks it offline too.
const followUpData = defineServerData<{ invoiceId: number }, LoadedFollowUp>({
  key: 'invoiceFollowUp',
  keep: 'memory',
  readsDevice: true,
  refreshAfter: ['invoice'],
  fetch: ({ invoiceId }, { companyId }) => loadFollowUp(companyId, invoiceId),
});

/** The follow-up of a validated invoice (server, else the device's copy); reload() after a payment. */
export function useFollowUp(
  companyId: number,
  invoiceId: number | null,
): { loaded: LoadedFollowUp | undefined; reload: () => void } {
  const read = useServerData(followUpData, invoiceId === null ? null : { invoiceId }, companyId);
  const loaded = read.data !== undefined ? read.data : read.loading || invoiceId === null ? undefined : null;
  return { loaded, reload: () => void read.refresh() };
}
