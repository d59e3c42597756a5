// The notification screens' reads through the sync layer (decision 022). Kept in memory: the
// bell is polled while shown, the list is read page by page. Each bell answer is also the device's
// copy (the `notifications` table): the home's unread widget and offline reading use it.
import { storeRows, type DatasetDef } from '../../data/caches';
import { currentDb } from '../../data/db';
import { defineServerData, type NoParams } from '../../data/sync/server-data';
import { readApiError } from '../../lib/http';
import { toastError } from '../../lib/toast';
import {
  fetchBell,
  fetchNotification,
  fetchNotificationsPage,
  markNotificationRead,
  type AppNotification,
  type BellState,
} from './api/notifications-api';

export const BELL_POLL_MS = 60_000;

export const bellData = defineServerData<NoParams, BellState>({
  key: 'notificationBell',
  keep: 'memory',
  pollMs: BELL_POLL_MS,
  refreshAfter: ['notification'],
  fetch: async (_, { userId, companyId }) => {
    const bell = await fetchBell(userId, companyId);
    await keepOnDevice(companyId, bell.notifications);
    return bell;
  },
});

const deviceCopy: DatasetDef<AppNotification> = { name: 'notifications', key: (n) => n.id };

/**
 * The bell's answer replaces the device's copy. Before, the sign-in refresh fetched the same list a
 * second time, and the copy only followed a notification read here at the next refresh (the home
 * still listed it as unread). The bell is shown on every signed-in screen, so the copy follows it.
 */
async function keepOnDevice(companyId: number, notifications: AppNotification[]): Promise<void> {
  const db = currentDb();
  // A full device or a sign-out under way: the bell still shows the answer; the copy stays as it was.
  if (db) await storeRows(db, deviceCopy, companyId, notifications).catch(() => undefined);
}

/** The first `pages` pages (20 each), newest first: "Afficher plus" asks for one more. */
export const notificationListData = defineServerData<{ pages: number }, { items: AppNotification[]; total: number }>({
  key: 'notificationList',
  keep: 'memory',
  refreshAfter: ['notification'],
  fetch: async ({ pages }, { companyId }) => {
    const items: AppNotification[] = [];
    let total = 0;
    for (let page = 1; page <= pages; page++) {
      const res = await fetchNotificationsPage(companyId, page);
      items.push(...res.items);
      total = res.total;
      if (items.length >= total || res.items.length === 0) break;
    }
    return { items, total };
  },
});

/** One notification; opening it sets readAt (spec 4), through the outbox. */
export const notificationData = defineServerData<{ id: number }, AppNotification>({
  key: 'notification',
  keep: 'memory',
  fetch: async ({ id }, { companyId }) => {
    try {
      const n = await fetchNotification(companyId, id);
      if (n.readAt === null) void markNotificationRead(companyId, n.id, new Date().toISOString());
      return n;
    } catch (error) {
      const e = await readApiError(error);
      toastError('Une erreur est survenue lors de la récupération de la notification.', e.message ?? undefined);
      throw error;
    }
  },
});
