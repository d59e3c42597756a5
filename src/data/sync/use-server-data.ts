// How a screen reads server data (decision 022): the kept answer at once (IndexedDB, live: any
// write re-renders), while the sync engine fetches it again when it should.
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { currentCompanyAtom, profileAtom } from '../../lib/session';
import { userDb } from '../db';
import { entryId, getEntry, refresh, setData, subscribe, watch, type Scope } from './engine';
import { paramsKey, type ServerDataset, type SyncError, type SyncStatus } from './server-data';

export interface ServerData<T> {
  /** The kept answer; undefined when there is none (yet). */
  data: T | undefined;
  /** Epoch ms of that answer (the "Données du …" hint), null when none. */
  fetchedAt: number | null;
  /** No answer yet and one is on its way: the route's pending state / skeleton. */
  loading: boolean;
  status: SyncStatus;
  error: SyncError | null;
  /** Fetch again now ("Réessayer", after a change the screen made itself). */
  refresh: () => Promise<void>;
  /** Replaces the kept answer (what the screen changed itself, until the next fetch). */
  patch: (data: T) => void;
}

/** `params` null: nothing to read yet (a parameter is missing). */
export function useServerData<P, T>(def: ServerDataset<P, T>, params: P | null, companyId?: number): ServerData<T> {
  const userId = useAtomValue(profileAtom)?.id;
  const current = useAtomValue(currentCompanyAtom)?.id;
  const company = def.perCompany === false ? 0 : (companyId ?? current);
  const pk = params === null ? null : paramsKey(params);
  const id = pk === null || userId == null || company == null ? null : entryId(def.key, userId, company, pk);
  const db = userId == null ? null : userDb(userId);
  // The latest scope, for the effect and the callbacks below: written after each commit, not during
  // render (react-compiler/refs); layout effects run before passive effects and events.
  const scope = useRef<{ scope: Scope; params: P } | null>(null);
  useLayoutEffect(() => {
    scope.current = id && params !== null ? { scope: { db, userId: userId!, companyId: company! }, params } : null;
  });

  const entry = useSyncExternalStore(
    subscribe,
    () => (id ? getEntry(id) : undefined),
    () => undefined,
  );
  const row = useLiveQuery(
    async () =>
      def.keep === 'device' && db && id ? ((await db.snapshots.get([def.key, company!, pk!])) ?? null) : null,
    [db, id, def.key],
  );

  // The only effect of the read path: tell the engine this answer is on screen.
  useEffect(() => {
    const s = scope.current;
    return id && s ? watch(def, s.scope, s.params) : undefined;
  }, [id, def]);

  const again = useCallback(async () => {
    const s = scope.current;
    if (s) await refresh(def, s.scope, s.params);
  }, [def]);

  const patch = useCallback(
    (data: T) => {
      const s = scope.current;
      if (s) void setData(def, s.scope, s.params, data).catch(() => undefined);
    },
    [def],
  );

  const device = def.keep === 'device' && row !== null && row !== undefined;
  const data = (device ? row.data : entry?.data) as T | undefined;
  const fetchedAt = device ? row.fetchedAt : entry?.data !== undefined ? entry.fetchedAt : null;
  const status = entry?.status ?? 'idle';
  const reading = def.keep === 'device' && id !== null && row === undefined;
  const loading = id !== null && data === undefined && (reading || status === 'idle' || status === 'refreshing');
  return { data, fetchedAt, loading, status, error: entry?.error ?? null, refresh: again, patch };
}
