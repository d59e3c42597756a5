import { todayInParis } from '../../../../src/domain/dates';
import { createModule } from '../../http/route';
import type { Deps } from '../../http/types';
import { loadEnvironmentJson } from './environment-service';
import { mayReadArticles, mayReadCustomers } from './read-rights';

/** The invoicing environment of the current company (spec 3, 7.2). */
export function environmentRoutes(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Facturation');

  route('get', '/environment/plume', {
    summary: 'Environnement de facturation de la société : TVA, comptes, unités, clients, articles, exercices, journaux',
    right: { menu: 'mesFactures', permission: 'view' },
  }, async (c) => {
    // Customers and articles only for who may read them (decision 008): same keys, empty lists.
    const { id, rights } = c.get('company');
    const scope = { customers: mayReadCustomers(rights), articles: mayReadArticles(rights) };
    const json = await loadEnvironmentJson(deps.db, id, todayInParis(deps.now()), scope);
    return c.body(json, 200, { 'content-type': 'application/json; charset=utf-8' });
  });

  return app;
}
