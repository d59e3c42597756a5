import { and, eq } from 'drizzle-orm';
import { dueDateFor, todayInParis } from '../../../../src/domain/dates';
import { canTransition, stateLabelFromKey } from '../../../../src/domain/quote-states';
import { can } from '../../../../src/domain/rights';
import type { InvoicePayload } from '../../../../src/domain/types';
import { estimates, invoices } from '../../db/schema/index';
import { assertRight, subjectOf } from '../../http/auth-middleware';
import { conflict } from '../../http/errors';
import { recordIdempotentResponse } from '../../http/idempotency';
import type { createModule } from '../../http/route';
import { api } from '../../../../src/contract/index';
import type { Deps } from '../../http/types';
import { idParam } from '../../http/validate';
import { customerById } from './context';
import { loadQuote } from './quote-store';
import { quoteRight } from './http-helpers';
import { loadInvoice, toInvoiceJson } from './invoice-store';
import { draftValues, invoiceErrors, throwIfErrors } from './invoice-write';
import { discountOf } from './payload';

type Route = ReturnType<typeof createModule>['route'];

export const QUOTE_ALREADY_INVOICED = 'Ce devis a déjà été facturé.';
export const QUOTE_CANCELLED = 'Ce devis est annulé : il ne peut pas être transformé en facture.';
export const QUOTE_NOT_ACCEPTED = 'Ce devis doit être accepté avant d’être transformé en facture.';

/**
 * QUO-15: quote → a new draft invoice pre-filled (type 'Facture', payment mode cleared, dated
 * today, due date from the customer's delay), saved at once; the quote becomes 'Facturé' and
 * both are linked. Only an 'Accepté' quote converts (canTransition of the rulebook).
 */
export function convertRoute(deps: Deps, route: Route) {
  route(api.invoices.convertQuote, { right: quoteRight('transform') }, async (c) => {
    const company = c.get('company');
    // The route's right says transform on quotes; converting also creates an invoice.
    assertRight(can(subjectOf(c), 'convertQuote'));
    const id = idParam(c);
    const json = await deps.db.transaction(async (tx) => {
      const row = await loadQuote(tx, company.id, id);
      await tx.select({ id: estimates.id }).from(estimates).where(eq(estimates.id, id)).for('update');
      const quote = (await loadQuote(tx, company.id, id)).quote; // re-read under the lock
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
      const { errors } = await invoiceErrors(tx, deps, company.id, payload, false);
      throwIfErrors(errors);
      const [created] = await tx
        .insert(invoices)
        .values({
          ...draftValues(payload, customer),
          companyId: company.id,
          estimateId: quote.id,
          insertedAt: deps.now(),
          updatedAt: deps.now(),
        })
        .returning({ id: invoices.id });
      await tx
        .update(estimates)
        .set({ state: 'facture', invoiceId: created.id, updatedAt: deps.now() })
        .where(and(eq(estimates.id, quote.id), eq(estimates.companyId, company.id)));
      const answer = toInvoiceJson(await loadInvoice(tx, company.id, created.id));
      await recordIdempotentResponse(tx, c, 201, answer);
      return answer;
    });
    return c.json(json, 201);
  });
}
