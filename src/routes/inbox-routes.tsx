import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { allowedTo } from './guard';

// Inbox screens, guarded by can() (guard.ts).

export const inboxRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/ma-bannette',
  staticData: { title: 'Consulter ma bannette' },
  beforeLoad: allowedTo('view', { menu: 'maBannette' }),
  component: lazyScreen(() => import('../features/inbox/components/inbox-page'), 'InboxPage'),
});

export const depositRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/ma-bannette/deposer',
  staticData: { title: 'Déposer des fichiers' },
  beforeLoad: allowedTo('create', { menu: 'maBannette' }),
  component: lazyScreen(() => import('../features/inbox/components/deposit-page'), 'DepositPage'),
});

/** RIGHTS-6: viewing "mes dépôts" requires view on profil > mesDepots. */
export const myDepositsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-depots',
  staticData: { title: 'Mes dépôts' },
  beforeLoad: allowedTo('view', { menu: 'profil', child: 'mesDepots' }),
  component: lazyScreen(() => import('../features/inbox/components/my-deposits-page'), 'MyDepositsPage'),
});

export const inboxRoutes = [inboxRoute, depositRoute, myDepositsRoute];
