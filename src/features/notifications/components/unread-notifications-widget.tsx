import { Stack } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { HomeWidget, WidgetRow } from '../../../components/page/home-widget';
import { useCachedNotifications } from '../../../data/cache-hooks';
import type { AppNotification } from '../api/notifications-api';
import { formatCount, formatDate } from '../../../domain/format';

/** Home: unread notifications, newest first, from the device's copy (also offline). */
export function UnreadNotificationsWidget() {
  const { rows } = useCachedNotifications<AppNotification>();
  const unread = (rows ?? []).filter((n) => n.readAt === null).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <HomeWidget
      title="Notifications non lues"
      icon={IconBell}
      color="yellow"
      loading={rows === undefined}
      figure={formatCount(unread.length)}
      detail={unread.length === 0 ? 'Vous avez tout lu.' : undefined}
      link={{ to: '/notifications', label: 'Voir toutes les notifications' }}
    >
      {unread.length > 0 && (
        <Stack gap={4}>
          {unread.slice(0, 3).map((n) => (
            <WidgetRow
              key={n.id}
              to="/notifications/$id"
              params={{ id: String(n.id) }}
              label={n.label}
              value={formatDate(n.createdAt)}
            />
          ))}
        </Stack>
      )}
    </HomeWidget>
  );
}
