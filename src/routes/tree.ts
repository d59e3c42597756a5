import { appLayoutRoute } from './app-layout';
import { coreRoutes } from './core-routes';
import { documentsRoutes } from './documents-routes';
import { invoicingCoreRoutes } from './invoicing-core-routes';
import { forgottenPasswordRoute, loginRoute } from './public-routes';
import { rootRoute } from './root';

// Modules append their route lists here (one line each).
const appRoutes = [...coreRoutes, ...documentsRoutes, ...invoicingCoreRoutes];

export const routeTree = rootRoute.addChildren([loginRoute, forgottenPasswordRoute, appLayoutRoute.addChildren(appRoutes)]);
