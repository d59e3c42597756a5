import { appLayoutRoute } from './app-layout';
import { homeRoutes } from './home-routes';
import { usersRoutes } from './users-routes';
import { statisticsRoutes } from './statistics-routes';
import { legalRoutes } from './legal-routes';
import { companyRoutes } from './company-routes';
import { inboxRoutes } from './inbox-routes';
import { documentsRoutes } from './documents-routes';
import { catalogueRoutes } from './catalogue-routes';
import { invoicesListsRoutes } from './invoices-lists-routes';
import { invoicesEditorRoutes } from './invoices-editor-routes';
import { forgottenPasswordRoute, loginRoute } from './auth-routes';
import { rootRoute } from './root';
import { notificationsRoutes } from './notifications-routes';
import { cashRegistersRoutes } from './cash-registers-routes';
import { accountingRoutes } from './accounting-routes';
import { adminRoutes } from './admin-routes';
import { myAccountRoutes } from './my-account-routes';
import { documentsFiscalRoutes } from './documents-fiscal-routes';
import { ModuleErrorBoundary, ModulePendingState } from './module-boundary-lazy';
import { receivedInvoicesRoutes } from './received-invoices-routes';
import { platformRoutes } from './platform-routes';

// Modules append their route lists here (one line each).
const appRoutes = [
  ...homeRoutes,
  ...usersRoutes,
  ...statisticsRoutes,
  ...legalRoutes,
  ...companyRoutes,
  ...documentsRoutes,
  ...inboxRoutes,
  ...catalogueRoutes,
  ...invoicesListsRoutes,
  ...invoicesEditorRoutes,
  ...notificationsRoutes,
  ...cashRegistersRoutes,
  ...accountingRoutes,
  ...adminRoutes,
  ...myAccountRoutes,
  ...documentsFiscalRoutes,
  ...receivedInvoicesRoutes,
  ...platformRoutes,
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
