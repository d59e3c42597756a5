import { useEffect, useState } from 'react';
import { fetchDeposits, type DepositQuery } from './api/inbox-api';
import type { DepositPage } from './api/inbox-types';

/** One page of deposits; null while loading; 'error' when the server could not answer. */
export function useDeposits(kind: 'inbox' | 'history' | 'admin', query: DepositQuery, reloadKey: number) {
  const [data, setData] = useState<DepositPage | null | 'error'>(null);
  const key = JSON.stringify(query);
  useEffect(() => {
    const controller = new AbortController();
    setData(null);
    fetchDeposits(kind, JSON.parse(key) as DepositQuery, controller.signal).then(setData, () => !controller.signal.aborted && setData('error'));
    return () => controller.abort();
  }, [kind, key, reloadKey]);
  return data;
}
