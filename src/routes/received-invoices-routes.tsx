import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { allowedTo } from './guard';

// « Factures reçues » (decision 046), under « Mes factures »: the inbox's rights (who sees the deposits
// reads the received invoices; the deposit button asks for the inbox's create right).
const seesDeposits = allowedTo('view', { menu: 'maBannette' });

export const receivedInvoicesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/factures-recues',
  staticData: { title: 'Factures reçues' },
  beforeLoad: seesDeposits,
  component: lazyScreen(() => import('../features/received-invoices/index'), 'ReceivedInvoicesPage'),
});

export const receivedInvoiceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/factures-recues/$id',
  staticData: { title: 'Facture reçue' },
  beforeLoad: seesDeposits,
  component: lazyScreen(() => import('../features/received-invoices/index'), 'ReceivedInvoicePage'),
});

export const receivedInvoicesRoutes = [receivedInvoicesRoute, receivedInvoiceRoute];
