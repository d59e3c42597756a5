import { and, count, eq, isNotNull, max, sql } from 'drizzle-orm';
import { todayInParis } from '../../../../src/domain/dates';
import type { InvoiceCheckContext } from '../../../../src/domain/invoice-checks';
import type { Customer } from '../../../../src/domain/types';
import type { DbOrTx } from '../../db/client';
import { invoices } from '../../db/schema/index';
import type { Deps } from '../../http/types';
import { customerFromRow } from '../catalogue/service';
import { customerOfDocument, findCustomerForDocument, openExercises, type CustomerRow } from '../catalogue/service';
import { findCompany, type CompanyRow } from '../users/service';

// What the rulebook needs to judge a document, read from the database. Inside a validation
// these reads happen after the company's numbering lock, so they see every committed validation.

// Companies are the users module's, customers and exercises the catalogue's (decision 023):
// read through their services, under the names this module has always used.
export type { CompanyRow, CustomerRow };

/** The company of a request: it exists (the membership was checked). */
export async function loadCompany(db: DbOrTx, companyId: number): Promise<CompanyRow> {
  return (await findCompany(db, companyId))!;
}

export const findCustomer = findCustomerForDocument;
export const customerById = customerOfDocument;

/** The one customer read mapping (the catalogue's: texts '' when empty, paymentDelay null = 30 days). */
export const toDomainCustomer = (row: CustomerRow): Customer => customerFromRow(row);

export const loadExercises = openExercises;

/**
 * Invoices ('Facture') validated in the Paris month of `today`. Credit notes are not counted and
 * never blocked by the Starter limit: correcting an invoice must always remain possible.
 */
export async function validatedInvoicesInMonth(db: DbOrTx, companyId: number, today: string): Promise<number> {
  const monthStart = `${today.slice(0, 7)}-01`;
  const [row] = await db
    .select({ n: count() })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.validated, true),
        eq(invoices.type, 'Facture'),
        sql`${invoices.validatedAt} >= (${monthStart}::date)::timestamp at time zone 'Europe/Paris'`,
      ),
    );
  return row.n;
}

export async function latestValidatedDate(db: DbOrTx, companyId: number): Promise<string | null> {
  const [row] = await db
    .select({ d: max(invoices.createdAt) })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.validated, true), isNotNull(invoices.createdAt)));
  return row?.d ?? null;
}

export async function invoiceCheckContext(
  db: DbOrTx,
  deps: Deps,
  opts: { companyId: number; customer: CustomerRow | null; forValidation: boolean; type: string },
): Promise<InvoiceCheckContext> {
  const today = todayInParis(deps.now());
  const [company, exerciseList, validatedThisMonth, latest] = await sequential(db, opts.companyId, today);
  const appliesLimit = opts.type !== 'Avoir';
  return {
    customer: opts.customer ? toDomainCustomer(opts.customer) : null,
    exercises: exerciseList,
    today,
    forValidation: opts.forValidation,
    subscriptionInvoice: company.subscriptionInvoice,
    numberInvoiceValidateMonth: appliesLimit ? company.numberInvoiceValidateMonth : null,
    validatedThisMonth,
    latestValidatedDate: latest,
    // Decision 046: validation needs the seller's legal details (src/domain/legal-details.ts).
    seller: opts.forValidation ? company : null,
  };
}

// One query after the other: a PGlite transaction has one connection, parallel queries gain nothing.
async function sequential(db: DbOrTx, companyId: number, today: string) {
  const company = await loadCompany(db, companyId);
  const exerciseList = await loadExercises(db, companyId);
  const validatedThisMonth = await validatedInvoicesInMonth(db, companyId, today);
  const latest = await latestValidatedDate(db, companyId);
  return [company, exerciseList, validatedThisMonth, latest] as const;
}
