import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { catalogueSearch } from '../lib/list-search';
import { allowedTo } from './guard';

// Articles and customers, guarded by can() (guard.ts).
const needs = (child: 'gestionArticles' | 'gestionClients') => allowedTo('view', { menu: 'mesFactures', child });

export const articlesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/mes-articles',
  staticData: { title: 'Mes articles' },
  validateSearch: catalogueSearch,
  beforeLoad: needs('gestionArticles'),
  component: lazyScreen(() => import('../features/catalogue-articles/components/articles-page'), 'ArticlesPage'),
});

export const customersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/mes-clients',
  staticData: { title: 'Mes clients' },
  validateSearch: catalogueSearch,
  beforeLoad: needs('gestionClients'),
  component: lazyScreen(() => import('../features/catalogue-customers/components/customers-page'), 'CustomersPage'),
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
  component: lazyScreen(
    () => import('../features/catalogue-customers/components/customer-sheet-page'),
    'CustomerSheetPage',
  ),
});

export const catalogueRoutes = [articlesRoute, customersRoute, customerSheetRoute];
