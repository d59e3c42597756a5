import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../http/types';
import { bankDetailsRoutes } from './bank-details-routes';
import { customersRoutes } from './customers-routes';
import { environmentRoutes } from './environment-routes';
import { itemsRoutes } from './article-routes';
import { syncRoutes } from './sync-routes';

/** The catalogue: the environment, the article catalogue and the customers of a company. */
export function catalogueModule(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.route('/', environmentRoutes(deps));
  app.route('/', itemsRoutes(deps));
  app.route('/', customersRoutes(deps));
  app.route('/', bankDetailsRoutes(deps));
  app.route('/', syncRoutes(deps));
  return app;
}
