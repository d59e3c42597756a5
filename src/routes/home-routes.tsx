import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';

export const homeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/',
  staticData: { title: 'Accueil' },
  component: lazyScreen(() => import('./home-screen'), 'HomeScreen'),
});

export const homeRoutes = [homeRoute];
