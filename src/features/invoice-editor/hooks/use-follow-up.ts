import { useCallback, useEffect, useState } from 'react';
import { loadFollowUp, type LoadedFollowUp } from '../api/follow-up';

/** The follow-up of a validated invoice (server, else the device's copy); reload() after a payment. */
export function useFollowUp(companyId: number, invoiceId: number | null): { loaded: LoadedFollowUp | undefined; reload: () => void } {
  const [loaded, setLoaded] = useState<LoadedFollowUp | undefined>(undefined);
  const [n, setN] = useState(0);
  useEffect(() => {
    if (invoiceId === null) return;
    let live = true;
    loadFollowUp(companyId, invoiceId).then((l) => live && setLoaded(l), () => live && setLoaded(null));
    return () => {
      live = false;
    };
  }, [companyId, invoiceId, n]);
  const reload = useCallback(() => setN((x) => x + 1), []);
  return { loaded, reload };
}
