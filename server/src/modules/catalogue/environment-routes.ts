import { todayInParis } from '../../../../src/domain/dates';
import { api } from '../../../../src/contract/index';
import { createModule } from '../../http/route';
import type { Deps } from '../../http/types';
import { environmentEtag, listsVersion, loadEnvironmentJson, loadEnvironmentLookups } from './environment-service';
import { can } from '../../../../src/domain/rights';
import { subjectOf } from '../../http/auth-middleware';

/** If-None-Match names this ETag (weak comparison, RFC 9110 13.1.2: W/ prefixes ignored; * matches). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** The invoicing environment of the current company (ENV-1). */
export function environmentRoutes(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Facturation');

  route(api.catalogue.environment, { right: { menu: 'mesFactures', permission: 'view' } }, async (c, { query }) => {
    // Customers and articles only for who may read them (decision 008): same keys, empty lists.
    // lists=none: the app syncs them apart (/sync/…, decision 027) and asks for the rest only.
    const user = subjectOf(c);
    const lists = query.lists === 'all';
    const scope = { customers: lists && can(user, 'readCustomers'), articles: lists && can(user, 'readArticles') };
    const companyId = c.get('company').id;
    const lookups = await loadEnvironmentLookups(deps.db, companyId, todayInParis(deps.now()));
    const etag = environmentEtag(lookups, scope, await listsVersion(deps.db, companyId, scope));
    // An unchanged environment costs two small queries and no body (decision 027).
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304, { ETag: etag });
    const json = await loadEnvironmentJson(deps.db, companyId, lookups, scope);
    return c.body(json, 200, { 'content-type': 'application/json; charset=utf-8', ETag: etag });
  });

  return app;
}
