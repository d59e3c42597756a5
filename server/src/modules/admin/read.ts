import type { Page } from '../../../../src/contract/common';
import type { GrantableCompany, ManagedUser, ManagedUserProfile } from '../../../../src/contract/admin';
import {
  categoryLabel,
  categoryPathLabel,
  depositCategoryIds,
  memberReadableCategoryIds,
} from '../../../../src/domain/document-categories';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import { pageTotal } from '../../db/paging';
import {
  companyMembers,
  countCompanyMembers,
  findUserById,
  userMemberships,
  type MemberRow,
  type UserRow,
} from '../users/service';
import { NO_LOCAL_PASSWORD } from '../auth/service';
import { isManager, USER_NOT_FOUND } from './scope';

// The administration's reads: the list, a profile restricted to what the caller manages, and what
// the stepper may offer.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function managedUserOf(row: MemberRow): ManagedUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    firstName: row.firstName,
    email: row.email,
    disabled: row.disabledAt !== null,
    manager: isManager(row.appRights),
    authSource: row.authSource,
    invitationPending: row.invitationPending,
    lastSignInAt: iso(row.lastSignInAt),
  };
}

export async function listManagedUsers(
  db: DbOrTx,
  companyId: number,
  query: { q?: string; page: number; pageSize: number },
): Promise<Page<ManagedUser>> {
  const { q, page, pageSize } = query;
  const rows = await companyMembers(db, companyId, { q, limit: pageSize, offset: (page - 1) * pageSize });
  const total = await pageTotal(rows.length, page, pageSize, () => countCompanyMembers(db, companyId, q));
  return { items: rows.map(managedUserOf), total, page, pageSize };
}

/** The ids of the companies the user manages. */
export async function companiesManagedBy(db: DbOrTx, userId: number): Promise<Set<number>> {
  const mine = await userMemberships(db, userId);
  return new Set(mine.filter((m) => isManager(m.appRights)).map((m) => m.companyId));
}

/** The target's identity and their access in the companies the caller manages (and only those). */
export async function managedProfile(
  db: DbOrTx,
  callerId: number,
  target: UserRow | number,
): Promise<ManagedUserProfile> {
  const user = typeof target === 'number' ? await findUserById(db, target) : target;
  if (!user) throw notFound(USER_NOT_FOUND);
  const [theirs, managed] = await Promise.all([userMemberships(db, user.id), companiesManagedBy(db, callerId)]);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    firstName: user.firstName,
    email: user.email,
    disabled: user.disabledAt !== null,
    authSource: user.authSource,
    invitationPending: user.passwordHash === NO_LOCAL_PASSWORD && user.authSource === 'local',
    lastSignInAt: iso(user.lastSignInAt),
    companies: theirs
      .filter((m) => managed.has(m.companyId))
      .map((m) => ({
        companyId: m.companyId,
        label: m.label,
        manager: isManager(m.appRights),
        appRights: m.appRights,
        categories: m.categories,
        categoriesInbox: m.categoriesInbox,
      })),
  };
}

/** Per company the caller manages: their own rights (the most they may grant) and their categories. */
export async function grantableCompanies(db: DbOrTx, callerId: number): Promise<GrantableCompany[]> {
  const mine = await userMemberships(db, callerId);
  return mine
    .filter((m) => isManager(m.appRights))
    .map((m) => {
      // What the manager reads follows decision 042 (their own categories only with userGedRight).
      const read = new Set(memberReadableCategoryIds({ appRights: m.appRights }, m));
      const deposit = new Set(depositCategoryIds(m.categoriesInbox));
      const ids = new Set([...read, ...deposit]);
      return {
        id: m.companyId,
        label: m.label,
        gedUserRight: m.gedUserRight,
        appRights: m.appRights,
        categories: [...ids]
          .sort((a, b) => a - b)
          .map((id) => ({
            id,
            label: categoryLabel(id),
            path: categoryPathLabel(id),
            read: read.has(id),
            deposit: deposit.has(id),
          })),
      };
    });
}
