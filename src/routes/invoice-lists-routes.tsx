import { createRoute, redirect } from '@tanstack/react-router';
import { hasChildRight } from '../domain/rights';
import { lazyScreen } from '../lib/lazy-screen';
import { getSession } from '../lib/session';
import { appLayoutRoute } from './app-layout';

// Invoice and quote lists, invoicing dashboard (issue 4). The server checks every call; the guards
// only spare a user without the right a screen full of refusals.
const rights = () => getSession()?.profile.appRights;
const needsChild = (child: 'listeFactures' | 'listeDevis') => () => {
  if (!hasChildRight(rights(), 'mesFactures', child, 'view')) throw redirect({ to: '/', replace: true });
};

export const invoiceListRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/liste-des-factures',
  staticData: { title: 'Mes factures' },
  beforeLoad: needsChild('listeFactures'),
  component: lazyScreen(() => import('../features/invoice-lists/components/invoice-list-page'), 'InvoiceListPage'),
});

export const quoteListRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/liste-des-devis',
  staticData: { title: 'Mes devis' },
  beforeLoad: needsChild('listeDevis'),
  component: lazyScreen(() => import('../features/invoice-lists/components/quote-list-page'), 'QuoteListPage'),
});

export const invoicingDashboardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/dashboard',
  staticData: { title: 'Tableau de bord de facturation' },
  // Its figures are invoice figures: the server answers them to who sees the invoice list.
  beforeLoad: needsChild('listeFactures'),
  component: lazyScreen(() => import('../features/invoicing-dashboard/components/dashboard-page'), 'InvoicingDashboardPage'),
});

export const invoiceListsRoutes = [invoiceListRoute, quoteListRoute, invoicingDashboardRoute];
