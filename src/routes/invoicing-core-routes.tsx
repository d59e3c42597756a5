import { createRoute, redirect } from '@tanstack/react-router';
import { hasChildRight } from '../domain/rights';
import { lazyScreen } from '../lib/lazy-screen';
import { getSession } from '../lib/session';
import { appLayoutRoute } from './app-layout';

// Article catalogue and customers (issue 3). The server checks every call; the guard only spares
// a user without the right a screen full of refusals.
const needs = (child: 'gestionArticles' | 'gestionClients') => () => {
  if (!hasChildRight(getSession()?.profile.appRights, 'mesFactures', child, 'view')) throw redirect({ to: '/', replace: true });
};

export const articlesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/mes-articles',
  staticData: { title: 'Mes articles' },
  beforeLoad: needs('gestionArticles'),
  component: lazyScreen(() => import('../features/articles/components/articles-page'), 'ArticlesPage'),
});

export const customersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/mes-clients',
  staticData: { title: 'Mes clients' },
  beforeLoad: needs('gestionClients'),
  component: lazyScreen(() => import('../features/customers/components/customers-page'), 'CustomersPage'),
});

/** Account numbers are text: '411001' must not become a number, nor a missing one 'undefined'. */
const sheetSearch = (search: Record<string, unknown>): { accountNumber: string } => ({
  accountNumber: search.accountNumber == null ? '' : String(search.accountNumber),
});

export const customerSheetRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/mes-clients/ficheClient',
  staticData: { title: 'Fiche client' },
  validateSearch: sheetSearch,
  beforeLoad: needs('gestionClients'),
  component: lazyScreen(() => import('../features/customers/components/customer-sheet-page'), 'CustomerSheetPage'),
});

export const invoicingCoreRoutes = [articlesRoute, customersRoute, customerSheetRoute];
