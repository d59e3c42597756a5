// Device storage: ask to keep it (persist) after sign-in, show its use in the sync panel, and wipe
// a user's data at sign-out so another user of a shared shop tablet never sees it.
import { onSignOut, sessionAtom, store } from '../lib/session';
import Dexie from 'dexie';
import { closeUserDb, dbNameFor, deleteUserDb, LIST_TABLES, WorkplaceDb } from './db';

/** Asks the browser not to evict our data under storage pressure; false when refused/unsupported. */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.persist) return false;
    return (await storage.persisted?.()) || (await storage.persist());
  } catch {
    return false;
  }
}

export interface StorageEstimateFr {
  usage: number;
  quota: number;
  persisted: boolean;
}

export async function estimateStorage(): Promise<StorageEstimateFr | null> {
  try {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.estimate) return null;
    const { usage = 0, quota = 0 } = await storage.estimate();
    return { usage, quota, persisted: (await storage.persisted?.()) ?? false };
  } catch {
    return null;
  }
}

/**
 * Sign-out. Normally the whole database goes. If changes are still unsent (a 401 signs out too:
 * the token may have expired while offline), only the cached company data goes: the outbox and
 * the drafts stay in this user's own database and leave when that user signs in again. Another
 * user opens another database, so never sees them.
 */
export async function wipeUserData(userId: number): Promise<'deleted' | 'kept-unsent' | 'none'> {
  if (!(await Dexie.exists(dbNameFor(userId)))) return 'none';
  const db = new WorkplaceDb(dbNameFor(userId));
  try {
    const unsent = (await db.outbox.count()) + (await db.drafts.count());
    if (unsent === 0) {
      db.close();
      await deleteUserDb(userId);
      return 'deleted';
    }
    const tables = [...LIST_TABLES, 'environment', 'records', 'snapshots', 'meta'] as const;
    await db.transaction(
      'rw',
      tables.map((t) => db.table(t)),
      async () => {
        for (const t of tables) await db.table(t).clear();
      },
    );
    return 'kept-unsent';
  } finally {
    db.close();
  }
}

/** What a sign-out would leave on this device for this user (decision 078): drafts and queued changes. */
export interface KeptOnDevice {
  drafts: number;
  changes: number;
}

/** Counted in the user's own database at the moment of signing out (nothing when it does not exist). */
export async function keptOnDevice(userId: number): Promise<KeptOnDevice> {
  if (!(await Dexie.exists(dbNameFor(userId)))) return { drafts: 0, changes: 0 };
  const db = new WorkplaceDb(dbNameFor(userId));
  try {
    return { drafts: await db.drafts.count(), changes: await db.outbox.count() };
  } finally {
    db.close();
  }
}

/**
 * « Supprimer aussi… » at sign-out: the drafts and the queued changes go, and with them the temporary
 * ids only they used; the sign-out's wipe then finds nothing unsent and deletes the whole database.
 */
export async function discardUnsent(userId: number): Promise<void> {
  if (!(await Dexie.exists(dbNameFor(userId)))) return;
  const db = new WorkplaceDb(dbNameFor(userId));
  try {
    await db.transaction('rw', [db.drafts, db.outbox, db.idMap], async () => {
      await db.drafts.clear();
      await db.outbox.clear();
      await db.idMap.clear();
    });
  } finally {
    db.close();
  }
}

let lastUserId: number | null = null;
let started = false;

/** Installs the sign-out wipe (remembers who was signed in: at sign-out the session is already gone). */
export function startStorage(): void {
  if (started) return;
  started = true;
  const remember = () => {
    const id = store.get(sessionAtom)?.profile.id;
    if (id != null) lastUserId = id;
  };
  remember();
  store.sub(sessionAtom, remember);
  onSignOut(async () => {
    if (lastUserId == null) return;
    const id = lastUserId;
    lastUserId = null;
    closeUserDb();
    await wipeUserData(id).catch(() => undefined);
  });
}
