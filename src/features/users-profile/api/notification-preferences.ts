// GET / PUT /api/notifications/preferences (decision 042): the three switches of the « Notifications »
// section of /me, per company. The change goes through the outbox like every other, so a switch
// flipped offline is sent back online rather than lost.
import { api } from '../../../contract/index';
import type { NotificationPreferences } from '../../../contract/notifications';
import { submitMutation, type MutationResult } from '../../../data/outbox';
import { call, queued } from '../../../data/api-call';

export type { NotificationPreferences } from '../../../contract/notifications';

export const loadNotificationPreferences = (companyId: number): Promise<NotificationPreferences> =>
  call(api.notifications.getPreferences, { companyId });

export const saveNotificationPreferences = (
  companyId: number,
  prefs: NotificationPreferences,
): Promise<MutationResult<NotificationPreferences>> =>
  submitMutation<NotificationPreferences>({
    ...queued(api.notifications.putPreferences, { body: prefs }),
    companyId,
    // One key per company: a later change replaces an earlier one still waiting (same document).
    docKey: `notification-preferences:${companyId}`,
    // Not 'notification.…': the bell and the list refresh after those, and these change neither.
    kind: 'notificationPreferences.save',
    label: 'Préférences de notification',
  });
