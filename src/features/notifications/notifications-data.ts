// The notification screens' reads through the sync layer (decision 022). Kept in memory: the
// bell is polled while shown, the list is read page by page. Each bell answer is also the device's
// copy (device-copy.ts): the home's unread widget reads it, online and offline.
import { defineServerData, type NoParams } from '../../data/sync/server-data';
import { isNetworkError, readApiError } from '../../lib/http';
import { toastError } from '../../lib/toast';
import { keepBellOnDevice, keptNotification, keptNotifications, markReadOnDevice } from './device-copy';
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

/** A list of notifications; `kept`: offline, the ones kept on the device instead of the server's. */
export interface NotificationList {
  items: AppNotification[];
  total: number;
  kept?: boolean;
}

/**
 * The first `pages` pages (20 each), newest first: "Afficher plus" asks for one more. With no
 * network, the notifications kept on the device (the latest ten), so the home's links still lead
 * somewhere.
 */
export const notificationListData = defineServerData<{ pages: number }, NotificationList>({
  key: 'notificationList',
  keep: 'memory',
  refreshAfter: ['notification'],
  readsDevice: true,
  fetch: async ({ pages }, { companyId }) => {
    const items: AppNotification[] = [];
    let total = 0;
    try {
      for (let page = 1; page <= pages; page++) {
        const res = await fetchNotificationsPage(companyId, page);
        items.push(...res.items);
        total = res.total;
        if (items.length >= total || res.items.length === 0) break;
      }
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      const kept = await keptNotifications(companyId);
      return { items: kept, total: kept.length, kept: true };
    }
    return { items, total };
  },
});

export const NOT_KEPT_OFFLINE =
  'Cette notification n’est pas gardée sur cet appareil : ouvrez-la une fois la connexion revenue.';

/**
 * One notification; opening it sets readAt (NOTIF-5): at once on the device, and through the outbox
 * for the server (queued when offline). With no network, the device's copy of it.
 */
export const notificationData = defineServerData<{ id: number }, AppNotification>({
  key: 'notification',
  keep: 'memory',
  readsDevice: true,
  fetch: async ({ id }, { companyId }) => {
    let n: AppNotification;
    try {
      n = await fetchNotification(companyId, id);
    } catch (error) {
      const kept = isNetworkError(error) ? await keptNotification(companyId, id) : null;
      if (!kept) {
        const e = await readApiError(error);
        const detail = isNetworkError(error) ? NOT_KEPT_OFFLINE : (e.message ?? undefined);
        toastError('Une erreur est survenue lors de la récupération de la notification.', detail);
        throw error;
      }
      n = kept;
    }
    if (n.readAt === null) {
      const readAt = new Date().toISOString();
      await markReadOnDevice(companyId, n.id, readAt);
      void markNotificationRead(companyId, n.id, readAt);
    }
    return n;
  },
});
