import { createRoute } from '@tanstack/react-router';
import {
  accountingDashboardSearch,
  entrySearch,
  fecImportSearch,
  ledgerSearch,
  requestsSearch,
} from '../features/accounting/accounting-search';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { allowedTo } from './guard';

// « Ma comptabilité » (ACC-1, decision 039): the dashboard, the general ledger, the search, the
// information requests, and for the firm the FEC import. Filters and selection are search params.
const needsRight = allowedTo('view', { menu: 'maComptabilite' });
const firmOnly = allowedTo('firm');

export const accountingDashboardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/ma-comptabilite/dashboard',
  staticData: { title: 'Tableau de bord comptable' },
  validateSearch: accountingDashboardSearch,
  beforeLoad: needsRight,
  component: lazyScreen(
    () => import('../features/accounting/components/accounting-dashboard-page'),
    'AccountingDashboardPage',
  ),
});

export const ledgerRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/ma-comptabilite/grand-livre',
  staticData: { title: 'Grand livre' },
  validateSearch: ledgerSearch,
  beforeLoad: needsRight,
  component: lazyScreen(() => import('../features/accounting/components/ledger-page'), 'LedgerPage'),
});

export const entrySearchRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/ma-comptabilite/recherche',
  staticData: { title: 'Recherche d’écritures' },
  validateSearch: entrySearch,
  beforeLoad: needsRight,
  component: lazyScreen(() => import('../features/accounting/components/entry-search-page'), 'EntrySearchPage'),
});

export const requestsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/ma-comptabilite/demande-information',
  staticData: { title: 'Demandes d’information' },
  validateSearch: requestsSearch,
  beforeLoad: needsRight,
  component: lazyScreen(() => import('../features/accounting/components/requests-page'), 'RequestsPage'),
});

export const fecImportRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/ma-comptabilite/importer-fec',
  staticData: { title: 'Importer un FEC' },
  validateSearch: fecImportSearch,
  beforeLoad: () => {
    needsRight();
    firmOnly();
  },
  component: lazyScreen(() => import('../features/accounting/components/fec-import-page'), 'FecImportPage'),
});

export const accountingRoutes = [
  accountingDashboardRoute,
  ledgerRoute,
  entrySearchRoute,
  requestsRoute,
  fecImportRoute,
];
