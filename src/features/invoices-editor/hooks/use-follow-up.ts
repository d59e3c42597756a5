import { useServerData } from '../../../data/sync/use-server-data';
import { type LoadedFollowUp } from '../api/follow-up';
import { followUpData } from '../invoices-editor-data';

/** The follow-up of a validated invoice (server, else the device's copy); reload() after a payment. */
export function useFollowUp(
  companyId: number,
  invoiceId: number | null,
): { loaded: LoadedFollowUp | undefined; reload: () => void } {
  const read = useServerData(followUpData, invoiceId === null ? null : { invoiceId }, companyId);
  const loaded = read.data !== undefined ? read.data : read.loading || invoiceId === null ? undefined : null;
  return { loaded, reload: () => void read.refresh() };
}
