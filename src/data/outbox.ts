// The app's outbox (contract and why: docs/decisions/002-offline-outbox.md).
// Every mutation goes through submitMutation, online or offline.
import { atom } from 'jotai';
import { mayQueue } from '../contract/match';
import { signOutsFirst } from '../lib/pending-sign-outs';
import { getSession, onSessionEvent, store } from '../lib/session';
import { currentDb } from './db';
import type { MutationRequest, MutationResult, OutboxEntry } from './outbox-types';
import { Outbox, type SubmitOptions } from './replayer';
import { isTempId } from './temp-ids';

export type { MutationRequest, MutationResult, OutboxEntry, OutboxState } from './outbox-types';
export { isDraftConflict } from './outbox-types';
export { newTempId, isTempId } from './temp-ids';
export {
  registerOutboxEditor,
  getOutboxEditor,
  registerOutboxReloader,
  getOutboxReloader,
  type OutboxEditor,
} from './outbox-editors';
import { getOutboxReloader } from './outbox-editors';
export { QUOTA_MESSAGE, isQuotaError } from './quota';
export { CANCELLED_MESSAGE, type EntrySender, type SubmitOptions } from './replayer';

export { currentDb };

export const OUTBOX_LOCK = 'workplace-outbox';
export const OUTBOX_SYNC_TAG = 'workplace-outbox';

const hasNavigator = () => typeof navigator !== 'undefined';

/** How long a replay waits for another tab's lock before taking it over. */
export const OUTBOX_LOCK_WAIT_MS = 10_000;

/**
 * One replaying tab per device; without Web Locks (old browsers, unit tests) the tab's own chain only.
 * WebKit keeps a page left in the middle of a replay in its back/forward cache, frozen, still holding
 * the lock (decision 047): the app opened again would wait for it for ever. After OUTBOX_LOCK_WAIT_MS the
 * lock is taken over (`steal`); two senders are then harmless, as between two devices: an entry is
 * claimed in a Dexie transaction, and the server applies each Idempotency-Key once.
 */
function webLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = hasNavigator() ? navigator.locks : undefined;
  if (!locks) return fn();
  const waited = new AbortController();
  const timer = setTimeout(() => waited.abort(), OUTBOX_LOCK_WAIT_MS);
  let granted = false;
  return locks
    .request(OUTBOX_LOCK, { signal: waited.signal }, () => {
      granted = true;
      clearTimeout(timer);
      return fn();
    })
    .catch((error: unknown) => {
      if ((error as Error)?.name !== 'AbortError') throw error;
      // Taken over by a tab that waited too long for it: this drain goes on, it is not a failure.
      if (granted) return undefined as T;
      return locks.request(OUTBOX_LOCK, { steal: true }, fn);
    });
}

/** Chromium wakes the app's pages through the SW 'sync' event when the connection comes back. */
function requestBackgroundSync(): void {
  if (!hasNavigator() || !navigator.serviceWorker?.controller) return;
  void navigator.serviceWorker.ready
    .then((reg) =>
      (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(
        OUTBOX_SYNC_TAG,
      ),
    )
    .catch(() => undefined);
}

export const outbox = new Outbox({
  db: currentDb,
  // A sign-out made offline reaches the server before the queued changes (decision 078).
  fetch: (input, init) => signOutsFirst(getSession()?.token).then(() => globalThis.fetch(input, init)),
  baseUrl: '/api/',
  token: () => getSession()?.token ?? null,
  now: () => Date.now(),
  timeoutMs: 30_000,
  online: () => !hasNavigator() || navigator.onLine !== false,
  lock: webLock,
  schedule: (fn, ms) => {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
  requestBackgroundSync,
  // JSON changes the contract lets wait offline travel many to a request (decision 026).
  batch: (e) => !e.file && mayQueue(e.method, e.path),
});

export interface OutboxStatus {
  paused: boolean;
  running: boolean;
  lastError: string | null;
}
/** paused: a 401 stopped the replay until the user signs in again ("Se reconnecter"). */
export const outboxStatusAtom = atom<OutboxStatus>({ paused: false, running: false, lastError: null });
outbox.on('change', () =>
  store.set(outboxStatusAtom, { paused: outbox.paused, running: outbox.running, lastError: outbox.lastError }),
);

/** Writes the change to the outbox, then (online) sends it at once; see MutationResult. opts.send: see EntrySender. */
export function submitMutation<T>(req: MutationRequest, opts?: SubmitOptions): Promise<MutationResult<T>> {
  // Only what the contract lets wait offline may be kept (offline: 'queue', decision 021).
  if (!mayQueue(req.method, req.path))
    return Promise.reject(
      new Error(`${req.method} ${req.path} : le contrat ne permet pas de la mettre en attente (offline: 'queue').`),
    );
  return outbox.submit<T>(req, opts);
}

/** A temporary id once the server has given the document its id; any other id unchanged. */
export async function resolveId(id: string | number): Promise<string | number> {
  if (!isTempId(id)) return id;
  return (await currentDb()?.idMap.get(id))?.serverId ?? id;
}

/** "Synchroniser" (force: also retries entries in backoff, except a server's Retry-After). */
export const replayOutbox = (opts: { force?: boolean } = {}) => outbox.replay(opts);
export const retryOutboxEntry = (entryId: string) => outbox.retry(entryId);
export const discardOutboxEntry = (entryId: string) => outbox.discard(entryId);
/** A save refused as stale (409 version): sent again from the server's current version (the user chose it). */
export const overwriteOutboxEntry = (entryId: string) => outbox.overwrite(entryId);
/** A save refused as stale: it and the document's later changes leave; the reloaders fetch the server's copy. */
export async function reloadOutboxEntry(entryId: string): Promise<void> {
  const gone = await outbox.discardFrom(entryId);
  const first = gone[0];
  if (first) await getOutboxReloader(first.kind)?.(first);
}
/** A change reached the server (2xx): caches and drafts update (e.g. replace a draft's temporary id). */
export const onMutationDone = (fn: (entry: OutboxEntry, response: unknown) => void) => outbox.on('done', fn);

let stopTriggers: (() => void) | null = null;

/** Replay triggers: start-up, 'online', tab visible again, the SW's OUTBOX_SYNC, a new sign-in. Idempotent. */
export function startOutbox(): () => void {
  if (stopTriggers) return stopTriggers;
  const cleanups: Array<() => void> = [];
  const listen = (target: EventTarget | undefined, type: string, fn: (e: Event) => void) => {
    if (!target) return;
    target.addEventListener(type, fn);
    cleanups.push(() => target.removeEventListener(type, fn));
  };
  listen(typeof window === 'undefined' ? undefined : window, 'online', () => void outbox.replay({ force: true }));
  listen(typeof document === 'undefined' ? undefined : document, 'visibilitychange', () => {
    if (document.visibilityState === 'visible') void outbox.replay();
  });
  listen(hasNavigator() ? navigator.serviceWorker : undefined, 'message', (e) => {
    if ((e as MessageEvent).data?.type === 'OUTBOX_SYNC') void outbox.replay({ force: true });
  });
  // A new token after a 401 pause (or another user): resume with the new session.
  cleanups.push(onSessionEvent('signIn', () => void outbox.resume()));
  // The app opened again (maybe days later, maybe on another network): what waits is tried now,
  // without waiting out the backoff of the attempts made before it closed (a server's Retry-After
  // still holds). Decision 047: WebKit has no Background Sync to do it while the app is closed.
  void outbox.replay({ force: true });
  stopTriggers = () => {
    cleanups.forEach((fn) => fn());
    stopTriggers = null;
  };
  return stopTriggers;
}
