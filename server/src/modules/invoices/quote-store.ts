import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { checkQuote, QUOTE_ERRORS_TITLE } from '../../../../src/domain/quote-checks';
import { stateLabelFromKey } from '../../../../src/domain/quote-states';
import { todayInParis } from '../../../../src/domain/dates';
import { computeTotals } from '../../../../src/domain/totals';
import type { QuotePayload, QuoteStateLabel, Totals, VatBreakdownEntry } from '../../../../src/domain/types';
import { toWire } from '../../../../src/domain/wire-names';
import type { DbOrTx } from '../../db/client';
import { estimates, invoices } from '../../db/schema/index';
import { customerColumns, joinCustomer } from '../catalogue/service';
import { notFound } from '../../http/errors';
import type { Deps } from '../../http/types';
import { findCustomer, loadExercises, toDomainCustomer, type CustomerRow } from './context';
import { totalsJson } from './invoice-store';
import { unknownCustomer } from './invoice-write';
import { discountColumns, discountOf, normalizeLines } from './payload';
import { documentSearchText } from './search';

export const QUOTE_NOT_FOUND = 'Ce devis est introuvable.';
export const FROZEN_QUOTE = 'Ce devis ne peut plus être modifié.';

export async function selectQuotes(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      quote: estimates,
      customer: {
        accountNumber: customerColumns.accountNumber,
        socialReason: customerColumns.socialReason,
        name: customerColumns.name,
      },
      invoiceNumber: invoices.number,
    })
    .from(estimates)
    .leftJoin(...joinCustomer(estimates.customerId))
    .leftJoin(invoices, eq(invoices.id, estimates.invoiceId))
    .where(where)
    .orderBy(sql`${estimates.id}`);
}

export type JoinedQuote = Awaited<ReturnType<typeof selectQuotes>>[number];

export async function loadQuote(db: DbOrTx, companyId: number, id: number): Promise<JoinedQuote> {
  const [row] = await selectQuotes(db, and(eq(estimates.companyId, companyId), eq(estimates.id, id)));
  if (!row) throw notFound(QUOTE_NOT_FOUND);
  return row;
}

export async function loadQuotes(db: DbOrTx, companyId: number, ids: number[]): Promise<JoinedQuote[]> {
  return ids.length ? selectQuotes(db, and(eq(estimates.companyId, companyId), inArray(estimates.id, ids))) : [];
}

/** A quote read in the domain's names; QuoteJson is the same on the wire (spec names). */
export interface QuoteRead extends QuotePayload {
  id: number;
  number: string;
  state: QuoteStateLabel;
  customer: { accountNumber: string; socialReason: string; name: string } | null;
  totals: Totals;
  vatBreakdown: VatBreakdownEntry[];
  invoiceId: number | null;
  invoice: { id: number; number: string | null } | null;
  /** Draft version: sent back with the next save (409 when someone saved in between). */
  version: number;
}

/** The answer's shape is the contract's (src/contract/invoices-wire.ts): this mapping must produce it. */
export type { QuoteJson } from '../../../../src/contract/invoices-wire';
import type { QuoteJson } from '../../../../src/contract/invoices-wire';

export const toQuoteJson = (row: JoinedQuote): QuoteJson => toWire(quoteRead(row));

export function quoteRead(row: JoinedQuote): QuoteRead {
  const q = row.quote;
  return {
    id: q.id,
    number: q.number,
    state: stateLabelFromKey(q.state) ?? 'En cours',
    designation: q.designation,
    customer: row.customer?.accountNumber
      ? {
          accountNumber: row.customer.accountNumber,
          socialReason: row.customer.socialReason ?? '',
          name: row.customer.name ?? '',
        }
      : null,
    createdAt: q.createdAt,
    validatedAt: q.validatedAt,
    billingAddress: q.billingAddress,
    lines: q.lines,
    vatClause: q.vatClause,
    calculatesBasisTTC: q.calculatesBasisTTC,
    discount: discountOf(q),
    totals: totalsJson(q),
    vatBreakdown: q.vatBreakdown,
    invoiceId: q.invoiceId,
    invoice: q.invoiceId ? { id: q.invoiceId, number: row.invoiceNumber ?? null } : null,
    version: q.version,
  };
}

/** The quote checks (QUO-1 to QUO-10) with the company's exercises; an unknown customer is reported with the rest. */
export async function quoteErrors(
  db: DbOrTx,
  deps: Deps,
  companyId: number,
  payload: QuotePayload,
): Promise<{ errors: string[]; customer: CustomerRow | null }> {
  const accountNumber = payload.customer?.accountNumber ?? null;
  const customer = await findCustomer(db, companyId, accountNumber);
  const errors = checkQuote(payload, {
    customer: customer ? toDomainCustomer(customer) : null,
    exercises: await loadExercises(db, companyId),
    today: todayInParis(deps.now()),
  });
  if (accountNumber && !customer) errors.push(unknownCustomer(accountNumber));
  return { errors, customer };
}

export { QUOTE_ERRORS_TITLE };

export function quoteValues(payload: QuotePayload, customer: CustomerRow | null, number: string) {
  const lines = normalizeLines(payload.lines);
  const { vatBreakdown, ht, tva, ttc } = computeTotals(lines, payload.discount);
  return {
    designation: payload.designation,
    customerId: customer?.id ?? null,
    createdAt: payload.createdAt,
    validatedAt: payload.validatedAt,
    billingAddress: payload.billingAddress,
    lines,
    vatClause: payload.vatClause,
    calculatesBasisTTC: payload.calculatesBasisTTC,
    ...discountColumns(payload.discount),
    ht: ht.toFixed(2),
    tva: tva.toFixed(2),
    ttc: ttc.toFixed(2),
    vatBreakdown,
    searchText: documentSearchText([
      number,
      payload.designation,
      customer?.accountNumber,
      customer?.socialReason,
      customer?.name,
    ]),
  };
}
