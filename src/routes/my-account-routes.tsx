import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { accountPaths, firmInvoicesSearch, statementSearch } from '../features/my-account';
import { getBranding } from '../lib/branding';
import { importOrReload, lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { allowedTo } from './guard';

// « Mon compte » (NAV-4, decision 043): the firm's invoices, the account statement, and the page the
// card provider sends the client back to. The paths carry the product's slug (configuration): they
// are built from the branding known when the app starts (cached from the last /api/config, else
// the default), as the drawer's links are.
const needsRight = allowedTo('view', { menu: 'monCompte' });
const paths = accountPaths();

// lazyScreen's components take no props; these two take their search.
const InvoicesPage = lazyRouteComponent(
  () => importOrReload(() => import('../features/my-account/components/invoices-page')),
  'InvoicesPage',
);
const StatementPage = lazyRouteComponent(
  () => importOrReload(() => import('../features/my-account/components/statement-page')),
  'StatementPage',
);

// Each screen gets its route's validated search as a prop (account-search.ts says why).
function FirmInvoicesScreen(): ReactNode {
  return <InvoicesPage search={firmInvoicesRoute.useSearch()} />;
}
function StatementScreen(): ReactNode {
  return <StatementPage search={statementRoute.useSearch()} />;
}
// The router loads a screen's chunk before it renders the screen (no Suspense fallback flashes).
FirmInvoicesScreen.preload = InvoicesPage.preload;
StatementScreen.preload = StatementPage.preload;

export const firmInvoicesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.invoices,
  staticData: { title: `Mes factures ${getBranding().productName}` },
  validateSearch: firmInvoicesSearch,
  beforeLoad: needsRight,
  component: FirmInvoicesScreen,
});

export const statementRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.statement,
  staticData: { title: 'Extrait de compte' },
  validateSearch: statementSearch,
  beforeLoad: needsRight,
  component: StatementScreen,
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
