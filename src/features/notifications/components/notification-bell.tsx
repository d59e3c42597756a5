import { Menu } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { NotificationMenu } from '../../../components/layout/notification-menu';
import { onSessionEvent, profileAtom } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { useOnline } from '../../../lib/online';
import { fetchBell, resetBell, type BellState } from '../api/notifications-api';

const POLL_MS = 60_000;
const EMPTY: BellState = { notifications: [], notificationsCount: 0 };

/** The top bar's bell (spec 2.5), fed by GET /api/notifications/refresh/…, polled while online. */
export function NotificationBell() {
  const profile = useAtomValue(profileAtom);
  const online = useOnline();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [state, setState] = useState<BellState>(EMPTY);
  const user = profile?.id;
  const company = profile?.userLastCompany;

  const load = useCallback(async () => {
    if (user == null || company == null) return;
    try {
      setState(await fetchBell(user, company));
    } catch {
      /* silent: the bell keeps what it showed */
    }
  }, [user, company]);

  useEffect(() => {
    setState(EMPTY); // spec 4: notifications cleared at login and on company change
    if (!online) return;
    void load();
    const timer = setInterval(() => document.visibilityState === 'visible' && void load(), POLL_MS);
    const off = onSessionEvent('signIn', () => setState(EMPTY));
    return () => { clearInterval(timer); off(); };
  }, [load, online]);

  async function onHover() {
    if (!state.notificationsCount || user == null || company == null) return;
    try {
      await resetBell(user, company);
      setState((s) => ({ ...s, notificationsCount: 0 }));
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
    <NotificationMenu items={items} count={state.notificationsCount} onHover={onHover}
      footer={(
        <>
          <Menu.Divider />
          <Menu.Item onClick={() => (pathname === '/notifications' ? window.location.reload() : void navigate({ to: '/notifications' }))}>
            Voir toutes les notifications
          </Menu.Item>
        </>
      )} />
  );
}
