import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { AppRight } from '../../../../src/domain/rights';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/paging';
import { companies, memberships, users } from '../../db/schema/index';

// Decision 040: what the administration module (« Gérer mes utilisateurs ») needs of the
// users module's tables — people, their memberships and their state. The rules (who may do what)
// live in server/src/modules/admin; these functions only read and write.

export type UserRow = typeof users.$inferSelect;

/** The unique indexes on the login: the exact one of the first release and the case-blind one. */
export const USERNAME_UNIQUE = ['users_username_uq', 'users_username_lower_uq'];

export interface NewUser {
  username: string;
  name: string;
  firstName: string;
  email: string;
  /** NO_LOCAL_PASSWORD ('') until the invitation link is used. */
  passwordHash: string;
  lastCompanyId: number;
  /** On the server's clock (decision 076), never the database's default. */
  createdAt: Date;
}

/** A user of the companies (userType 2): the body of an administration request never says otherwise. */
export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, userType: 2, authSource: 'local' })
    .returning();
  return row!;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Locks the user's row for its key, which blocks nothing but deleting that user. PostgreSQL writes
 * a row lock to its log, so the transaction that takes it makes its commit wait for the disk, and
 * with it every earlier commit that did not (sync/routes.ts, decision 055).
 */
export async function lockUserKey(db: DbOrTx, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('key share');
}

export async function setUserDisabled(db: DbOrTx, id: number, at: Date | null): Promise<void> {
  await db.update(users).set({ disabledAt: at }).where(eq(users.id, id));
}

/**
 * Serialises the rights changes of one company (PostgreSQL: a row lock until the transaction ends),
 * so two managers removing each other at once cannot both pass the last-manager check.
 */
export async function lockCompany(db: DbOrTx, companyId: number): Promise<void> {
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

const memberColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  firstName: users.firstName,
  email: users.email,
  userType: users.userType,
  authSource: users.authSource,
  disabledAt: users.disabledAt,
  lastSignInAt: users.lastSignInAt,
  /** A local account without a password yet: the invitation mail's link was not used. */
  invitationPending: sql<boolean>`(${users.passwordHash} = '' and ${users.authSource} = 'local')`,
  appRights: memberships.appRights,
};

function memberSearch(companyId: number, q: string | undefined) {
  const word = q?.trim();
  const pattern = word ? containsPattern(word) : null;
  return and(
    eq(memberships.companyId, companyId),
    pattern
      ? or(
          ilike(users.name, pattern),
          ilike(users.firstName, pattern),
          ilike(users.username, pattern),
          ilike(users.email, pattern),
        )
      : undefined,
  );
}

/** Members of a company, by name, one page. */
export async function companyMembers(
  db: DbOrTx,
  companyId: number,
  opts: { q?: string; limit: number; offset: number },
) {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(memberSearch(companyId, opts.q))
    .orderBy(asc(users.name), asc(users.firstName), asc(users.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function countCompanyMembers(db: DbOrTx, companyId: number, q?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(memberSearch(companyId, q));
  return row!.n;
}

export type MemberRow = Awaited<ReturnType<typeof companyMembers>>[number];

/** Every membership of a user, with the company's label and document setting. */
export function userMemberships(db: DbOrTx, userId: number) {
  return db
    .select({
      companyId: companies.id,
      label: companies.label,
      gedUserRight: companies.gedUserRight,
      appRights: memberships.appRights,
      categories: memberships.categories,
      categoriesInbox: memberships.categoriesInbox,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, userId))
    .orderBy(companies.label);
}

/** The rights of every active (not disabled) member of a company: who its managers are. */
export function activeMembersRights(db: DbOrTx, companyId: number) {
  return db
    .select({ userId: memberships.userId, appRights: memberships.appRights })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), sql`${users.disabledAt} is null`));
}

export interface MembershipValues {
  userId: number;
  companyId: number;
  appRights: AppRight[];
  categories: number[];
  categoriesInbox: number[];
}

/** Adds the user to the company, or replaces their rights there. */
export async function saveMembership(db: DbOrTx, values: MembershipValues): Promise<void> {
  const { appRights, categories, categoriesInbox } = values;
  await db
    .insert(memberships)
    .values(values)
    .onConflictDoUpdate({
      target: [memberships.userId, memberships.companyId],
      set: { appRights, categories, categoriesInbox },
    });
}

export async function deleteMembership(db: DbOrTx, userId: number, companyId: number): Promise<void> {
  await db.delete(memberships).where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)));
}

/** « Prénom Nom » of each user id (the audit's actor and target labels). */
export async function personLabels(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.name}`]));
}
