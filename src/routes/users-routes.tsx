import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';

export const profileRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/me',
  staticData: { title: 'Mon profil' },
  component: lazyScreen(() => import('../features/users-profile/profile-page'), 'ProfilePage'),
});

export const usersRoutes = [profileRoute];
