// A list read page by page from the server (decision 022: paged queries are kept in memory):
// pages 1..count of the same parameters, each one an answer of the sync engine, so the same
// triggers refresh them (back online, page visible again, a change applied by the outbox).
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { currentCompanyAtom, profileAtom } from '../../lib/session';
import { userDb } from '../db';
import { entryId, getEntry, getVersion, refresh, setData, subscribe, watch, type Entry, type Scope } from './engine';
import { paramsKey, type ServerDataset } from './server-data';

export interface ServerPages<T> {
  /** One slot per page asked: the answer, or undefined while it is awaited (or failed). */
  pages: Array<T | undefined>;
  entries: Array<Entry | undefined>;
  refresh: () => Promise<void>;
  patchPage: (index: number, data: T) => void;
}

export function useServerPages<P, T>(
  def: ServerDataset<P & { page: number }, T>,
  params: P | null,
  count: number,
): ServerPages<T> {
  const userId = useAtomValue(profileAtom)?.id;
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const enabled = params !== null && userId != null && companyId != null;
  const all = enabled
    ? Array.from({ length: count }, (_, i) => ({ ...params, page: i + 1 }) as P & { page: number })
    : [];
  const ids = all.map((p) => entryId(def.key, userId!, companyId!, paramsKey(p)));
  const db = enabled ? userDb(userId!) : null;
  // The latest scope, for the effect and the callbacks below: written after each commit, not during
  // render (react-compiler/refs); layout effects run before passive effects and events.
  const scope = useRef<{ scope: Scope; all: Array<P & { page: number }> } | null>(null);
  useLayoutEffect(() => {
    scope.current = db ? { scope: { db, userId: userId!, companyId: companyId! }, all } : null;
  });
  useSyncExternalStore(subscribe, getVersion, getVersion);

  const key = ids.join('\n');
  // Tells the engine which pages are on screen (it fetches them; the screen never does).
  useEffect(() => {
    const s = scope.current;
    if (!s) return;
    const stops = s.all.map((p) => watch(def, s.scope, p));
    return () => stops.forEach((stop) => stop());
  }, [key, def]);

  const again = useCallback(async () => {
    const s = scope.current;
    if (s) await Promise.all(s.all.map((p) => refresh(def, s.scope, p)));
  }, [def]);
  const patchPage = useCallback(
    (index: number, data: T) => {
      const s = scope.current;
      if (s && s.all[index]) void setData(def, s.scope, s.all[index], data);
    },
    [def],
  );

  // The same arrays while no page changed: a 10 000-row list is not rebuilt on unrelated updates.
  // They are state, replaced during render when a page changed: React renders again at once, before
  // committing (its "information from previous renders"), with these very arrays.
  const entries = ids.map(getEntry);
  const [held, setHeld] = useState(() => heldOf<T>(entries));
  const unchanged = entries.length === held.entries.length && entries.every((e, i) => e === held.entries[i]);
  const next = unchanged ? held : heldOf<T>(entries);
  if (!unchanged) setHeld(next);
  return { pages: next.pages, entries: next.entries, refresh: again, patchPage };
}

type Held<T> = { entries: Array<Entry | undefined>; pages: Array<T | undefined> };

function heldOf<T>(entries: Array<Entry | undefined>): Held<T> {
  return { entries, pages: entries.map((e) => e?.data as T | undefined) };
}
