import { and, count, eq, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type { LegalDetailsBody } from '../../../../src/contract/company';
import type { DbOrTx } from '../../db/client';
import { companies, memberships, users } from '../../db/schema/index';

// The users module owns users, companies and memberships (decision 023). Other modules read and
// write them only through these functions; a list that must stay one query joins through the
// fragments at the end (the join is written here, next to the tables).

export { loadProfile } from './profile';
// The users and memberships an administrator manages (admin), and the key lock of a sync batch.
export {
  activeMembersRights,
  companyMembers,
  countCompanyMembers,
  deleteMembership,
  findUserById,
  insertUser,
  lockCompany,
  lockUserKey,
  personLabels,
  saveMembership,
  setUserDisabled,
  userMemberships,
  USERNAME_UNIQUE,
  type MemberRow,
} from './members-service';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

/** Sign-in and reset links: a login name matches whatever its case. */
export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return user;
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** A company as stored: seller identity on invoices, limits, bank details. */
export async function findCompany(db: DbOrTx, companyId: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row;
}

/** Whether the company applies per-user document categories (DOC-3: gedUserRight); unknown → true. */
export async function companyGedUserRight(db: DbOrTx, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ gedUserRight: companies.gedUserRight })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.gedUserRight ?? true;
}

export type { BankDetails } from '../../../../src/contract/catalogue';
import type { BankDetails } from '../../../../src/contract/catalogue';

/** Decision 046: the seller's legal details (the company module's screen); issued invoices keep their frozen seller. */
export async function setCompanyLegalDetails(
  db: DbOrTx,
  companyId: number,
  details: Partial<Pick<CompanyRow, keyof LegalDetailsBody>>,
): Promise<void> {
  await db.update(companies).set(details).where(eq(companies.id, companyId));
}

export async function setCompanyBankDetails(db: DbOrTx, companyId: number, details: BankDetails): Promise<void> {
  await db.update(companies).set(details).where(eq(companies.id, companyId));
}

/** A user's membership of a company with what documents need to know of it; none → undefined. */
export async function membershipScope(db: DbOrTx, userId: number, companyId: number) {
  const [row] = await db
    .select({
      id: companies.id,
      label: companies.label,
      rights: memberships.appRights,
      categories: memberships.categories,
      categoriesInbox: memberships.categoriesInbox,
      gedUserRight: companies.gedUserRight,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)))
    .limit(1);
  return row;
}

/** Memberships (of a company, or of a user) with their rights, their company's label and document setting. */
export function membershipsWithCompany(db: DbOrTx, where: { companyId?: number; userId?: number }) {
  return db
    .select({
      userId: memberships.userId,
      companyId: companies.id,
      label: companies.label,
      rights: memberships.appRights,
      categories: memberships.categories,
      gedUserRight: companies.gedUserRight,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(
      and(
        where.companyId === undefined ? undefined : eq(memberships.companyId, where.companyId),
        where.userId === undefined ? undefined : eq(memberships.userId, where.userId),
      ),
    );
}

/** Statistics: how many accounts and companies the platform holds. */
export async function countUsersAndCompanies(db: DbOrTx): Promise<{ users: number; companies: number }> {
  const [[u], [c]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(companies),
  ]);
  return { users: u!.n, companies: c!.n };
}

/** Query fragments for another module's list: who (first name, name) and which company (label). */
export const personColumns = { firstName: users.firstName, userName: users.name };
export const companyLabelColumn = companies.label;
export const joinPerson = (userId: AnyColumn) => [users, eq(users.id, userId)] as const;
export const joinCompany = (companyId: AnyColumn) => [companies, eq(companies.id, companyId)] as const;
/** A user who may still sign in and whose sessions still count (decision 040: not disabled). */
export const userIsActive = () => isNull(users.disabledAt);

/** Remembered for the managers' user list (« Dernière connexion »). */
export async function recordSignIn(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
}

/** The session's user, joined by auth's session lookup. */
export const sessionUserColumns = {
  id: users.id,
  username: users.username,
  userType: users.userType,
  lastCompanyId: users.lastCompanyId,
};

/** The seller identity of the invoicing environment as one JSON sub-query (the environment is one query). */
export const companyIdentityJson = (companyId: number) => sql`(select json_build_object('id', c.id, 'label', c.label,
  'legalForm', c.legal_form, 'shareCapital', c.share_capital, 'address', c.address, 'postalCode', c.postal_code,
  'city', c.city, 'siren', c.siren, 'siret', c.siret, 'rcs', c.rcs, 'vatNumber', c.vat_number, 'email', c.email, 'phone', c.phone,
  'subscriptionInvoice', c.subscription_invoice, 'numberInvoiceValidateMonth', c.number_invoice_validate_month,
  'iban', c.iban, 'bic', c.bic, 'logo', c.logo, 'soleTrader', c.sole_trader, 'latePenaltyRate', c.late_penalty_rate,
  'vatOnDebits', c.vat_on_debits) from ${companies} c where c.id = ${companyId})`;
