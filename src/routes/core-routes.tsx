import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { allowedTo } from './guard';

export const homeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/',
  staticData: { title: 'Accueil' },
  component: lazyScreen(() => import('./home-screen'), 'HomeScreen'),
});

export const profileRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/me',
  staticData: { title: 'Mon profil' },
  component: lazyScreen(() => import('../features/profile/profile-page'), 'ProfilePage'),
});

/** Spec 2.1: /dashboard only for user type 1; others are sent to /. */
export const statisticsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/dashboard',
  staticData: { title: 'Statistiques' },
  beforeLoad: allowedTo('statistics'),
  component: lazyScreen(() => import('../features/statistics/statistics-page'), 'StatisticsPage'),
});

export const legalNoticeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mentions-legales',
  staticData: { title: 'Mentions légales' },
  component: lazyScreen(() => import('../features/legal/legal-pages'), 'LegalNoticePage'),
});

export const cookiesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/politique-cookies',
  staticData: { title: 'Politique de cookies' },
  component: lazyScreen(() => import('../features/legal/legal-pages'), 'CookiePolicyPage'),
});

export const assistanceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/page-assistance',
  staticData: { title: 'Assistance' },
  component: lazyScreen(() => import('../features/legal/legal-pages'), 'AssistancePage'),
});

export const presentationRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/presentation',
  staticData: { title: 'Présentation du module de facturation' },
  component: lazyScreen(() => import('../features/presentation/presentation-page'), 'PresentationPage'),
});

export const coreRoutes = [
  homeRoute,
  profileRoute,
  statisticsRoute,
  legalNoticeRoute,
  cookiesRoute,
  assistanceRoute,
  presentationRoute,
];
