import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { nextAccountNumber } from '../../../../src/domain/customers';
import type { Customer } from '../../../../src/domain/types';
import { builtOnce } from '../../db/built-once';
import type { DbOrTx } from '../../db/client';
import { currentXid, customers, CUSTOMERS_ACCOUNT_UNIQUE } from '../../db/schema/index';
import { conflict, notFound } from '../../http/errors';
import { customerValues, toApiCustomer } from './customer-input';
import { isForeignKeyViolation, isUniqueViolation } from './db-errors';
import { recordDeletion } from './tombstones';
import { containsPattern, pageTotal, type ListQuery, type Page } from './paging';

export const DUPLICATE_ACCOUNT = 'Un client avec ce numéro de compte existe déjà.';
export const CUSTOMER_NOT_FOUND = 'Client introuvable.';
export const CUSTOMER_IN_USE = 'Ce client figure sur une facture ou un devis : il ne peut pas être supprimé.';
/** Retention (decision 046): validated invoices keep their customer 10 years. */
export const CUSTOMER_HAS_VALIDATED_INVOICES =
  'Ce client a des factures validées : archivez-le au lieu de le supprimer.';

export type ApiCustomer = ReturnType<typeof toApiCustomer>;

export const customerOrder = [sql`lower(${customers.socialReason})`, asc(customers.accountNumber)];

const ofCompany = (companyId: number, accountNumber: string) =>
  and(eq(customers.companyId, companyId), eq(customers.accountNumber, accountNumber));

export async function listCustomers(db: DbOrTx, companyId: number, query: ListQuery): Promise<Page<ApiCustomer>> {
  const conditions: SQL[] = [eq(customers.companyId, companyId)];
  const q = query.q?.trim();
  if (q) {
    const p = containsPattern(q);
    conditions.push(
      or(
        ilike(customers.accountNumber, p),
        ilike(customers.socialReason, p),
        ilike(customers.name, p),
        ilike(customers.city, p),
        ilike(customers.email, p),
      ) as SQL,
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(customers)
    .where(where)
    .orderBy(...customerOrder)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const total = await pageTotal(
    rows.length,
    query.page,
    query.pageSize,
    async () => (await db.select({ total: count() }).from(customers).where(where))[0]!.total,
  );
  return { items: rows.map(toApiCustomer), total, page: query.page, pageSize: query.pageSize };
}

export async function findCustomer(db: DbOrTx, companyId: number, accountNumber: string): Promise<ApiCustomer> {
  const [row] = await db.select().from(customers).where(ofCompany(companyId, accountNumber)).limit(1);
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return toApiCustomer(row);
}

async function generatedNumbers(db: DbOrTx, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ n: customers.accountNumber })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), sql`${customers.accountNumber} ~ '^C[0-9]+$'`));
  return rows.map((r) => r.n);
}

/**
 * ON CONFLICT DO NOTHING rather than a caught error: inside a transaction a failed insert would
 * abort it, and a generated number that another request took meanwhile is simply tried again.
 */
export async function insertCustomer(
  db: DbOrTx,
  companyId: number,
  customer: Customer,
  at: Date,
): Promise<ApiCustomer> {
  const generate = !customer.accountNumber;
  for (let attempt = 0; attempt < 5; attempt++) {
    const accountNumber = generate ? nextAccountNumber(await generatedNumbers(db, companyId)) : customer.accountNumber;
    const [row] = await db
      .insert(customers)
      .values({ ...customerValues(companyId, { ...customer, accountNumber }), createdAt: at, updatedAt: at })
      .onConflictDoNothing({ target: [customers.companyId, customers.accountNumber] })
      .returning();
    if (row) return toApiCustomer(row);
    if (!generate) break;
  }
  throw conflict(DUPLICATE_ACCOUNT);
}

type CustomerRow = typeof customers.$inferSelect;
type UpdateValues = ReturnType<typeof customerValues> & { current: string; at: string };

/** Every column of customerValues, from placeholders: a replay saves customers by the thousand (built-once.ts). */
const updateStatement = builtOnce<UpdateValues, CustomerRow>((db) => {
  const p = (name: string) => sql.placeholder(name);
  const columns = Object.keys(
    customerValues(0, { accountNumber: '', socialReason: '', billingAddresses: [] } as never),
  );
  return db
    .update(customers)
    .set({
      ...Object.fromEntries(columns.map((c) => [c, p(c)])),
      updatedAt: sql`${p('at')}::timestamptz`,
      syncXid: currentXid(),
    })
    .where(and(eq(customers.companyId, p('companyId')), eq(customers.accountNumber, p('current'))))
    .returning();
});

export async function updateCustomer(
  db: DbOrTx,
  companyId: number,
  accountNumber: string,
  customer: Customer,
  at: Date,
): Promise<ApiCustomer> {
  try {
    const [row] = await updateStatement.run(db, {
      ...customerValues(companyId, customer),
      current: accountNumber,
      at: at.toISOString(),
    });
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    // Renumbered: devices know it by its old number, which must go (decision 027).
    if (row.accountNumber !== accountNumber) await recordDeletion(db, companyId, 'customers', accountNumber);
    return toApiCustomer(row);
  } catch (error) {
    if (isUniqueViolation(error, CUSTOMERS_ACCOUNT_UNIQUE)) throw conflict(DUPLICATE_ACCOUNT);
    throw error;
  }
}

/**
 * Archives a customer (or brings it back): still listed, read and synced with `archived: true`, so
 * the validated invoices naming it keep it, but the editors stop offering it (decision 046).
 */
export async function archiveCustomer(
  db: DbOrTx,
  companyId: number,
  accountNumber: string,
  archived: boolean,
  now: Date,
): Promise<ApiCustomer> {
  const [row] = await db
    .update(customers)
    .set({
      archivedAt: archived ? sql`coalesce(${customers.archivedAt}, ${now.toISOString()}::timestamptz)` : null,
      updatedAt: now,
      syncXid: currentXid(),
    })
    .where(ofCompany(companyId, accountNumber))
    .returning();
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return toApiCustomer(row);
}

/**
 * Whether a validated invoice of the company names the customer: the invoices module's answer
 * (its table), passed in by server/src/modules/index.ts since invoices import the catalogue
 * (decision 080).
 */
export type CustomerHasValidatedInvoices = (db: DbOrTx, companyId: number, customerId: number) => Promise<boolean>;

/**
 * A customer named on a validated invoice is never deleted (409: archive it instead). The database
 * refuses to delete one a draft or a quote points to: that is a 409 too, not a fault.
 */
export async function deleteCustomer(
  db: DbOrTx,
  companyId: number,
  accountNumber: string,
  customerHasValidatedInvoices: CustomerHasValidatedInvoices,
): Promise<void> {
  const [found] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(ofCompany(companyId, accountNumber))
    .limit(1);
  if (!found) throw notFound(CUSTOMER_NOT_FOUND);
  if (await customerHasValidatedInvoices(db, companyId, found.id)) throw conflict(CUSTOMER_HAS_VALIDATED_INVOICES);
  try {
    const deleted = await db
      .delete(customers)
      .where(ofCompany(companyId, accountNumber))
      .returning({ id: customers.id });
    if (!deleted.length) throw notFound(CUSTOMER_NOT_FOUND);
    await recordDeletion(db, companyId, 'customers', accountNumber);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(CUSTOMER_IN_USE);
    throw error;
  }
}
export { customerFromRow } from './customer-input';
