import { and, eq } from 'drizzle-orm';
import { dueDateFor, todayInParis } from '../../../../src/domain/dates';
import { canTransition, stateLabelFromKey } from '../../../../src/domain/quote-states';
import type { InvoicePayload } from '../../../../src/domain/types';
import type { Tx } from '../../db/client';
import { estimates, invoices } from '../../db/schema/index';
import { conflict } from '../../http/errors';
import type { Deps } from '../../http/types';
import { customerById } from './context';
import { draftValues, invoiceErrors, throwIfErrors } from './invoice-write';
import { discountOf } from './payload';
import { loadQuote } from './quote-store';

export const QUOTE_ALREADY_INVOICED = 'Ce devis a déjà été facturé.';
export const QUOTE_CANCELLED = 'Ce devis est annulé : il ne peut pas être transformé en facture.';
export const QUOTE_NOT_ACCEPTED = 'Ce devis doit être accepté avant d’être transformé en facture.';

/**
 * QUO-15: quote → a new draft invoice pre-filled (type 'Facture', payment mode cleared, dated
 * today, due date from the customer's delay), saved at once; the quote becomes 'Facturé' and
 * both are linked. Only an 'Accepté' quote converts (canTransition of the rulebook). In the
 * caller's transaction, the quote locked; answers the new invoice's id.
 */
export async function convertQuote(tx: Tx, deps: Deps, companyId: number, id: number): Promise<number> {
  const row = await loadQuote(tx, companyId, id);
  await tx.select({ id: estimates.id }).from(estimates).where(eq(estimates.id, id)).for('update');
  const quote = (await loadQuote(tx, companyId, id)).quote; // re-read under the lock
  const state = stateLabelFromKey(quote.state) ?? 'En cours';
  if (state === 'Facturé') throw conflict(QUOTE_ALREADY_INVOICED);
  if (state === 'Annulé') throw conflict(QUOTE_CANCELLED);
  if (!canTransition(state, 'Facturé')) throw conflict(QUOTE_NOT_ACCEPTED);
  const today = todayInParis(deps.now());
  const customer = await customerById(tx, quote.customerId);
  const payload: InvoicePayload = {
    designation: quote.designation,
    customer: row.customer?.accountNumber ? { accountNumber: row.customer.accountNumber } : null,
    type: 'Facture',
    createdAt: today,
    dueDate: dueDateFor(today, customer?.paymentDelay),
    paymentMode: '',
    billingAddress: quote.billingAddress,
    lines: quote.lines,
    vatClause: quote.vatClause,
    calculatesBasisTTC: quote.calculatesBasisTTC,
    discount: discountOf(quote),
  };
  const { errors } = await invoiceErrors(tx, deps, companyId, payload, false);
  throwIfErrors(errors);
  const [created] = await tx
    .insert(invoices)
    .values({
      ...draftValues(payload, customer),
      companyId,
      estimateId: quote.id,
      insertedAt: deps.now(),
      updatedAt: deps.now(),
    })
    .returning({ id: invoices.id });
  await tx
    .update(estimates)
    .set({ state: 'facture', invoiceId: created.id, updatedAt: deps.now() })
    .where(and(eq(estimates.id, quote.id), eq(estimates.companyId, companyId)));
  return created.id;
}
