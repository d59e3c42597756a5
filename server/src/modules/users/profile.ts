import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, memberships, users } from '../../db/schema/index';

export type { UserCompany, UserProfile } from '../../../../src/contract/users';
import type { UserProfile } from '../../../../src/contract/users';

export async function loadProfile(db: Db, userId: number): Promise<UserProfile | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const rows = await db
    .select({
      id: companies.id,
      label: companies.label,
      numberInvoiceValidateMonth: companies.numberInvoiceValidateMonth,
      subscriptionInvoice: companies.subscriptionInvoice,
      gedUserRight: companies.gedUserRight,
      appRights: memberships.appRights,
      categories: memberships.categories,
      categoriesInbox: memberships.categoriesInbox,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, userId))
    .orderBy(companies.label);
  // The remembered company must still be one of the user's; otherwise fall back to the first.
  const last = rows.find((r) => r.id === user.lastCompanyId) ?? rows[0];
  return {
    id: user.id,
    name: user.name,
    firstName: user.firstName,
    username: user.username,
    email: user.email,
    userType: user.userType,
    userCompanies: rows.map(({ id, label, numberInvoiceValidateMonth, subscriptionInvoice, gedUserRight }) => ({
      id,
      label,
      numberInvoiceValidateMonth,
      subscriptionInvoice,
      gedUserRight,
    })),
    userLastCompany: last?.id ?? null,
    appRights: last?.appRights ?? [],
    categories: last?.categories ?? [],
    categoriesInbox: last?.categoriesInbox ?? [],
  };
}

export async function membershipOf(db: Db, userId: number, companyId: number) {
  const rows = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function setLastCompany(db: Db, userId: number, companyId: number): Promise<void> {
  await db.update(users).set({ lastCompanyId: companyId }).where(eq(users.id, userId));
}
