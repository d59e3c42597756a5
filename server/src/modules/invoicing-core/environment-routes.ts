import { todayInParis } from '../../../../src/domain/dates';
import { createModule } from '../../http/route';
import type { Deps } from '../../http/types';
import { loadEnvironmentJson } from './environment-service';

/** The invoicing environment of the current company (spec 3, 7.2). */
export function environmentRoutes(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Facturation');

  route('get', '/environment/plume', {
    summary: 'Environnement de facturation de la société : TVA, comptes, unités, clients, articles, exercices, journaux',
    right: { menu: 'mesFactures', permission: 'view' },
  }, async (c) => {
    const json = await loadEnvironmentJson(deps.db, c.get('company').id, todayInParis(deps.now()));
    return c.body(json, 200, { 'content-type': 'application/json; charset=utf-8' });
  });

  return app;
}
