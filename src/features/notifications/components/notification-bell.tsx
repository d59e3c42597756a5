import { Menu } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { NotificationMenu } from '../../../components/layout/notification-menu';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { profileAtom } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { useOnline } from '../../../lib/online';
import { resetBell, type BellState } from '../api/notifications-api';
import { bellData } from '../notifications-data';

const EMPTY: BellState = { notifications: [], notificationsCount: 0, unreadCount: 0 };

/** The top bar's bell (NOTIF-2), fed by GET /api/notifications/refresh/…, polled while online. */
export function NotificationBell() {
  const profile = useAtomValue(profileAtom);
  const online = useOnline();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const user = profile?.id;
  const company = profile?.userLastCompany;
  // Polled while online and visible by the sync layer (decision 022). AUTH-3: cleared at login, and
  // on company change — each user and company has its own answer, none shown before it arrives.
  const read = useServerData(bellData, online ? NO_PARAMS : null);
  const state = (online ? read.data : undefined) ?? EMPTY;

  async function onHover() {
    if (!state.notificationsCount || user == null || company == null) return;
    try {
      await resetBell(user, company);
      read.patch({ ...state, notificationsCount: 0 });
    } catch {
      toastError('Une erreur est survenue lors de la suppression des notifications.');
    }
  }

  const items = state.notifications.map((n) => ({
    id: n.id,
    label: n.label,
    unread: n.readAt === null,
    onOpen: () => void navigate({ to: '/notifications/$id', params: { id: String(n.id) } }),
  }));

  return (
    <NotificationMenu
      items={items}
      count={state.notificationsCount}
      onHover={onHover}
      footer={
        <>
          <Menu.Divider />
          <Menu.Item
            onClick={() =>
              pathname === '/notifications' ? window.location.reload() : void navigate({ to: '/notifications' })
            }
          >
            Voir toutes les notifications
          </Menu.Item>
        </>
      }
    />
  );
}
