import { todayInParis } from '../../../../src/domain/dates';
import { api } from '../../../../src/contract/index';
import { createModule } from '../../http/route';
import type { Deps } from '../../http/types';
import { loadEnvironmentJson } from './environment-service';
import { can } from '../../../../src/domain/rights';
import { subjectOf } from '../../http/auth-middleware';

/** The invoicing environment of the current company (spec 3, 7.2). */
export function environmentRoutes(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Facturation');

  route(api.catalogue.environment, { right: { menu: 'mesFactures', permission: 'view' } }, async (c) => {
    // Customers and articles only for who may read them (decision 008): same keys, empty lists.
    const user = subjectOf(c);
    const scope = { customers: can(user, 'readCustomers'), articles: can(user, 'readArticles') };
    const json = await loadEnvironmentJson(deps.db, c.get('company').id, todayInParis(deps.now()), scope);
    return c.body(json, 200, { 'content-type': 'application/json; charset=utf-8' });
  });

  return app;
}
