import type { CompanyAccess, ManagedUserProfile, NewManagedUser } from '../../../../src/contract/admin';
import type { DbOrTx } from '../../db/client';
import { HttpError, conflict, forbidden, notFound } from '../../http/errors';
import type { Deps } from '../../http/types';
import { sqlState } from '../../db/errors';
import { checkedLoginName, createInvitation, NO_LOCAL_PASSWORD, revokeAllSessions } from '../auth/service';
import {
  activeMembersRights,
  deleteMembership,
  findUserById,
  findUserByUsername,
  insertUser,
  lockCompany,
  personLabels,
  saveMembership,
  setUserDisabled,
  userMemberships,
  USERNAME_UNIQUE,
  type UserRow,
} from '../users/service';
import { writeAudit, type AuditRow } from './audit';
import { checkGrant, type Access } from './grant';
import { companiesManagedBy, managedProfile } from './read';
import { isManager, managedCompanies, managedCompany, USER_NOT_FOUND } from './scope';

// The administration's changes (decision 040). Each runs in the request's transaction: the company
// row is locked first (lockCompany), the caller's right is read again under that lock, then the
// change and its audit rows are written together.

export const LOGIN_TAKEN = 'Cet identifiant est déjà utilisé.';
export const SELF_REMOVE = 'Vous ne pouvez pas vous retirer vous-même de la société.';
export const SELF_DISABLE = 'Vous ne pouvez pas désactiver votre propre compte.';
export const FIRM_ACCOUNT = 'Les comptes du cabinet comptable ne se gèrent pas depuis cet écran.';
export const OTHER_COMPANIES =
  'Cet utilisateur a aussi accès à des sociétés que vous ne gérez pas : retirez-le de vos sociétés au lieu de le désactiver.';
export const lastManager = (label: string) =>
  `C’est le dernier gestionnaire de « ${label} » : donnez d’abord le droit « Gérer mes utilisateurs » à un autre utilisateur.`;

export interface Caller {
  id: number;
  userType: number;
}

const accessOf = (m: Access): Access => ({
  appRights: m.appRights,
  categories: m.categories,
  categoriesInbox: m.categoriesInbox,
});

/** Firm staff (userType 1) follow many companies for the firm: a company's manager does not change them. */
function assertManageable(caller: Caller, target: UserRow) {
  if (target.userType === 1 && caller.userType !== 1) throw forbidden(FIRM_ACCOUNT);
}

/** The change would leave the company without an active manager: 409. */
async function keepAManager(db: DbOrTx, company: { id: number; label: string }, losing: number) {
  const others = (await activeMembersRights(db, company.id)).filter(
    (m) => m.userId !== losing && isManager(m.appRights),
  );
  if (others.length === 0) throw conflict(lastManager(company.label));
}

/** A user the caller may see: a member of at least one company the caller manages; else 404. */
async function managedTarget(db: DbOrTx, caller: Caller, targetId: number) {
  const target = await findUserById(db, targetId);
  if (!target) throw notFound(USER_NOT_FOUND);
  const [theirs, managed] = await Promise.all([userMemberships(db, target.id), companiesManagedBy(db, caller.id)]);
  if (!theirs.some((m) => managed.has(m.companyId))) throw notFound(USER_NOT_FOUND);
  return { target, theirs, managed };
}

export async function createManagedUser(deps: Deps, caller: Caller, body: NewManagedUser): Promise<ManagedUserProfile> {
  const db = deps.db;
  const ids = body.companies.map((c) => c.companyId);
  if (new Set(ids).size !== ids.length) {
    const message = 'Une société figure deux fois dans la demande.';
    throw new HttpError(422, message, { errors: [message], field: 'companies' });
  }
  for (const id of [...ids].sort((a, b) => a - b)) await lockCompany(db, id);
  const companies = await managedCompanies(db, caller.id, ids);
  const accesses = body.companies.map((c, i) => checkGrant(companies[i]!, c));
  // NFKC, and no look-alike, invisible character or separator (decision 075).
  const username = checkedLoginName(body.username);
  if (await findUserByUsername(db, username)) throw conflict(LOGIN_TAKEN);
  let user: UserRow;
  try {
    user = await insertUser(db, {
      createdAt: deps.now(),
      username,
      name: body.name,
      firstName: body.firstName,
      email: body.email,
      passwordHash: NO_LOCAL_PASSWORD,
      lastCompanyId: ids[0]!,
    });
  } catch (error) {
    // Two managers creating the same login at once: the case-blind unique index decides (decision 040).
    const state = sqlState(error);
    if (state?.code === '23505' && (!state.constraint || USERNAME_UNIQUE.includes(String(state.constraint))))
      throw conflict(LOGIN_TAKEN);
    throw error;
  }
  const at = deps.now();
  const audit: AuditRow[] = [];
  for (const [i, access] of accesses.entries()) {
    await saveMembership(db, { userId: user.id, companyId: ids[i]!, ...access });
    audit.push({
      companyId: ids[i]!,
      actorId: caller.id,
      targetId: user.id,
      action: 'create',
      before: null,
      after: { username: user.username, ...access },
      at,
    });
  }
  await writeAudit(db, audit);
  const invitedBy = (await personLabels(db, [caller.id])).get(caller.id) ?? 'Votre gestionnaire';
  await createInvitation(deps, { ...user, email: body.email }, { invitedBy, companies: companies.map((c) => c.label) });
  return managedProfile(db, caller.id, user);
}

export async function updateAccess(
  deps: Deps,
  caller: Caller,
  targetId: number,
  companyId: number,
  body: Omit<CompanyAccess, 'companyId'>,
): Promise<ManagedUserProfile> {
  const db = deps.db;
  await lockCompany(db, companyId);
  const company = await managedCompany(db, caller.id, companyId);
  const { target, theirs } = await managedTarget(db, caller, targetId);
  assertManageable(caller, target);
  const current = theirs.find((m) => m.companyId === companyId);
  const access = checkGrant(company, body);
  // Managers may lower their own rights, even give up « Gérer mes utilisateurs », but not leave
  // the company without a manager.
  if (current && isManager(current.appRights) && !isManager(access.appRights))
    await keepAManager(db, company, target.id);
  await saveMembership(db, { userId: target.id, companyId, ...access });
  await writeAudit(db, [
    {
      companyId,
      actorId: caller.id,
      targetId: target.id,
      action: 'rights',
      before: current ? accessOf(current) : null,
      after: access,
      at: deps.now(),
    },
  ]);
  return managedProfile(db, caller.id, target);
}

export async function setDisabled(
  deps: Deps,
  caller: Caller,
  targetId: number,
  disabled: boolean,
): Promise<ManagedUserProfile> {
  const db = deps.db;
  const { target, theirs, managed } = await managedTarget(db, caller, targetId);
  if (target.id === caller.id) throw conflict(SELF_DISABLE);
  assertManageable(caller, target);
  if (!theirs.every((m) => managed.has(m.companyId))) throw forbidden(OTHER_COMPANIES);
  if ((target.disabledAt !== null) === disabled) return managedProfile(db, caller.id, target);
  for (const m of [...theirs].sort((a, b) => a.companyId - b.companyId)) {
    await lockCompany(db, m.companyId);
    await managedCompany(db, caller.id, m.companyId); // read again under the lock
    if (disabled && isManager(m.appRights)) await keepAManager(db, { id: m.companyId, label: m.label }, target.id);
  }
  const at = deps.now();
  await setUserDisabled(db, target.id, disabled ? at : null);
  // Disabled: every session ends now (the session lookup also ignores them, see auth/sessions.ts).
  if (disabled) await revokeAllSessions(db, target.id, at);
  await writeAudit(
    db,
    theirs.map((m) => ({
      companyId: m.companyId,
      actorId: caller.id,
      targetId: target.id,
      action: disabled ? 'disable' : 'enable',
      before: { disabled: !disabled },
      after: { disabled },
      at,
    })),
  );
  return managedProfile(db, caller.id, target.id);
}

/**
 * Removes the target from one company: their access there ends with this request. Removed from
 * their last company, they are disabled too (sessions revoked, sign-in 403), never deleted.
 */
export async function removeFromCompany(
  deps: Deps,
  caller: Caller,
  companyId: number,
  targetId: number,
): Promise<void> {
  const db = deps.db;
  await lockCompany(db, companyId);
  const company = await managedCompany(db, caller.id, companyId).catch((error: unknown) => {
    // X-Company-Id named it and the caller was a member a moment ago: no existence to hide.
    if (error instanceof HttpError && error.status === 404) throw forbidden('Vous n’êtes pas membre de cette société.');
    throw error;
  });
  if (targetId === caller.id) throw conflict(SELF_REMOVE);
  const target = await findUserById(db, targetId);
  const theirs = target ? await userMemberships(db, target.id) : [];
  const current = theirs.find((m) => m.companyId === companyId);
  if (!target || !current) throw notFound(USER_NOT_FOUND);
  assertManageable(caller, target);
  if (isManager(current.appRights)) await keepAManager(db, company, target.id);
  await deleteMembership(db, target.id, companyId);
  const at = deps.now();
  const audit: AuditRow[] = [
    {
      companyId,
      actorId: caller.id,
      targetId: target.id,
      action: 'remove',
      before: accessOf(current),
      after: null,
      at,
    },
  ];
  if (theirs.length === 1 && target.disabledAt === null) {
    await setUserDisabled(db, target.id, at);
    await revokeAllSessions(db, target.id, at);
    audit.push({
      companyId,
      actorId: caller.id,
      targetId: target.id,
      action: 'disable',
      before: { disabled: false },
      after: { disabled: true },
      at,
    });
  }
  await writeAudit(db, audit);
}
