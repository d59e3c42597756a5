// The sync engine (decision 022): fetches server datasets, keeps their answers (IndexedDB or
// memory) and decides when to fetch again — when a screen opens one, when the network comes
// back, when the page becomes visible again, after the outbox applied a change, on a timer.
// Screens never fetch: they watch (use-server-data.ts) and read what the engine kept. Datasets
// kept as a whole table (keep: 'table') have their own refresh rules, in tables.ts (decision 082).
import { HTTPError } from 'ky';
import type { WorkplaceDb } from '../db';
import { afterReplay } from '../replay-first';
import { isQuotaError, QUOTA_MESSAGE } from '../quota';
import { paramsKey, type ServerDataset, type SyncError, type SyncStatus } from './server-data';

export interface Scope {
  db: WorkplaceDb | null;
  userId: number;
  companyId: number;
}

export interface Entry {
  status: SyncStatus;
  error: SyncError | null;
  /** Memory datasets only (device datasets are read from the snapshots table). */
  data?: unknown;
  fetchedAt: number | null;
}

// Type-erased: each watch only ever meets its own dataset's answers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type-erased store (see above)
type AnyDataset = ServerDataset<any, any>;
interface Watch {
  def: AnyDataset;
  scope: Scope;
  params: unknown;
  count: number;
  timer?: ReturnType<typeof setInterval>;
}

const entries = new Map<string, Entry>();
const watched = new Map<string, Watch>();
const inFlight = new Map<string, Promise<unknown>>();
const listeners = new Set<() => void>();
let generation = 0;
let version = 0;

/** Entries of unwatched memory answers kept for a quick way back (the back button). */
const MEMORY_KEPT = 100;
/** Becoming visible again refetches what is older than this (or the dataset's maxAgeMs). */
export const VISIBLE_AGAIN_AFTER_MS = 30_000;

export const entryId = (key: string, userId: number, companyId: number, params: string) =>
  `${userId}|${key}|${companyId}|${params}`;
const idOf = (def: AnyDataset, scope: Scope, params: unknown) =>
  entryId(def.key, scope.userId, scope.companyId, paramsKey(params));

export function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
export const getEntry = (id: string): Entry | undefined => entries.get(id);
/** Changes with every entry: hooks that read several entries re-render on it. */
export const getVersion = (): number => version;

function update(id: string, patch: Partial<Entry>): void {
  const before = entries.get(id) ?? { status: 'idle', error: null, fetchedAt: null };
  entries.delete(id); // re-inserted last: the map's order is the order of use
  entries.set(id, { ...before, ...patch });
  version++;
  if (entries.size > MEMORY_KEPT) {
    for (const key of entries.keys()) {
      if (entries.size <= MEMORY_KEPT) break;
      if (!watched.has(key) && !inFlight.has(key)) entries.delete(key);
    }
  }
  for (const fn of listeners) fn();
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

async function failure(error: unknown): Promise<Pick<Entry, 'status' | 'error'>> {
  if (error instanceof HTTPError) {
    let message: string | null = null;
    try {
      message = ((await error.response.clone().json()) as { message?: string }).message ?? null;
    } catch {
      /* not JSON */
    }
    return { status: 'error', error: { httpStatus: error.response.status, message } };
  }
  if (isQuotaError(error)) return { status: 'error', error: { httpStatus: null, message: QUOTA_MESSAGE } };
  if (error instanceof TypeError || (error as Error)?.name === 'TimeoutError')
    return { status: 'offline', error: null };
  return { status: 'error', error: { httpStatus: null, message: String((error as Error)?.message ?? error) } };
}

/** Fetches one answer now (one request at a time per dataset, company and parameters); never throws. */
export function refresh<P, T>(def: ServerDataset<P, T>, scope: Scope, params: P): Promise<void> {
  return fetchShared(def, scope, params).then(noop, noop);
}
const noop = () => undefined;

/**
 * refresh() for a caller that goes on with the answer: the sign-in prefetch of the registers, then
 * of each register's days. A screen opening the same answer meanwhile waits for this request
 * instead of sending its own, and the answer is kept as refresh() keeps it. Rejects with the error
 * met (a refusal, no network), which the caller's outcome reports.
 */
export function fetchShared<P, T>(def: ServerDataset<P, T>, scope: Scope, params: P): Promise<T> {
  const id = idOf(def, scope, params);
  const running = inFlight.get(id);
  if (running) return running as Promise<T>;
  if (!online() && !def.readsDevice) {
    update(id, { status: 'offline' });
    return Promise.reject(new TypeError('Hors ligne'));
  }
  const gen = generation;
  update(id, { status: 'refreshing' });
  const promise = (async () => {
    try {
      const data = await def.fetch(params, {
        companyId: scope.companyId,
        userId: scope.userId,
        signal: new AbortController().signal,
      });
      if (gen !== generation) return data; // signed out meanwhile: the answer belongs to nobody now
      const fetchedAt = Date.now();
      let inMemory = def.keep === 'memory' || !scope.db;
      if (!inMemory) {
        try {
          await scope.db!.snapshots.put({
            dataset: def.key,
            companyId: scope.companyId,
            params: paramsKey(params),
            data,
            fetchedAt,
          });
        } catch (error) {
          if (!isQuotaError(error)) throw error;
          inMemory = true; // a full device: shown all the same, not kept
        }
      }
      update(id, { status: 'fresh', error: null, fetchedAt, ...(inMemory ? { data } : {}) });
      return data;
    } catch (error) {
      if (gen === generation) update(id, await failure(error));
      throw error;
    }
  })().finally(() => {
    // After a sign-out the same answer may already be asked again, by a request of its own.
    if (inFlight.get(id) === promise) inFlight.delete(id);
  });
  inFlight.set(id, promise);
  return promise;
}

/** The screen changed what it shows (a document marked read): the kept answer says so too. */
export async function setData<P, T>(def: ServerDataset<P, T>, scope: Scope, params: P, data: T): Promise<void> {
  const id = idOf(def, scope, params);
  if (def.keep === 'device' && scope.db) {
    const fetchedAt = entries.get(id)?.fetchedAt ?? Date.now();
    await scope.db.snapshots.put({
      dataset: def.key,
      companyId: scope.companyId,
      params: paramsKey(params),
      data,
      fetchedAt,
    });
  } else update(id, { data });
}

async function ageOf(w: Watch): Promise<number> {
  const id = idOf(w.def, w.scope, w.params);
  let at = entries.get(id)?.fetchedAt ?? null;
  if (at == null && w.def.keep === 'device' && w.scope.db) {
    at = (await w.scope.db.snapshots.get([w.def.key, w.scope.companyId, paramsKey(w.params)]))?.fetchedAt ?? null;
  }
  return at == null ? Infinity : Date.now() - at;
}

async function refreshIfOlder(w: Watch, maxAge: number): Promise<void> {
  if ((await ageOf(w)) > maxAge) await refresh(w.def, w.scope, w.params);
}

/** A screen shows this answer: fetched now unless fresh enough, and kept fresh while shown. */
export function watch<P, T>(def: ServerDataset<P, T>, scope: Scope, params: P): () => void {
  installTriggers();
  const id = idOf(def, scope, params);
  let w = watched.get(id);
  if (!w) {
    w = { def, scope, params, count: 0 };
    watched.set(id, w);
    if (def.pollMs) {
      const target = w;
      w.timer = setInterval(() => {
        if (typeof document === 'undefined' || document.visibilityState === 'visible')
          void refresh(target.def, target.scope, target.params);
      }, def.pollMs);
    }
  }
  w.count++;
  void refreshIfOlder(w, def.maxAgeMs ?? 0).catch(() => undefined);
  const mine = w;
  return () => {
    mine.count--;
    if (mine.count > 0 || watched.get(id) !== mine) return;
    if (mine.timer) clearInterval(mine.timer);
    watched.delete(id);
    if (def.forgetOnLeave && entries.delete(id)) version++;
  };
}

/** Every shown answer again (back online). */
export function refreshWatched(filter: (def: AnyDataset) => boolean = () => true): Promise<void[]> {
  return Promise.all(
    [...watched.values()].filter((w) => !w.def.manual && filter(w.def)).map((w) => refresh(w.def, w.scope, w.params)),
  );
}

/** The outbox applied a change of this kind ('invoice.save'): the answers that depend on it are stale. */
export function notifyChange(kind: string): Promise<void[]> {
  const prefix = kind.split('.')[0];
  return refreshWatched((def) => def.refreshAfter?.includes(prefix) ?? false);
}

/** Sign-out: answers kept in memory go (device answers go with the user's database). */
export function forgetAll(): void {
  generation++;
  // A request under way answers the previous session, which drops it: the next session's screens
  // must not wait for it (they would get nothing until the next poll).
  inFlight.clear();
  for (const w of watched.values()) if (w.timer) clearInterval(w.timer);
  watched.clear();
  entries.clear();
  version++;
  for (const fn of listeners) fn();
}

let triggersInstalled = false;
function installTriggers(): void {
  if (triggersInstalled || typeof window === 'undefined') return;
  triggersInstalled = true;
  // Back online: the outbox's queued changes first, then what the screens show (replay-first.ts).
  window.addEventListener('online', () => void afterReplay().then(() => refreshWatched()));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    for (const w of watched.values())
      if (!w.def.manual)
        void refreshIfOlder(w, Math.max(w.def.maxAgeMs ?? 0, VISIBLE_AGAIN_AFTER_MS)).catch(() => undefined);
  });
}
