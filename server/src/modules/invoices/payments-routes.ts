import { todayInParis } from '../../../../src/domain/dates';
import {
  amountDue,
  meansFromPaymentMode,
  PAYMENT_MESSAGES,
  paymentErrors,
} from '../../../../src/domain/invoice-status';
import { toDecimal } from '../../../../src/domain/money';
import { conflict, unprocessable } from '../../http/errors';
import { recordIdempotentResponse } from '../../http/idempotency';
import type { createModule } from '../../http/route';
import { api } from '../../../../src/contract/index';
import type { Deps } from '../../http/types';
import { idParam } from '../../http/validate';
import { invoiceRight } from './http-helpers';
import { loadInvoice, toInvoiceJson } from './invoice-store';
import { addPayment, clearPayments, facts, followUp, lockedInvoice, movePaidDate } from './payment-store';
import { formatMoney } from '../../../../src/domain/format';

// Payments of an invoice (decision 011): the routes; the rules' queries are payment-store.ts's.

type Route = ReturnType<typeof createModule>['route'];

export function paymentRoutes(deps: Deps, route: Route) {
  const db = deps.db;
  const euro = (n: number) => formatMoney(n);

  route(api.invoices.followUp, { right: invoiceRight('view') }, async (c) =>
    c.json(await followUp(db, c.get('company').id, idParam(c), todayInParis(deps.now()))),
  );

  route(api.invoices.addPayment, { right: invoiceRight('edit') }, async (c, { body }) => {
    const companyId = c.get('company').id;
    const id = idParam(c);
    const today = todayInParis(deps.now());
    const json = await db.transaction(async (tx) => {
      const inv = await lockedInvoice(tx, companyId, id);
      if (!inv.validated || inv.type !== 'Facture')
        throw conflict(inv.validated ? PAYMENT_MESSAGES.notInvoice : PAYMENT_MESSAGES.notValidated);
      const errors = paymentErrors(body, facts(inv), today, euro);
      if (errors.length) throw unprocessable(PAYMENT_MESSAGES.title, errors);
      await addPayment(tx, inv, body, c.get('user').id, deps.now());
      const answer = {
        ...(await followUp(tx, companyId, id, today)),
        invoice: toInvoiceJson(await loadInvoice(tx, companyId, id)),
      };
      await recordIdempotentResponse(tx, c, 201, answer);
      return answer;
    });
    return c.json(json, 201);
  });

  // The earlier call, kept for the lists and scripts that use it: a date records the payment of
  // whatever is still due on that date (means read from the invoice's payment mode); null clears
  // every payment (the invoice is unpaid again).
  route(api.invoices.markPaid, { right: invoiceRight('edit') }, async (c, { body }) => {
    const companyId = c.get('company').id;
    const id = idParam(c);
    const today = todayInParis(deps.now());
    const answer = await db.transaction(async (tx) => {
      const inv = await lockedInvoice(tx, companyId, id);
      if (!inv.validated || inv.type !== 'Facture')
        throw conflict(inv.validated ? PAYMENT_MESSAGES.notInvoice : PAYMENT_MESSAGES.notValidated);
      const now = deps.now();
      if (body.paidAt === null) {
        if (toDecimal(inv.amountPaid).gt(0) || inv.paidAt) {
          await clearPayments(tx, companyId, id, c.get('user').id, now);
        }
      } else {
        const due = amountDue(facts(inv));
        if (due > 0) {
          const errors = paymentErrors({ date: body.paidAt, amount: due, means: 'autre' }, facts(inv), today, euro);
          if (errors.length) throw unprocessable(PAYMENT_MESSAGES.title, errors);
          await addPayment(
            tx,
            inv,
            { date: body.paidAt, means: meansFromPaymentMode(inv.paymentMode), amount: due },
            c.get('user').id,
            now,
          );
        } else if (toDecimal(inv.amountPaid).gt(0)) {
          // Already paid: only the date moves, as before.
          await movePaidDate(tx, id, body.paidAt, now);
        }
      }
      const json = toInvoiceJson(await loadInvoice(tx, companyId, id));
      await recordIdempotentResponse(tx, c, 200, json);
      return json;
    });
    return c.json(answer);
  });
}
