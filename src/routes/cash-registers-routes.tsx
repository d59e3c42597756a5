import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { clean, oneOf, text } from '../lib/list-search';
import { appLayoutRoute } from './app-layout';
import { allowedTo } from './guard';

// « Mes caisses » (NAV-1, decision 037): the registers, a register's journals day by day, the
// dashboard; the register and the day are search params (?caisse=<uuid>&jour=AAAA-MM-JJ).
const needsRight = allowedTo('view', { menu: 'mesCaisses' });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: unknown) => (typeof v === 'string' && DAY.test(v) ? v : undefined);

export interface JournalSearch {
  caisse?: string;
  jour?: string;
  /** The panel open on the day: the form, the closing, the integrity check. */
  panel?: 'saisie' | 'cloture' | 'integrite';
}
export const journalSearch = (s: Record<string, unknown>): JournalSearch =>
  clean({
    caisse: text(s.caisse),
    jour: day(s.jour),
    panel: oneOf(['saisie', 'cloture', 'integrite'] as const)(s.panel),
  });

export interface CashDashboardSearch {
  caisse?: string;
  du?: string;
  au?: string;
}
export const cashDashboardSearch = (s: Record<string, unknown>): CashDashboardSearch =>
  clean({ caisse: text(s.caisse), du: day(s.du), au: day(s.au) });

export const cashRegistersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-caisses',
  staticData: { title: 'Mes caisses' },
  beforeLoad: needsRight,
  component: lazyScreen(() => import('../features/cash-registers/components/registers-page'), 'RegistersPage'),
});

export const cashJournalsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-caisses/journées',
  staticData: { title: 'Journées de caisse' },
  validateSearch: journalSearch,
  beforeLoad: needsRight,
  component: lazyScreen(() => import('../features/cash-registers/components/journal-page'), 'JournalPage'),
});

export const cashDashboardRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-caisses/dashboard',
  staticData: { title: 'Tableau de bord des caisses' },
  validateSearch: cashDashboardSearch,
  beforeLoad: needsRight,
  component: lazyScreen(() => import('../features/cash-registers/components/cash-dashboard-page'), 'CashDashboardPage'),
});

export const cashRegistersRoutes = [cashRegistersRoute, cashJournalsRoute, cashDashboardRoute];
