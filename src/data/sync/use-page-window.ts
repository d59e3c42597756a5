// The pages of a long list that are on screen, read through the sync engine (decision 022): a
// virtualised list of hundreds of thousands of lines asks only for the pages around what it shows,
// never pages 1..n as useServerPages does (the accounting ledger). Pages left behind stay in the engine's memory (its
// last hundred unwatched answers) for a quick way back, then go.
import { useAtomValue } from 'jotai';
import { useEffect, useSyncExternalStore } from 'react';
import { currentCompanyAtom, profileAtom } from '../../lib/session';
import { userDb } from '../db';
import { entryId, getEntry, getVersion, subscribe, watch, type Entry, type Scope } from './engine';
import { paramsKey, type ServerDataset } from './server-data';

export interface PageWindow<T> {
  /** The answer of page n (1-based), or undefined while awaited or failed. */
  page: (n: number) => T | undefined;
  entry: (n: number) => Entry | undefined;
}

export function usePageWindow<P, T>(
  def: ServerDataset<P & { page: number }, T>,
  params: P | null,
  pages: readonly number[],
): PageWindow<T> {
  const userId = useAtomValue(profileAtom)?.id;
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const enabled = params !== null && userId != null && companyId != null;
  const base = enabled ? paramsKey(params) : '';
  const db = enabled ? userDb(userId!) : null;
  useSyncExternalStore(subscribe, getVersion, getVersion);

  const key = enabled ? `${base}|${pages.join(',')}` : '';
  // Tells the engine which pages are on screen (it fetches them; the screen never does), with the
  // scope and params of the render that changed the key.
  useEffect(() => {
    if (db === null || params === null) return;
    const s: Scope = { db, userId: userId!, companyId: companyId! };
    const stops = pages.map((n) => watch(def, s, { ...params, page: n } as P & { page: number }));
    return () => stops.forEach((stop) => stop());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key names the params and pages
  }, [key, def]);

  const idOf = (n: number) =>
    enabled ? entryId(def.key, userId!, companyId!, paramsKey({ ...params, page: n })) : null;
  const entry = (n: number) => {
    const id = idOf(n);
    return id ? getEntry(id) : undefined;
  };
  return { entry, page: (n) => entry(n)?.data as T | undefined };
}
