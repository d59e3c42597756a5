import { can } from '../../../../src/domain/rights';
import { assertRight, subjectOf } from '../../http/auth-middleware';
import { recordIdempotentResponse } from '../../http/idempotency';
import type { createModule } from '../../http/route';
import { api } from '../../../../src/contract/index';
import type { Deps } from '../../http/types';
import { idParam } from '../../http/validate';
import { quoteRight } from './http-helpers';
import { loadInvoice, toInvoiceJson } from './invoice-store';
import { convertQuote } from './quote-convert';

type Route = ReturnType<typeof createModule>['route'];

/** QUO-15: an accepted quote becomes a new draft invoice (quote-convert.ts). */
export function convertRoute(deps: Deps, route: Route) {
  route(api.invoices.convertQuote, { right: quoteRight('transform') }, async (c) => {
    const company = c.get('company');
    // The route's right says transform on quotes; converting also creates an invoice.
    assertRight(can(subjectOf(c), 'convertQuote'));
    const id = idParam(c);
    const json = await deps.db.transaction(async (tx) => {
      const invoiceId = await convertQuote(tx, deps, company.id, id);
      const answer = toInvoiceJson(await loadInvoice(tx, company.id, invoiceId));
      await recordIdempotentResponse(tx, c, 201, answer);
      return answer;
    });
    return c.json(json, 201);
  });
}
