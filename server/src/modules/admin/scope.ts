import { can, type AppRight } from '../../../../src/domain/rights';
import type { DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../http/errors';
import { membershipScope } from '../users/service';

// Who is a manager (decision 040): a member of the company holding view on
// profil > gestionUtilisateurs there — read with can(), like every other right.

export const NOT_MANAGER = 'Vous n’avez pas le droit « Gérer mes utilisateurs » dans cette société.';
export const COMPANY_NOT_FOUND = 'Société introuvable.';
export const USER_NOT_FOUND = 'Utilisateur introuvable.';

export const isManager = (appRights: readonly AppRight[] | null | undefined, userType?: number) =>
  can({ userType, appRights }, 'view', { menu: 'profil', child: 'gestionUtilisateurs' });

export type ManagedCompany = NonNullable<Awaited<ReturnType<typeof membershipScope>>>;

/**
 * The company named in an administration path, as the caller holds it. Named in the path (not
 * X-Company-Id), it is an object of the request: not a member → 404, never telling it exists;
 * a member without the right → 403 (api-conventions: a missing right is a 403).
 */
export async function managedCompany(db: DbOrTx, callerId: number, companyId: number): Promise<ManagedCompany> {
  const scope = await membershipScope(db, callerId, companyId);
  if (!scope) throw notFound(COMPANY_NOT_FOUND);
  if (!isManager(scope.rights)) throw forbidden(NOT_MANAGER);
  return scope;
}

/** For a step that names several companies (a creation): any one the caller does not manage → 404. */
export async function managedCompanies(db: DbOrTx, callerId: number, ids: number[]): Promise<ManagedCompany[]> {
  const out: ManagedCompany[] = [];
  for (const id of ids) {
    const scope = await membershipScope(db, callerId, id);
    if (!scope || !isManager(scope.rights)) throw notFound(COMPANY_NOT_FOUND);
    out.push(scope);
  }
  return out;
}
