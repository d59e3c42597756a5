import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Exercise } from '../../../../src/domain/types';
import type { DbOrTx } from '../../db/client';
import { customers, exercises, ledgers } from '../../db/schema/index';

// What the invoices module reads of this module's tables (decision 023): customers, exercises and
// ledgers are the catalogue's; invoices and quotes read them only through these functions, and
// their lists join a customer through the fragments below so that a list stays one query.

export type CustomerRow = typeof customers.$inferSelect;

/** The customer an invoice or a quote names by its account number; none → null. */
export async function findCustomerForDocument(
  db: DbOrTx,
  companyId: number,
  accountNumber: string | null | undefined,
): Promise<CustomerRow | null> {
  if (!accountNumber) return null;
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.accountNumber, accountNumber)))
    .limit(1);
  return row ?? null;
}

/** The customer a stored invoice or quote points to; none → null. */
export async function customerOfDocument(db: DbOrTx, id: number | null): Promise<CustomerRow | null> {
  if (id === null) return null;
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row ?? null;
}

/** Open exercises only: a closed one is history (the rulebook judges the current and the previous open one). */
export async function openExercises(db: DbOrTx, companyId: number): Promise<Exercise[]> {
  return db
    .select({ dateStart: exercises.dateStart, dateEnd: exercises.dateEnd })
    .from(exercises)
    .where(and(eq(exercises.companyId, companyId), eq(exercises.closed, false)))
    .orderBy(asc(exercises.dateStart));
}

/** A ledger of the company, by id, or else by code; none → null. */
export async function findLedgerId(
  db: DbOrTx,
  companyId: number,
  by: { id: number } | { code: string },
): Promise<number | null> {
  const where = 'id' in by ? eq(ledgers.id, by.id) : eq(ledgers.code, by.code);
  const [row] = await db
    .select({ id: ledgers.id })
    .from(ledgers)
    .where(and(eq(ledgers.companyId, companyId), where))
    .limit(1);
  return row?.id ?? null;
}

/** Query fragments: a document list shows its customer's account, name and e-mail in the same query. */
export const customerColumns = {
  id: customers.id,
  accountNumber: customers.accountNumber,
  socialReason: customers.socialReason,
  name: customers.name,
  email: customers.email,
};
export const joinCustomer = (customerId: AnyColumn) => [customers, eq(customers.id, customerId)] as const;
/** The id of the customer with this account number in the company, as a sub-query (a list filter). */
export const customerIdByAccount = (companyId: number, accountNumber: string) =>
  sql`(select ${customers.id} from ${customers} where ${customers.companyId} = ${companyId} and ${customers.accountNumber} = ${accountNumber})`;
