import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';

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

export const legalRoutes = [legalNoticeRoute, cookiesRoute, assistanceRoute];
