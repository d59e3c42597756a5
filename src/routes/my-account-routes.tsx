import { createRoute } from '@tanstack/react-router';
import { accountPaths } from '../features/my-account';
import { getBranding } from '../lib/branding';
import { lazyScreen } from '../lib/lazy-screen';
import { clean, oneOf } from '../lib/list-search';
import { appLayoutRoute } from './app-layout';
import { allowedTo } from './guard';

// « Mon compte » (NAV-4, decision 043): the firm's invoices, the account statement, and the page the
// card provider sends the client back to. The paths carry the product's slug (configuration): they
// are built from the branding known when the app starts (cached from the last /api/config, else
// the default), as the drawer's links are.
const needsRight = allowedTo('view', { menu: 'monCompte' });
const paths = accountPaths();

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: unknown) => (typeof v === 'string' && DAY.test(v) ? v : undefined);

export interface FirmInvoicesSearch {
  statut?: 'paid' | 'unpaid' | 'overdue' | 'credit';
}
export const firmInvoicesSearch = (s: Record<string, unknown>): FirmInvoicesSearch =>
  clean({ statut: oneOf(['paid', 'unpaid', 'overdue', 'credit'] as const)(s.statut) });

export interface StatementSearch {
  du?: string;
  au?: string;
}
export const statementSearch = (s: Record<string, unknown>): StatementSearch => clean({ du: day(s.du), au: day(s.au) });

export const firmInvoicesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.invoices,
  staticData: { title: `Mes factures ${getBranding().productName}` },
  validateSearch: firmInvoicesSearch,
  beforeLoad: needsRight,
  component: lazyScreen(() => import('../features/my-account/components/invoices-page'), 'InvoicesPage'),
});

export const statementRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.statement,
  staticData: { title: 'Extrait de compte' },
  validateSearch: statementSearch,
  beforeLoad: needsRight,
  component: lazyScreen(() => import('../features/my-account/components/statement-page'), 'StatementPage'),
});

export const paymentReturnRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  // The server's return URL carries only the portal's payment id (never an amount or a status).
  path: `${paths.payment}/$paiement`,
  staticData: { title: 'Paiement par carte' },
  beforeLoad: needsRight,
  component: lazyScreen(() => import('../features/my-account/components/payment-return-page'), 'PaymentReturnPage'),
});

export const myAccountRoutes = [firmInvoicesRoute, statementRoute, paymentReturnRoute];
