// The device's copy of the notifications (the `notifications` table and its meta row): what the
// home's unread widget shows, online and offline. The bell's answer replaces it; opening a
// notification marks it read here at once, so the home follows before the server's next answer.
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import type { TableDataset } from '../../data/sync/server-data';
import { storeRows } from '../../data/sync/tables';
import { useUserDb } from '../../data/sync/use-server-rows';
import { currentDb, type CachedRow, type MetaRow, type WorkplaceDb } from '../../data/db';
import { currentCompanyAtom } from '../../lib/session';
import type { AppNotification, BellState } from './api/notifications-api';

const DATASET = 'notifications';
// Written by the bell's polling (notifications-data.ts), not by the company's table refreshes.
const deviceCopy: Pick<TableDataset<AppNotification>, 'key' | 'rowKey'> = { key: DATASET, rowKey: (n) => n.id };

/**
 * The bell's answer replaces the copy: its latest ten notifications, and how many are unread in
 * all (the widget's figure; a user with 15 unread sees 15, not the unread among the ten).
 */
export async function keepBellOnDevice(
  companyId: number,
  bell: BellState,
  db: WorkplaceDb | null = currentDb(),
): Promise<void> {
  // A full device or a sign-out under way: the bell still shows the answer; the copy stays as it was.
  if (!db) return;
  try {
    // One transaction: the home never sees the new rows without their count (storeRows rewrites the
    // meta row, so for a moment the figure would fall back to the unread among the ten).
    await db.transaction('rw', [db.notifications, db.meta], async () => {
      const { notifications, unread, readHere } = withReadsMadeHere(
        bell,
        (await db.meta.get([companyId, DATASET]))?.readHere,
      );
      await storeRows(db, deviceCopy, companyId, notifications);
      await db.meta.update([companyId, DATASET], { unread, readHere } satisfies Partial<MetaRow>);
    });
  } catch {
    /* as above */
  }
}

/**
 * The bell's answer with the reads made on this device laid over it. An answer fetched before a read
 * reached the server still lists that notification unread and counts it: it stays read here, and is
 * not counted. A read the answer shows is done with; one the answer no longer lists (out of the
 * latest ten) is dropped too, since nothing tells any more whether the server's count includes it.
 */
function withReadsMadeHere(bell: BellState, readHere: Record<number, string> = {}) {
  const pending: Record<number, string> = {};
  let unread = bell.unreadCount;
  const notifications = bell.notifications.map((n) => {
    const readAt = readHere[n.id];
    if (readAt === undefined || n.readAt !== null) return n;
    pending[n.id] = readAt;
    unread--;
    return { ...n, readAt };
  });
  return { notifications, unread: Math.max(0, unread), readHere: pending };
}

/** Opening a notification: read on the device now (the server learns it through the outbox). */
export async function markReadOnDevice(
  companyId: number,
  id: number,
  readAt: string,
  db: WorkplaceDb | null = currentDb(),
): Promise<void> {
  if (!db) return;
  await db
    .transaction('rw', [db.notifications, db.meta], async () => {
      const row = (await db.notifications.get([companyId, id])) as CachedRow<AppNotification> | undefined;
      if (!row || row.data.readAt !== null) return;
      await db.notifications.put({ ...row, data: { ...row.data, readAt } });
      const meta = await db.meta.get([companyId, DATASET]);
      if (meta)
        await db.meta.update([companyId, DATASET], {
          ...(meta.unread !== undefined ? { unread: Math.max(0, meta.unread - 1) } : {}),
          readHere: { ...meta.readHere, [id]: readAt },
        } satisfies Partial<MetaRow>);
    })
    .catch(() => undefined);
}

/** The notifications kept on the device (the latest ten of the bell's last answer), newest first: read offline. */
export async function keptNotifications(
  companyId: number,
  db: WorkplaceDb | null = currentDb(),
): Promise<AppNotification[]> {
  if (!db) return [];
  const rows = await db.notifications.where('companyId').equals(companyId).toArray();
  return rows.map((r) => r.data as AppNotification).sort(newestFirst);
}

/** One notification as the device keeps it (among the latest ten); null when it is not kept. */
export async function keptNotification(
  companyId: number,
  id: number,
  db: WorkplaceDb | null = currentDb(),
): Promise<AppNotification | null> {
  if (!db) return null;
  const row = (await db.notifications.get([companyId, id])) as CachedRow<AppNotification> | undefined;
  return row?.data ?? null;
}

const newestFirst = (a: AppNotification, b: AppNotification) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

export interface UnreadNotifications {
  /** The unread ones among the latest kept, newest first. */
  latest: AppNotification[];
  /** How many are unread in all (the server's figure, less the reads made here since). */
  count: number;
}

/** The copy, live; undefined while IndexedDB is read. */
export function useUnreadNotifications(): UnreadNotifications | undefined {
  const db = useUserDb();
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  return useLiveQuery(
    async () => (!db || companyId == null ? { latest: [], count: 0 } : readUnreadOnDevice(db, companyId)),
    [db, companyId],
  );
}

/**
 * One notification as the device keeps it (among the latest ten), live; null when it is not kept
 * or `id` is undefined, undefined while IndexedDB is read.
 */
export function useKeptNotification(id: number | undefined): AppNotification | null | undefined {
  const db = useUserDb();
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  return useLiveQuery(
    async () => (!db || companyId == null || id === undefined ? null : keptNotification(companyId, id, db)),
    [db, companyId, id],
  );
}

export async function readUnreadOnDevice(db: WorkplaceDb, companyId: number): Promise<UnreadNotifications> {
  const latest = (await keptNotifications(companyId, db)).filter((n) => n.readAt === null);
  const meta = await db.meta.get([companyId, DATASET]);
  // A copy written before the figure was kept: the unread among the latest ten.
  return { latest, count: Math.max(meta?.unread ?? 0, latest.length) };
}
