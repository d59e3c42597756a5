import { Hono } from 'hono';
import { createModule } from '../../http/route';
import type { AppEnv, Deps } from '../../http/types';
import { convertRoute } from './convert-route';
import { dashboardRoute } from './dashboard';
import { quoteRoutes } from './quote-routes';
import { invoiceRoutes } from './invoice-routes';
import { ageingRoute } from './ageing-route';
import { listRoutes } from './list-routes';
import { paymentRoutes } from './payments-routes';
import { sendRoute } from './send-route';
import { ublRoute } from './ubl-route';
import { validateRoute } from './validate-route';

/** Decision 003: invoices, credit notes and quotes — drafting, PDF, gapless validation, sending, lists. */
export function invoicesModule(deps: Deps): Hono<AppEnv> {
  const invoicesApi = createModule(deps, '/api', 'Factures');
  invoiceRoutes(deps, invoicesApi.route);
  validateRoute(deps, invoicesApi.route);
  ublRoute(deps, invoicesApi.route);
  sendRoute(deps, invoicesApi.route);
  listRoutes(deps, invoicesApi.route);
  dashboardRoute(deps, invoicesApi.route);
  paymentRoutes(deps, invoicesApi.route);
  ageingRoute(deps, invoicesApi.route);
  const quotesApi = createModule(deps, '/api', 'Devis');
  quoteRoutes(deps, quotesApi.route);
  convertRoute(deps, quotesApi.route);
  const app = new Hono<AppEnv>();
  app.route('/', invoicesApi.app);
  app.route('/', quotesApi.app);
  return app;
}
