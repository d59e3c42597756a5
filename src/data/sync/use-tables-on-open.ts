// A screen showing kept tables (keep: 'table', decision 082) shows its copy at once and, online,
// refreshes it when the copy is older than a minute (another user of the company may have changed
// it since sign-in). The engine's on-open rule for tables; useServerData's is its dataset's maxAgeMs.
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { currentCompanyAtom } from '../../lib/session';
import { isOnline } from '../../lib/online';
import { currentDb, type WorkplaceDb } from '../db';
import type { TableDataset } from './server-data';
import { refreshTable, type RefreshOutcome } from './tables';

export const REFRESH_ON_OPEN_AFTER_MS = 60_000;
/**
 * A copy never made is usually being made by the sign-in refresh (start.ts): wait this long for
 * it before fetching ourselves, so a big catalogue is not downloaded twice at the same time.
 */
export const FIRST_COPY_WAIT_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function missingOrStale(
  db: WorkplaceDb,
  companyId: number,
  names: string[],
  maxAge: number,
): Promise<{ missing: string[]; stale: string[] }> {
  const metas = await db.meta.bulkGet(names.map((n) => [companyId, n] as [number, string]));
  return {
    missing: names.filter((_, i) => !metas[i]),
    stale: names.filter((_, i) => metas[i] && Date.now() - metas[i]!.fetchedAt > maxAge),
  };
}

export interface TablesOnOpen {
  /** True while a refresh runs or a first copy is awaited (show the skeleton when nothing is kept). */
  refreshing: boolean;
  /** The server's (or the device's) reason when the refresh failed; null otherwise. */
  error: string | null;
  /**
   * The refresh could not reach the server although the browser says it is online (navigator.onLine
   * stays true on a tablet whose Wi-Fi is up while the line or the server is down, decision 047): the
   * screen shows the age of its copy as it does offline.
   */
  unreachable: boolean;
  retry: () => void;
}

export function useTablesOnOpen(defs: ReadonlyArray<Pick<TableDataset, 'key'>>): TablesOnOpen {
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const [refreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const key = defs.map((d) => d.key).join(',');
  useEffect(() => {
    const db = currentDb();
    if (companyId == null || !db || !isOnline()) return;
    let cancelled = false;
    const names = key.split(',');
    void (async () => {
      let { missing, stale } = await missingOrStale(db, companyId, names, attempt > 0 ? 0 : REFRESH_ON_OPEN_AFTER_MS);
      if (missing.length === 0 && stale.length === 0) return;
      setRefreshing(true);
      for (
        let waited = 0;
        attempt === 0 && missing.length > 0 && waited < FIRST_COPY_WAIT_MS && !cancelled;
        waited += 1000
      ) {
        await sleep(1000);
        missing = (await missingOrStale(db, companyId, missing, Infinity)).missing;
      }
      if (cancelled) return;
      const outcomes = await Promise.all([...missing, ...stale].map((n) => refreshTable(n, companyId, db)));
      if (cancelled) return;
      const failed = outcomes.find((o): o is Extract<RefreshOutcome, { status: 'error' }> => o.status === 'error');
      setError(failed ? failed.message : null);
      setUnreachable(outcomes.some((o) => o.status === 'offline'));
      setRefreshing(false);
    })().catch((e: unknown) => {
      if (cancelled) return;
      setError(String((e as Error)?.message ?? e));
      setRefreshing(false);
    });
    return () => {
      cancelled = true;
      setRefreshing(false);
    };
  }, [companyId, key, attempt]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { refreshing, error, unreachable, retry };
}
