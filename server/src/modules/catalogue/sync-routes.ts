import { api } from '../../../../src/contract/index';
import { can } from '../../../../src/domain/rights';
import { assertRight, subjectOf } from '../../http/auth-middleware';
import { createModule } from '../../http/route';
import type { Deps } from '../../http/types';
import { customerChanges, articleChanges } from './sync-service';

/**
 * Changes since a cursor (decision 027): what a device's copy of the customers and articles
 * lacks. Readable by the same users as the lists of the environment: the management screen's
 * view right, or writing invoices or quotes (can readCustomers / readArticles).
 */
export function syncRoutes(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Synchronisation');
  const menu = { right: { menu: 'mesFactures', permission: 'view' } } as const;

  route(api.catalogue.syncCustomers, menu, async (c, { query }) => {
    assertRight(can(subjectOf(c), 'readCustomers'));
    return c.json(await customerChanges(deps.db, c.get('company').id, query));
  });

  route(api.catalogue.syncItems, menu, async (c, { query }) => {
    assertRight(can(subjectOf(c), 'readArticles'));
    return c.json(await articleChanges(deps.db, c.get('company').id, query));
  });

  return app;
}
