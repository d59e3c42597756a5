import { appLayoutRoute } from './app-layout';
import { coreRoutes } from './core-routes';
import { documentsRoutes } from './documents-routes';
import { invoicingCoreRoutes } from './invoicing-core-routes';
import { invoiceListsRoutes } from './invoice-lists-routes';
import { invoiceEditorRoutes } from './invoice-editor-routes';
import { forgottenPasswordRoute, loginRoute } from './public-routes';
import { rootRoute } from './root';
import { notificationsRoutes } from './notifications-routes';
import { cashRegistersRoutes } from './cash-registers-routes';
import { accountingRoutes } from './accounting-routes';
import { adminRoutes } from './admin-routes';
import { myAccountRoutes } from './my-account-routes';
import { fiscalRoutes } from './fiscal-routes';
import { ModuleErrorBoundary, ModulePendingState } from './module-boundary-lazy';
import { receivedInvoicesRoutes } from './received-invoices-routes';

// Modules append their route lists here (one line each).
const appRoutes = [
  ...coreRoutes,
  ...documentsRoutes,
  ...invoicingCoreRoutes,
  ...invoiceListsRoutes,
  ...invoiceEditorRoutes,
  ...notificationsRoutes,
  ...cashRegistersRoutes,
  ...accountingRoutes,
  ...adminRoutes,
  ...myAccountRoutes,
  ...fiscalRoutes,
  ...receivedInvoicesRoutes,
];

// Every screen gets its own error boundary and pending state inside the signed-in frame
// (decision 022): a failing screen leaves the frame, the drawer and the sync panel working.
for (const route of appRoutes) {
  route.update({ errorComponent: ModuleErrorBoundary, pendingComponent: ModulePendingState });
}

export const routeTree = rootRoute.addChildren([
  loginRoute,
  forgottenPasswordRoute,
  appLayoutRoute.addChildren(appRoutes),
]);
