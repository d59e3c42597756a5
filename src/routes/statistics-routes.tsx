import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { allowedTo } from './guard';

/** NAV-3: /dashboard only for user type 1; others are sent to /. */
export const statisticsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/dashboard',
  staticData: { title: 'Statistiques' },
  beforeLoad: allowedTo('statistics'),
  component: lazyScreen(() => import('../features/statistics/statistics-page'), 'StatisticsPage'),
});

export const statisticsRoutes = [statisticsRoute];
