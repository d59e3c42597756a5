// Starts the offline layer once, from main.tsx: the kept tables, the sign-out wipe, their refreshes
// and the outbox replayer with its triggers (docs/how-it-works/offline-and-sync.md).
import { toastError } from '../lib/toast';
import { getSession, onSessionEvent, onSignOut } from '../lib/session';
import { currentDb } from './db';
import { installDefaultDatasets } from './datasets';
import { onMutationDone, replayOutbox, startOutbox } from './outbox';
import { QUOTA_MESSAGE } from './quota';
import { afterReplay, setReplayFirst } from './replay-first';
import { rewriteDraftRefs } from './resolved-refs';
import { requestPersistentStorage, startStorage } from './storage';
import { forgetAll, notifyChange } from './sync/engine';
import { readableTables, refreshTables, tablesChanged } from './sync/tables';

const STALE_AFTER_MS = 15 * 60_000;

const currentCompany = () => getSession()?.profile.userLastCompany ?? null;
const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Refreshes the current company's tables; a full device says so once (the old copy stays). */
export async function refreshCurrentCompany(): Promise<void> {
  const company = currentCompany();
  if (company == null || !isOnline()) return;
  const results = await refreshTables(company, currentDb(), getSession()?.profile);
  if (Object.values(results).some((r) => r.status === 'error' && r.message === QUOTA_MESSAGE))
    toastError('Stockage plein', QUOTA_MESSAGE, 8000);
}

// The answers that depend on the kinds of change applied, refetched once the replay has sent its queue.
const changedKinds = new Set<string>();
let kindsFlush: Promise<void> | null = null;
function notifySoon(kind: string) {
  changedKinds.add(kind);
  kindsFlush ??= afterReplay().then(() => {
    kindsFlush = null;
    const kinds = [...changedKinds];
    changedKinds.clear();
    for (const k of kinds) void notifyChange(k);
  });
}

let started = false;
export function startOfflineData(): void {
  if (started) return;
  started = true;
  installDefaultDatasets();
  startStorage();
  onSessionEvent('signIn', () => {
    void requestPersistentStorage();
    void refreshCurrentCompany();
  });
  onSessionEvent('companyChange', () => void refreshCurrentCompany());
  onSignOut(forgetAll);
  setReplayFirst(() => replayOutbox());
  // Back online: the queued changes first, then the kept tables (replay-first.ts).
  window.addEventListener('online', () => void afterReplay().then(refreshCurrentCompany));
  onMutationDone((entry, response) => {
    // The tables whose refreshAfter names this kind (datasets.ts: invoices, quotes, articles, customers).
    tablesChanged(entry.kind, currentCompany);
    // Answers read through useServerData that depend on this kind of change (decision 022).
    notifySoon(entry.kind);
    const db = currentDb();
    if (db && entry.idField) void rewriteDraftRefs(db, entry, response).catch(() => undefined);
  });
  startOutbox();
  // Start-up of an already signed-in app: refresh copies older than 15 min.
  const company = currentCompany();
  const db = currentDb();
  if (company != null && db) {
    // Every dataset the user may read counts: a reload during the sign-in refresh may have left one of
    // them unwritten. One they may not read never has a copy, and would refresh at every start.
    void Promise.all(readableTables(getSession()?.profile).map((name) => db.meta.get([company, name])))
      .then((metas) => {
        if (metas.some((m) => !m || Date.now() - m.fetchedAt > STALE_AFTER_MS)) void refreshCurrentCompany();
      })
      .catch(() => undefined);
  }
}
