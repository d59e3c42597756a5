import { and, count, eq, gte, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { isInvoiceOverdue } from '../../../../src/domain/invoice-status';
import { stateKeyFromLabel, stateLabelFromKey } from '../../../../src/domain/quote-states';
import type { DbOrTx } from '../../db/client';
import { estimates, invoices } from '../../db/schema/index';
import { customerColumns, customerIdByAccount, joinCustomer } from '../catalogue/service';
import { num } from './invoice-store';
import { afterInvoice, afterQuote, decodeInvoiceCursor, decodeQuoteCursor, encodeCursor } from './list-cursor';
import { lastStatusCondition, lastStatuses } from './lifecycle';
import { searchCondition } from './search';

// Server-side filtering and paging of the invoice and quote lists (100 000 documents stay fast:
// the order is the composite index (company_id, number_year, number_seq, number, id) DESC, whose
// NULLs-first puts unnumbered drafts first as INV-26 wants). Deep pages read after a keyset cursor
// (list-cursor.ts) instead of skipping rows.

// The list queries are the contract's (src/contract/invoices-wire.ts, decision 021).
export { invoiceListQuery, MAX_LIST_PAGE_SIZE, quoteListQuery } from '../../../../src/contract/invoices-wire';
import type { invoiceListQuery, quoteListQuery } from '../../../../src/contract/invoices-wire';

const customerIdOf = customerIdByAccount;

/** The order of INV-26, written exactly as the index invoices_company_order_idx so it is an index scan. */
export const INVOICE_ORDER = [
  sql`${invoices.numberYear} desc nulls first`,
  sql`${invoices.numberSeq} desc nulls first`,
  sql`${invoices.number} desc nulls first`,
  sql`${invoices.id} desc nulls last`,
];

/**
 * Validated invoices (not credit notes) still waiting for their payment. Written with literals,
 * exactly as the predicate of the partial index invoices_company_unpaid_idx, so the planner uses it.
 */
export const unpaidCondition = sql`(${invoices.validated} and ${invoices.type} = 'Facture' and ${invoices.paidAt} is null and ${invoices.amountCredited} < ${invoices.ttc})`;

export function invoiceConditions(
  companyId: number,
  q: z.output<typeof invoiceListQuery>,
  today: string,
): SQL | undefined {
  return and(
    eq(invoices.companyId, companyId),
    searchCondition(invoices.searchText, q.q),
    q.customer ? eq(invoices.customerId, customerIdOf(companyId, q.customer)) : undefined,
    q.type ? eq(invoices.type, q.type) : undefined,
    q.validated ? eq(invoices.validated, q.validated === 'true') : undefined,
    q.from ? gte(invoices.createdAt, q.from) : undefined,
    q.to ? lte(invoices.createdAt, q.to) : undefined,
    q.state === 'paid' ? isNotNull(invoices.paidAt) : undefined,
    q.state === 'unpaid' ? unpaidCondition : undefined,
    q.state === 'overdue' ? and(unpaidCondition, lt(invoices.dueDate, today)) : undefined,
    lastStatusCondition(q.lifecycle),
  );
}

/** Where a page starts: `offset` rows in, or right after the row named by a keyset cursor. */
export interface PageStart {
  offset: number;
  after?: string;
}

/**
 * One page of list rows of INV-18 (id, customer, type, number, estimate, invoice), and the cursor
 * of the next page when this one is full.
 */
export async function invoiceRows(db: DbOrTx, where: SQL | undefined, limit: number, start: PageStart, today: string) {
  const rows = await db
    .select({
      id: invoices.id,
      companyId: invoices.companyId,
      numberYear: invoices.numberYear,
      numberSeq: invoices.numberSeq,
      type: invoices.type,
      number: invoices.number,
      createdAt: invoices.createdAt,
      dueDate: invoices.dueDate,
      validated: invoices.validated,
      sentAt: invoices.sentAt,
      paidAt: invoices.paidAt,
      amountPaid: invoices.amountPaid,
      amountCredited: invoices.amountCredited,
      ht: invoices.ht,
      tva: invoices.tva,
      ttc: invoices.ttc,
      estimateId: invoices.estimateId,
      quoteNumber: estimates.number,
      // Frozen identity for a validated invoice, the current record for a draft.
      accountNumber: sql<
        string | null
      >`coalesce(${invoices.customerSnapshot}->>'accountNumber', ${customerColumns.accountNumber})`,
      socialReason: sql<
        string | null
      >`coalesce(${invoices.customerSnapshot}->>'socialReason', ${customerColumns.socialReason})`,
      name: sql<string | null>`coalesce(${invoices.customerSnapshot}->>'contactName', ${customerColumns.name})`,
    })
    .from(invoices)
    .leftJoin(...joinCustomer(invoices.customerId))
    .leftJoin(estimates, eq(estimates.id, invoices.estimateId))
    .where(start.after ? and(where, afterInvoice(decodeInvoiceCursor(start.after))) : where)
    .orderBy(...INVOICE_ORDER)
    .limit(limit)
    .offset(start.after ? 0 : start.offset);
  const last = rows.length === limit ? rows[rows.length - 1] : undefined;
  const next = last ? encodeCursor([last.numberYear, last.numberSeq, last.number, last.id]) : null;
  // Decision 089: the last lifecycle status of each validated invoice of the page (one query).
  const statuses = await lastStatuses(
    db,
    rows[0]?.companyId ?? 0,
    rows.filter((r) => r.validated).map((r) => r.id),
  );
  const items = rows.map((r) => ({
    id: r.id,
    customer: { socialReason: r.socialReason ?? '', name: r.name ?? '', accountNumber: r.accountNumber ?? '' },
    type: r.type,
    number: r.number,
    estimate: r.estimateId && r.quoteNumber ? { id: r.estimateId, number: r.quoteNumber } : null,
    invoice: {
      createdAt: r.createdAt,
      dueDate: r.dueDate,
      validated: r.validated,
      sentAt: r.sentAt ? r.sentAt.toISOString() : null,
      paidAt: r.paidAt,
      // src/domain/invoice-status: what is still due after payments and credit notes.
      overdue: isInvoiceOverdue(
        {
          type: r.type,
          validated: r.validated,
          dueDate: r.dueDate,
          ttc: r.ttc,
          paid: r.amountPaid,
          credited: r.amountCredited,
        },
        today,
      ),
      ht: num(r.ht),
      tva: num(r.tva),
      ttc: num(r.ttc),
      amountPaid: num(r.amountPaid),
      amountCredited: num(r.amountCredited),
    },
    lastStatus: statuses.get(r.id) ?? null,
  }));
  return { items, next };
}

export async function countInvoices(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(invoices).where(where);
  return row.n;
}

export function quoteConditions(companyId: number, q: z.output<typeof quoteListQuery>): SQL | undefined {
  const stateKey = q.state ? (stateKeyFromLabel(q.state) ?? q.state) : undefined;
  return and(
    eq(estimates.companyId, companyId),
    searchCondition(estimates.searchText, q.q),
    q.customer ? eq(estimates.customerId, customerIdOf(companyId, q.customer)) : undefined,
    stateKey ? eq(estimates.state, stateKey) : undefined,
    q.from ? gte(estimates.createdAt, q.from) : undefined,
    q.to ? lte(estimates.createdAt, q.to) : undefined,
  );
}

export async function quoteRows(db: DbOrTx, where: SQL | undefined, limit: number, start: PageStart) {
  const rows = await db
    .select({
      id: estimates.id,
      numberYear: estimates.numberYear,
      numberSeq: estimates.numberSeq,
      number: estimates.number,
      state: estimates.state,
      createdAt: estimates.createdAt,
      validatedAt: estimates.validatedAt,
      ht: estimates.ht,
      ttc: estimates.ttc,
      invoiceId: estimates.invoiceId,
      accountNumber: customerColumns.accountNumber,
      socialReason: customerColumns.socialReason,
      name: customerColumns.name,
    })
    .from(estimates)
    .leftJoin(...joinCustomer(estimates.customerId))
    .where(start.after ? and(where, afterQuote(decodeQuoteCursor(start.after))) : where)
    .orderBy(
      sql`${estimates.numberYear} desc nulls last`,
      sql`${estimates.numberSeq} desc nulls last`,
      sql`${estimates.id} desc nulls last`,
    )
    .limit(limit)
    .offset(start.after ? 0 : start.offset);
  const last = rows.length === limit ? rows[rows.length - 1] : undefined;
  const next = last ? encodeCursor([last.numberYear, last.numberSeq, last.id]) : null;
  const items = rows.map((r) => ({
    id: r.id,
    number: r.number,
    state: stateLabelFromKey(r.state) ?? 'En cours',
    customer: { socialReason: r.socialReason ?? '', name: r.name ?? '', accountNumber: r.accountNumber ?? '' },
    createdAt: r.createdAt,
    validatedAt: r.validatedAt,
    ht: num(r.ht),
    ttc: num(r.ttc),
    invoiceId: r.invoiceId,
  }));
  return { items, next };
}

export async function countQuotes(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(estimates).where(where);
  return row.n;
}

/** The invoices, credit notes included, of one customer of the company (the customer sheet). */
export const customerInvoicesCondition = (companyId: number, customerId: number) =>
  and(eq(invoices.companyId, companyId), eq(invoices.customerId, customerId));

/** The quotes of one customer of the company (the customer sheet). */
export const customerQuotesCondition = (companyId: number, customerId: number) =>
  and(eq(estimates.companyId, companyId), eq(estimates.customerId, customerId));

/**
 * The dashboard's ageing (decision 011): the unpaid invoices only (partial index
 * invoices_company_unpaid_idx: few rows among years of paid ones), with their customer as
 * frozen at validation, else as it is.
 */
export function unpaidReceivables(db: DbOrTx, companyId: number) {
  return db
    .select({
      type: invoices.type,
      validated: invoices.validated,
      dueDate: invoices.dueDate,
      ttc: invoices.ttc,
      paid: invoices.amountPaid,
      credited: invoices.amountCredited,
      accountNumber: sql<string>`coalesce(${invoices.customerSnapshot}->>'accountNumber', ${customerColumns.accountNumber}, '')`,
      socialReason: sql<string>`coalesce(${invoices.customerSnapshot}->>'socialReason', ${customerColumns.socialReason}, '')`,
    })
    .from(invoices)
    .leftJoin(...joinCustomer(invoices.customerId))
    .where(and(eq(invoices.companyId, companyId), unpaidCondition));
}
