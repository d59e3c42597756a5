import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { invoiceListSearch, quoteListSearch } from '../lib/list-search';
import { allowedTo } from './guard';

// Invoice and quote lists, invoicing dashboard (decision 003), guarded by can() (guard.ts).
const needsChild = (child: 'listeFactures' | 'listeDevis') => allowedTo('view', { menu: 'mesFactures', child });

export const invoiceListRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/liste-des-factures',
  staticData: { title: 'Mes factures' },
  validateSearch: invoiceListSearch,
  beforeLoad: needsChild('listeFactures'),
  component: lazyScreen(() => import('../features/invoices-lists/components/invoice-list-page'), 'InvoiceListPage'),
});

export const quoteListRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/liste-des-devis',
  staticData: { title: 'Mes devis' },
  validateSearch: quoteListSearch,
  beforeLoad: needsChild('listeDevis'),
  component: lazyScreen(() => import('../features/invoices-lists/components/quote-list-page'), 'QuoteListPage'),
});

export const invoicingDashboardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/dashboard',
  staticData: { title: 'Tableau de bord de facturation' },
  // Its figures are invoice figures: the server answers them to who sees the invoice list.
  beforeLoad: needsChild('listeFactures'),
  component: lazyScreen(
    () => import('../features/invoices-dashboard/components/dashboard-page'),
    'InvoicingDashboardPage',
  ),
});

export const invoicesListsRoutes = [invoiceListRoute, quoteListRoute, invoicingDashboardRoute];
