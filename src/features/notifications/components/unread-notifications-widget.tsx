import { Stack } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { HomeWidget, WidgetRow } from '../../../components/page/home-widget';
import { useUnreadNotifications } from '../device-copy';
import { formatCount, formatDate } from '../../../domain/format';

/** Home: how many notifications are unread, and the latest of them, from the device's copy (also offline). */
export function UnreadNotificationsWidget() {
  const copy = useUnreadNotifications();
  const unread = copy?.latest ?? [];
  const count = copy?.count ?? 0;
  return (
    <HomeWidget
      title="Notifications non lues"
      icon={IconBell}
      color="yellow"
      loading={copy === undefined}
      figure={formatCount(count)}
      detail={count === 0 ? 'Vous avez tout lu.' : undefined}
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
