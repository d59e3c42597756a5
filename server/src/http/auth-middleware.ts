import type { MiddlewareHandler } from 'hono';
import { and, eq } from 'drizzle-orm';
import { hasChildRight, hasMenuRight, type Permission } from '../../../src/domain/rights';
import { companies, memberships } from '../db/schema/index';
import { findSessionUser } from '../modules/auth/sessions';
import { badRequest, forbidden, unauthorized } from './errors';
import type { AppEnv, Deps } from './types';
import { isIdText } from './validate';

export function requireAuth(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized('Authentification requise.');
    const found = await findSessionUser(deps.db, match[1], deps.now());
    if (!found) throw unauthorized();
    c.set('user', found.user);
    c.set('tokenHash', found.tokenHash);
    await next();
  };
}

/** X-Company-Id names the company; absent, the user's last company. Not a member → 403. */
export function requireCompany(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    const header = c.req.header('x-company-id');
    let companyId = user.lastCompanyId;
    if (header !== undefined) {
      if (!isIdText(header)) throw badRequest('L’en-tête X-Company-Id doit être un identifiant numérique.', 'X-Company-Id');
      companyId = Number(header);
    }
    if (companyId == null) throw forbidden('Aucune société sélectionnée.');
    const rows = await deps.db
      .select({ id: companies.id, label: companies.label, rights: memberships.appRights, categories: memberships.categories, categoriesInbox: memberships.categoriesInbox })
      .from(memberships)
      .innerJoin(companies, eq(companies.id, memberships.companyId))
      .where(and(eq(memberships.userId, user.id), eq(memberships.companyId, companyId)))
      .limit(1);
    if (!rows[0]) throw forbidden('Vous n’êtes pas membre de cette société.');
    c.set('company', rows[0]);
    await next();
  };
}

export const NO_RIGHT = 'Vous n’avez pas les droits nécessaires pour cette action.';

/** For rules a single route right cannot express (e.g. "this child right or that one"). */
export function assertRight(ok: boolean): void {
  if (!ok) throw forbidden(NO_RIGHT);
}

export function requireRight(menu: string, permission: Permission, child?: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const rights = c.get('company').rights;
    assertRight(child ? hasChildRight(rights, menu, child, permission) : hasMenuRight(rights, menu, permission));
    await next();
  };
}
