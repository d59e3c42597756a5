// What « Mon profil » reads from the server (decision 082: datasets are declared in -data.ts files).
import { defineServerData, type NoParams } from '../../data/sync/server-data';
import { loadNotificationPreferences, type NotificationPreferences } from './api/notification-preferences';

// Kept in memory (decision 022): three booleans read when /me opens; nothing to keep offline.
export const preferencesData = defineServerData<NoParams, NotificationPreferences>({
  key: 'notificationPreferences',
  keep: 'memory',
  // A change sent later from the outbox (offline) makes the kept answer stale.
  refreshAfter: ['notificationPreferences'],
  fetch: (_, { companyId }) => loadNotificationPreferences(companyId),
});
