import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { clean, oneOf, text, texts, whole } from '../lib/list-search';
import { appLayoutRoute } from './app-layout';
import { allowedTo } from './guard';

// « Ma comptabilité » (ACC-1, decision 039): the dashboard, the general ledger, the search, the
// information requests, and for the firm the FEC import. Filters and selection are search params.
const needsRight = allowedTo('view', { menu: 'maComptabilite' });
const firmOnly = allowedTo('firm');

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: unknown) => (typeof v === 'string' && DAY.test(v) ? v : undefined);
const amount = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v)
    ? String(v)
    : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)
      ? v
      : undefined;

export interface AccountingDashboardSearch {
  /** The exercise's id (absent: the last consulted, else the latest). */
  exercice?: number;
}
export const accountingDashboardSearch = (s: Record<string, unknown>): AccountingDashboardSearch =>
  clean({ exercice: whole(s.exercice, 1) });

export interface GreatBookSearch {
  exercice?: number;
  /** The account shown (absent: the first of the tree). */
  compte?: string;
  du?: string;
  au?: string;
}
export const ledgerSearch = (s: Record<string, unknown>): GreatBookSearch =>
  clean({ exercice: whole(s.exercice, 1), compte: text(s.compte), du: day(s.du), au: day(s.au) });

export interface EntrySearch {
  exercice?: number;
  du?: string;
  au?: string;
  comptes?: string[];
  journaux?: string[];
  q?: string;
  min?: string;
  max?: string;
}
export const entrySearch = (s: Record<string, unknown>): EntrySearch =>
  clean({
    exercice: whole(s.exercice, 1),
    du: day(s.du),
    au: day(s.au),
    comptes: texts(s.comptes),
    journaux: texts(s.journaux),
    q: text(s.q),
    min: amount(s.min),
    max: amount(s.max),
  });

export interface RequestsSearch {
  /** The request open on the page (a type 2 notification opens it). */
  demande?: number;
  statut?: 'open' | 'answered' | 'closed';
  /** A type 2 notification's id: the page finds its request and opens it (NOTIF-1). */
  notification?: number;
}
export const requestsSearch = (s: Record<string, unknown>): RequestsSearch =>
  clean({
    demande: whole(s.demande, 1),
    statut: oneOf(['open', 'answered', 'closed'] as const)(s.statut),
    notification: whole(s.notification, 1),
  });

export interface FecImportSearch {
  societe?: number;
}
export const fecImportSearch = (s: Record<string, unknown>): FecImportSearch => clean({ societe: whole(s.societe, 1) });

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
