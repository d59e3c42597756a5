import type { Context, MiddlewareHandler } from 'hono';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { can, type Action, type Child, type Menu, type Subject } from '../../../src/domain/rights';
import { companies, memberships, sessions, users } from '../db/schema/index';
import { sha256 } from './sha256';
import { badRequest, forbidden, unauthorized } from './errors';
import type { AppEnv, Deps } from './types';
import { isIdText } from './validate';

function bearerToken(header: string | undefined): string {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match) throw unauthorized('Authentification requise.');
  return match[1]!;
}

export function requireAuth(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const found = await deps.findSessionUser(deps.db, bearerToken(c.req.header('authorization')), deps.now());
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
      if (!isIdText(header))
        throw badRequest('L’en-tête X-Company-Id doit être un identifiant numérique.', 'X-Company-Id');
      companyId = Number(header);
    }
    if (companyId == null) throw forbidden('Aucune société sélectionnée.');
    const rows = await deps.db
      .select({
        id: companies.id,
        label: companies.label,
        rights: memberships.appRights,
        categories: memberships.categories,
        categoriesInbox: memberships.categoriesInbox,
      })
      .from(memberships)
      .innerJoin(companies, eq(companies.id, memberships.companyId))
      .where(and(eq(memberships.userId, user.id), eq(memberships.companyId, companyId)))
      .limit(1);
    if (!rows[0]) throw forbidden('Vous n’êtes pas membre de cette société.');
    c.set('company', rows[0]);
    await next();
  };
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionAndMembershipQuery>['execute']>>[number];

/**
 * The items of one POST /api/sync/batch (decision 026) are one request of the client, sent through
 * the app one by one: they share its session check (decision 030). The batch puts this map in the
 * environment it gives app.fetch; only that internal call can, a request from the network never
 * carries it. It lives as long as the batch (under a second), so a revocation is seen by the next
 * request, as before.
 */
export const BATCH_SESSIONS = Symbol('sessions checked for this batch');
export type BatchSessions = Map<string, SessionRow>;
const batchSessionsOf = (c: Context<AppEnv>) =>
  (c.env as { [BATCH_SESSIONS]?: BatchSessions } | undefined)?.[BATCH_SESSIONS];

/** The query of requireAuthAndCompany, built once (drizzle's query building was ~5 % of a list). */
function sessionAndMembershipQuery(db: Deps['db']) {
  return (
    db
      .select({
        id: users.id,
        username: users.username,
        userType: users.userType,
        lastCompanyId: users.lastCompanyId,
        companyId: companies.id,
        label: companies.label,
        rights: memberships.appRights,
        categories: memberships.categories,
        categoriesInbox: memberships.categoriesInbox,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // The named company, else the user's last one (as requireCompany).
      .leftJoin(
        memberships,
        and(
          eq(memberships.userId, users.id),
          eq(memberships.companyId, sql`coalesce(${sql.placeholder('asked')}::integer, ${users.lastCompanyId})`),
        ),
      )
      .leftJoin(companies, eq(companies.id, memberships.companyId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare('session_membership')
  );
}

/**
 * requireAuth + requireCompany in ONE query (decision 015): under load every query costs,
 * the embedded database running them one at a time. Same answers, same order of checks: 401, then
 * 400 for a malformed X-Company-Id, then 403. Nothing is cached across requests: a revoked session
 * is refused at once (a batch's items are one request, see BATCH_SESSIONS).
 */
export function requireAuthAndCompany(deps: Deps): MiddlewareHandler<AppEnv> {
  let query: ReturnType<typeof sessionAndMembershipQuery> | undefined;
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const header = c.req.header('x-company-id');
    const headerOk = header === undefined || isIdText(header);
    const asked = header !== undefined && headerOk ? Number(header) : null;
    const tokenHash = sha256(token);
    const shared = batchSessionsOf(c);
    const sharedKey = `${tokenHash} ${asked}`;
    let row = shared?.get(sharedKey);
    if (!row) {
      // Prepared on the root handle at first use; a request transaction (mutations) starts after this.
      query ??= sessionAndMembershipQuery(deps.db);
      // A placeholder gets no column encoding: the ISO text is what drizzle sends for a timestamp.
      [row] = await query.execute({ asked, tokenHash, now: deps.now().toISOString() });
      if (row) shared?.set(sharedKey, row);
    }
    if (!row) throw unauthorized();
    c.set('user', { id: row.id, username: row.username, userType: row.userType, lastCompanyId: row.lastCompanyId });
    c.set('tokenHash', tokenHash);
    if (!headerOk) throw badRequest('L’en-tête X-Company-Id doit être un identifiant numérique.', 'X-Company-Id');
    if (asked == null && row.lastCompanyId == null) throw forbidden('Aucune société sélectionnée.');
    if (row.companyId == null || row.rights == null) throw forbidden('Vous n’êtes pas membre de cette société.');
    c.set('company', {
      id: row.companyId,
      label: row.label!,
      rights: row.rights,
      categories: row.categories!,
      categoriesInbox: row.categoriesInbox!,
    });
    await next();
  };
}

export const NO_RIGHT = 'Vous n’avez pas les droits nécessaires pour cette action.';

/**
 * The subject of can() (src/domain/rights.ts) for this request: the session's user type and the
 * rights of the membership in the current company (none on a call without a company).
 */
export function subjectOf(c: Context<AppEnv>): Subject {
  return { userType: c.get('user').userType, appRights: c.get('company')?.rights };
}

/** 403 unless a can() answer allows it; for rules a route's `right` cannot express (capabilities). */
export function assertRight(ok: boolean, message = NO_RIGHT): void {
  if (!ok) throw forbidden(message);
}

/** A route's `right` option: can(subject, permission, { menu, child }) or 403. */
export function requireRight(menu: Menu, permission: Action, child?: Child): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    assertRight(can(subjectOf(c), permission, { menu, child }));
    await next();
  };
}
