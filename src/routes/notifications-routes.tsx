import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { pageSearch } from '../lib/list-search';

export const notificationsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/notifications',
  staticData: { title: 'Notifications' },
  validateSearch: pageSearch,
  component: lazyScreen(() => import('../features/notifications/components/notifications-page'), 'NotificationsPage'),
});

export const notificationRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/notifications/$id',
  staticData: { title: 'Notification' },
  component: lazyScreen(() => import('../features/notifications/components/notification-page'), 'NotificationPage'),
});

export const notificationsRoutes = [notificationsRoute, notificationRoute];
