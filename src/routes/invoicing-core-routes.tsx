import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { catalogueSearch } from '../lib/list-search';
import { allowedTo } from './guard';

// Article catalogue and customers (issue 3), guarded by can() (guard.ts).
const needs = (child: 'gestionArticles' | 'gestionClients') => allowedTo('view', { menu: 'mesFactures', child });

export const articlesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/mes-articles',
  staticData: { title: 'Mes articles' },
  validateSearch: catalogueSearch,
  beforeLoad: needs('gestionArticles'),
  component: lazyScreen(() => import('../features/articles/components/articles-page'), 'ArticlesPage'),
});

export const customersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/mes-clients',
  staticData: { title: 'Mes clients' },
  validateSearch: catalogueSearch,
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

// Issue 18: the seller's legal details, read by whoever sees the invoices (edited with 'edit').
export const legalDetailsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/mentions-legales',
  staticData: { title: 'Mentions légales de la société' },
  beforeLoad: allowedTo('view', { menu: 'mesFactures', child: 'listeFactures' }),
  component: lazyScreen(() => import('../features/company-legal/components/legal-details-page'), 'LegalDetailsPage'),
});

export const invoicingCoreRoutes = [articlesRoute, customersRoute, customerSheetRoute, legalDetailsRoute];
