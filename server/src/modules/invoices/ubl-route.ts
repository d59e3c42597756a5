import { api } from '../../../../src/contract/index';
import { conflict } from '../../http/errors';
import type { createModule } from '../../http/route';
import type { Deps } from '../../http/types';
import { idParam } from '../../http/validate';
import { customerById, loadCompany } from './context';
import { renderUbl } from './e-invoice';
import { contentDisposition, invoiceRight } from './http-helpers';
import { invoiceFileName, invoiceModel } from './invoice-pdf';
import { loadInvoice } from './invoice-store';

type Route = ReturnType<typeof createModule>['route'];

export const NOT_YET_AN_EINVOICE =
  'Cette facture n’est pas encore validée : elle n’a pas encore de version électronique (UBL).';

/** GET /invoices/:id/ubl (decision 046): the validated document as UBL 2.1, from its frozen data. */
export function ublRoute(deps: Deps, route: Route) {
  route(api.invoices.invoiceUbl, { right: invoiceRight('view') }, async (c) => {
    const companyId = c.get('company').id;
    const row = await loadInvoice(deps.db, companyId, idParam(c));
    if (!row.invoice.validated) throw conflict(NOT_YET_AN_EINVOICE);
    const company = await loadCompany(deps.db, companyId);
    const model = invoiceModel(row, company, await customerById(deps.db, row.invoice.customerId));
    const xml = new TextEncoder().encode(await renderUbl(model, deps.config.env.EINVOICE_ARCHIVE_DIR));
    const fileName = invoiceFileName(model).replace(/\.pdf$/i, '') + '.ubl.xml';
    return new Response(xml, {
      status: 200,
      headers: {
        'Content-Type': 'application/xml; charset=utf-8',
        'Content-Length': String(xml.byteLength),
        'Content-Disposition': contentDisposition(fileName, 'attachment'),
        'Cache-Control': 'private, no-store',
      },
    });
  });
}
