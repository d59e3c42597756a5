import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { catalogueSearch, customerSheetSearch } from '../lib/list-search';
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

export const customerSheetRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/mes-clients/ficheClient',
  staticData: { title: 'Fiche client' },
  validateSearch: customerSheetSearch,
  beforeLoad: needs('gestionClients'),
  component: lazyScreen(
    () => import('../features/catalogue-customers/components/customer-sheet-page'),
    'CustomerSheetPage',
  ),
});

export const catalogueRoutes = [articlesRoute, customersRoute, customerSheetRoute];
