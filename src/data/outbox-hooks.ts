// Live views of the signed-in user's outbox for the top bar and the sync panel.
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { profileAtom } from '../lib/session';
import { userDb } from './db';
import type { OutboxEntry } from './outbox-types';
import { isTempId } from './temp-ids';

function useUserDb() {
  const id = useAtomValue(profileAtom)?.id;
  return id == null ? null : userDb(id);
}

/** Every entry in creation order; undefined while loading. */
export function useOutboxEntries(): OutboxEntry[] | undefined {
  const db = useUserDb();
  return useLiveQuery(async () => (db ? db.outbox.orderBy('seq').toArray() : []), [db]);
}

/** loaded: false until the outbox has been read (a fresh tab must not claim "tout est envoyé" yet). */
export interface OutboxCounts {
  waiting: number;
  failed: number;
  loaded: boolean;
}

/** waiting: pending or being sent; failed: refused by the server (needs the user). */
export function useOutboxCounts(): OutboxCounts {
  const db = useUserDb();
  const counts = useLiveQuery(async () => {
    if (!db) return { waiting: 0, failed: 0, loaded: true };
    const failed = await db.outbox.where('state').equals('failed').count();
    return { waiting: (await db.outbox.count()) - failed, failed, loaded: true };
  }, [db]);
  return counts ?? { waiting: 0, failed: 0, loaded: false };
}

/** Number of local drafts (quotes/invoices not yet confirmed by the server). */
export function useDraftCount(): number {
  const db = useUserDb();
  return useLiveQuery(async () => (db ? db.drafts.count() : 0), [db]) ?? 0;
}

/**
 * The server's id of a temporary one once the outbox has learnt it (its id map), live; null while
 * unknown or for an id that is not temporary, undefined while IndexedDB is read.
 */
export function useResolvedId(ref: string): string | number | null | undefined {
  const db = useUserDb();
  return useLiveQuery(
    async () => (isTempId(ref) && db ? ((await db.idMap.get(ref))?.serverId ?? null) : null),
    [db, ref],
  );
}
