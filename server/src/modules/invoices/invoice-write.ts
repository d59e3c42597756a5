import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { correctedInvoiceLinkErrors, creditMessages } from '../../../../src/domain/credit-notes';
import { checkInvoice, INVOICE_ERRORS_TITLE } from '../../../../src/domain/invoice-checks';
import { isOperationKind } from '../../../../src/domain/operation-kind';
import { computeTotals } from '../../../../src/domain/totals';
import type { DbOrTx } from '../../db/client';
import { invoices } from '../../db/schema/index';
import { HttpError, unprocessable } from '../../http/errors';
import type { Deps } from '../../http/types';
import { findCustomer, invoiceCheckContext, type CustomerRow } from './context';
import { creditLimitErrors } from './credit-balance';
import { discountColumns, discountOf, normalizeLines, type InvoiceWrite } from './payload';
import { documentSearchText } from './search';
import type { InvoiceRow } from './invoice-store';

// The rulebook before every write (decision 003). Saving a draft runs every invoice check (INV-1 to INV-15) except
// the two that only make sense when validating (Starter limit, date after this month): the
// spec's screen runs the checks before saving, so the server refuses what the screen refuses,
// and a client without the screen (offline sync, scripts) cannot store a draft the screen would
// have blocked. Validation runs them all again, on the stored draft, inside its transaction.

export const unknownCustomer = (accountNumber: string) => `Le client « ${accountNumber} » est introuvable.`;
/** The rulebook's words (src/domain/credit-notes.ts), under the names this module used. */
export const CORRECTED_MESSAGES = {
  onlyCreditNote: creditMessages.onlyCreditNote,
  notFound: creditMessages.notFound,
  notValidated: creditMessages.notValidated,
  notInvoice: creditMessages.notInvoice,
  otherCustomer: creditMessages.otherCustomer,
  noCorrectedInvoice: creditMessages.noCorrectedInvoice,
};

/** A save that started from an older version of the draft (decision 010: lost updates). */
export const STALE_DRAFT =
  'Ce brouillon a été modifié ailleurs (dans un autre onglet ou sur un autre appareil) depuis que vous l’avez ouvert : rechargez-le pour voir ces modifications, ou écrasez-les avec votre version.';
/** field 'version' tells clients this 409 is a stale draft (not a frozen document): they offer reload or overwrite. */
export const staleDraft = () => new HttpError(409, STALE_DRAFT, { field: 'version' });

/**
 * The version check and bump of a draft write, in the UPDATE itself (… WHERE version = expected):
 * two saves from the same version cannot both pass, whatever their timing. expected null: no check.
 */
export function versionGuard(column: PgColumn, expected: number | null): { bump: SQL; where: SQL | undefined } {
  return { bump: sql`${column} + 1`, where: expected === null ? undefined : eq(column, expected) };
}

/** The link of a credit note to the invoice it corrects: same company, same customer, validated Facture. */
async function correctedInvoiceErrors(
  db: DbOrTx,
  companyId: number,
  payload: InvoiceWrite,
  customer: CustomerRow | null,
): Promise<string[]> {
  const id = payload.correctedInvoiceId;
  if (!id || payload.type !== 'Avoir') return correctedInvoiceLinkErrors(payload, null, customer?.id ?? null);
  const [row] = await db
    .select({
      number: invoices.number,
      validated: invoices.validated,
      type: invoices.type,
      customerId: invoices.customerId,
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .limit(1);
  const errors = correctedInvoiceLinkErrors(payload, row ?? null, customer?.id ?? null);
  // Decision 011: never more than what remains to be credited (credit-balance.ts, src/domain/credit-notes).
  if (errors.length === 0) errors.push(...(await creditLimitErrors(db, companyId, id, draftValues(payload, customer))));
  return errors;
}

/** Every broken rule of the payload, in the spec's words; [] when it may be written. */
export async function invoiceErrors(
  db: DbOrTx,
  deps: Deps,
  companyId: number,
  payload: InvoiceWrite,
  forValidation: boolean,
): Promise<{ errors: string[]; customer: CustomerRow | null }> {
  const accountNumber = payload.customer?.accountNumber ?? null;
  const customer = await findCustomer(db, companyId, accountNumber);
  const ctx = await invoiceCheckContext(db, deps, { companyId, customer, forValidation, type: payload.type });
  const errors = checkInvoice(payload, ctx);
  if (accountNumber && !customer) errors.push(unknownCustomer(accountNumber));
  errors.push(...(await correctedInvoiceErrors(db, companyId, payload, customer)));
  return { errors, customer };
}

export function throwIfErrors(errors: string[], title = INVOICE_ERRORS_TITLE): void {
  if (errors.length > 0) throw unprocessable(title, errors);
}

/** The columns a draft write sets, after the rules passed. Totals are the rulebook's. */
export function draftValues(payload: InvoiceWrite, customer: CustomerRow | null) {
  const lines = normalizeLines(payload.lines);
  const { vatBreakdown, ht, tva, ttc } = computeTotals(lines, payload.discount);
  return {
    type: payload.type || 'Facture',
    designation: payload.designation,
    customerId: customer?.id ?? null,
    createdAt: payload.createdAt || null,
    // INV-24: a credit note has no due date.
    dueDate: payload.type === 'Avoir' ? null : payload.dueDate,
    paymentMode: payload.paymentMode,
    billingAddress: payload.billingAddress,
    lines,
    vatClause: payload.vatClause,
    calculatesBasisTTC: payload.calculatesBasisTTC,
    ...discountColumns(payload.discount),
    correctedInvoiceId: payload.type === 'Avoir' ? (payload.correctedInvoiceId ?? null) : null,
    // The reform's mentions (decision 046; null: not said; vatOnDebits null: the company's default).
    operationKind: isOperationKind(payload.operationKind) ? payload.operationKind : null,
    vatOnDebits: payload.vatOnDebits ?? null,
    deliveryAddress: payload.deliveryAddress?.trim() || null,
    saleDate: payload.saleDate || null,
    ht: ht.toFixed(2),
    tva: tva.toFixed(2),
    ttc: ttc.toFixed(2),
    vatBreakdown,
    searchText: documentSearchText([
      payload.designation,
      customer?.accountNumber,
      customer?.socialReason,
      customer?.name,
    ]),
  };
}

/** A stored draft read back as the payload the rulebook judges (validation re-checks it). */
export function rowAsPayload(row: InvoiceRow, accountNumber: string | null): InvoiceWrite {
  return {
    designation: row.designation,
    customer: accountNumber ? { accountNumber } : null,
    type: row.type as InvoiceWrite['type'],
    createdAt: row.createdAt ?? '',
    dueDate: row.dueDate,
    paymentMode: row.paymentMode,
    billingAddress: row.billingAddress,
    lines: row.lines,
    vatClause: row.vatClause,
    calculatesBasisTTC: row.calculatesBasisTTC,
    correctedInvoiceId: row.correctedInvoiceId,
    discount: discountOf(row),
    operationKind: row.operationKind,
    vatOnDebits: row.vatOnDebits,
    deliveryAddress: row.deliveryAddress,
    saleDate: row.saleDate,
  };
}
