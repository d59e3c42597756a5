import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../http/types';
import { bankDetailsRoutes } from './bank-details-routes';
import { customersRoutes } from './customers-routes';
import type { CustomerHasValidatedInvoices } from './customers-service';
import { environmentRoutes } from './environment-routes';
import { articleRoutes } from './article-routes';
import { syncRoutes } from './sync-routes';

/**
 * The catalogue: the environment, the article catalogue and the customers of a company. What it
 * asks of the invoices (built on it) is passed in by server/src/modules/index.ts (decision 080).
 */
export function catalogueModule(
  deps: Deps,
  invoices: { customerHasValidatedInvoices: CustomerHasValidatedInvoices },
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.route('/', environmentRoutes(deps));
  app.route('/', articleRoutes(deps));
  app.route('/', customersRoutes(deps, invoices));
  app.route('/', bankDetailsRoutes(deps));
  app.route('/', syncRoutes(deps));
  return app;
}
