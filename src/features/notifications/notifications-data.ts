// The notification screens' reads through the sync layer (decision 022). Kept in memory: the
// bell is polled while shown, the list is read page by page. Each bell answer is also the device's
// copy (device-copy.ts): the home's unread widget reads it, online and offline.
import { defineServerData, type NoParams } from '../../data/sync/server-data';
import { readApiError } from '../../lib/http';
import { toastError } from '../../lib/toast';
import { keepBellOnDevice, markReadOnDevice } from './device-copy';
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
    await keepBellOnDevice(companyId, bell);
    return bell;
  },
});

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
      if (n.readAt === null) {
        const readAt = new Date().toISOString();
        await markReadOnDevice(companyId, n.id, readAt);
        void markNotificationRead(companyId, n.id, readAt);
      }
      return n;
    } catch (error) {
      const e = await readApiError(error);
      toastError('Une erreur est survenue lors de la récupération de la notification.', e.message ?? undefined);
      throw error;
    }
  },
});
