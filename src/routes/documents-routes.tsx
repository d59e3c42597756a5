import { createRoute, redirect } from '@tanstack/react-router';
import { hasChildRight, hasMenuRight, type Permission } from '../domain/rights';
import { lazyScreen } from '../lib/lazy-screen';
import { getSession } from '../lib/session';
import { appLayoutRoute } from './app-layout';

// Documents and inbox screens (issue 5). The server checks every call; these guards only spare
// the user a screen full of refusals when the right is missing.
const needs = (menu: string, permission: Permission = 'view') => () => {
  if (!hasMenuRight(getSession()?.profile.appRights, menu, permission)) throw redirect({ to: '/', replace: true });
};

export const documentsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-documents',
  staticData: { title: 'Mes documents' },
  beforeLoad: needs('mesDocuments'),
  component: lazyScreen(() => import('../features/documents/components/documents-page'), 'DocumentsPage'),
});

export const recentDocumentsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-documents/documents-recents',
  staticData: { title: 'Documents récents' },
  beforeLoad: needs('mesDocuments'),
  component: lazyScreen(() => import('../features/documents/components/recent-documents-page'), 'RecentDocumentsPage'),
});

export const inboxRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/ma-bannette',
  staticData: { title: 'Consulter ma bannette' },
  beforeLoad: needs('maBannette'),
  component: lazyScreen(() => import('../features/inbox/components/inbox-page'), 'InboxPage'),
});

export const depositRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/ma-bannette/deposer',
  staticData: { title: 'Déposer des fichiers' },
  beforeLoad: needs('maBannette', 'create'),
  component: lazyScreen(() => import('../features/inbox/components/deposit-page'), 'DepositPage'),
});

/** Spec 6: viewing "mes dépôts" requires view on profil > mesDepots. */
export const myDepositsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-depots',
  staticData: { title: 'Mes dépôts' },
  beforeLoad: () => {
    if (!hasChildRight(getSession()?.profile.appRights, 'profil', 'mesDepots', 'view')) throw redirect({ to: '/', replace: true });
  },
  component: lazyScreen(() => import('../features/inbox/components/my-deposits-page'), 'MyDepositsPage'),
});

export const documentsRoutes = [documentsRoute, recentDocumentsRoute, inboxRoute, depositRoute, myDepositsRoute];
