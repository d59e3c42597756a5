import { appLayoutRoute } from './app-layout';
import { coreRoutes } from './core-routes';
import { documentsRoutes } from './documents-routes';
import { invoicingCoreRoutes } from './invoicing-core-routes';
import { invoiceListsRoutes } from './invoice-lists-routes';
import { invoiceEditorRoutes } from './invoice-editor-routes';
import { forgottenPasswordRoute, loginRoute } from './public-routes';
import { rootRoute } from './root';
import { notificationsRoutes } from './notifications-routes';

// Modules append their route lists here (one line each).
const appRoutes = [...coreRoutes, ...documentsRoutes, ...invoicingCoreRoutes, ...invoiceListsRoutes, ...invoiceEditorRoutes, ...notificationsRoutes];

export const routeTree = rootRoute.addChildren([loginRoute, forgottenPasswordRoute, appLayoutRoute.addChildren(appRoutes)]);
