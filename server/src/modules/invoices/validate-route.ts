import { recordIdempotentResponse } from '../../http/idempotency';
import type { createModule } from '../../http/route';
import { api } from '../../../../src/contract/index';
import type { Deps } from '../../http/types';
import { idParam } from '../../http/validate';
import { invoiceRight } from './http-helpers';
import { loadInvoice, toInvoiceJson } from './invoice-store';
import { validateDraft } from './invoice-validation';

type Route = ReturnType<typeof createModule>['route'];

export function validateRoute(deps: Deps, route: Route) {
  route(api.invoices.validateInvoice, { right: invoiceRight('edit') }, async (c, { body }) => {
    const companyId = c.get('company').id;
    const id = idParam(c);
    // One transaction: any failure (a rule, the PDF, the database) gives the number back.
    const answer = await deps.db.transaction(async (tx) => {
      const { pdf, fileName } = await validateDraft(tx, deps, companyId, id, body, c.get('user').id);
      const json = {
        file: Buffer.from(pdf).toString('base64'),
        fileName,
        invoice: toInvoiceJson(await loadInvoice(tx, companyId, id)),
      };
      await recordIdempotentResponse(tx, c, 200, json);
      return json;
    });
    return c.json(answer);
  });
}
