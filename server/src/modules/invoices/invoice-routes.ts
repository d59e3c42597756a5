import { documentFileName } from '../../../../src/pdf/format';
import { conflict } from '../../http/errors';
import type { createModule } from '../../http/route';
import { api } from '../../../../src/contract/index';
import type { Deps } from '../../http/types';
import { idParam } from '../../http/validate';
import { findCustomer, loadCompany } from './context';
import { invoicePdf } from './invoice-pdf';
import { invoiceRight, pdfResponse } from './http-helpers';
import { FROZEN_INVOICE, FROZEN_INVOICE_DELETE, loadInvoice, toInvoiceJson } from './invoice-store';
import { deleteDraft, insertDraft, invoiceNumber, originQuoteNumber, updateDraft } from './draft-store';
import { draftValues, invoiceErrors, staleDraft, throwIfErrors } from './invoice-write';
import { asInvoicePayload } from './payload';
import { customerSnapshot, documentModel, logoOf, renderPdf, sellerParty } from './pdf-model';

type Route = ReturnType<typeof createModule>['route'];

// PUT /invoices/:id/payment lives with the payments (payments-routes.ts).

export function invoiceRoutes(deps: Deps, route: Route) {
  const db = deps.db;

  route(api.invoices.createInvoice, { right: invoiceRight('create') }, async (c, { body }) => {
    const companyId = c.get('company').id;
    const payload = asInvoicePayload(body);
    const { errors, customer } = await invoiceErrors(db, deps, companyId, payload, false);
    throwIfErrors(errors);
    const id = await insertDraft(db, companyId, draftValues(payload, customer), deps.now);
    return c.json(toInvoiceJson(await loadInvoice(db, companyId, id)), 201);
  });

  route(api.invoices.updateInvoice, { right: invoiceRight('edit') }, async (c, { body }) => {
    const companyId = c.get('company').id;
    const id = idParam(c);
    const current = await loadInvoice(db, companyId, id);
    if (current.invoice.validated) throw conflict(FROZEN_INVOICE);
    if (body.version !== null && body.version !== current.invoice.version) throw staleDraft();
    const payload = asInvoicePayload(body);
    if (payload.correctedInvoiceId === id) payload.correctedInvoiceId = null;
    const { errors, customer } = await invoiceErrors(db, deps, companyId, payload, false);
    throwIfErrors(errors);
    const saved = await updateDraft(db, companyId, id, draftValues(payload, customer), body.version, deps.now());
    // Validated or saved by someone else in between (the checks above ran on the earlier state).
    if (!saved)
      throw (await loadInvoice(db, companyId, id)).invoice.validated ? conflict(FROZEN_INVOICE) : staleDraft();
    return c.json(toInvoiceJson(await loadInvoice(db, companyId, id)));
  });

  route(api.invoices.getInvoice, { right: invoiceRight('view') }, async (c) => {
    return c.json(toInvoiceJson(await loadInvoice(db, c.get('company').id, idParam(c))));
  });

  route(api.invoices.deleteInvoice, { right: invoiceRight('delete') }, async (c) => {
    const companyId = c.get('company').id;
    const id = idParam(c);
    const current = await loadInvoice(db, companyId, id);
    if (current.invoice.validated) throw conflict(FROZEN_INVOICE_DELETE);
    await deleteDraft(db, companyId, id, deps.now);
    return c.body(null, 204);
  });

  route(api.invoices.invoicePdf, { right: invoiceRight('view') }, async (c) => {
    const row = await loadInvoice(db, c.get('company').id, idParam(c));
    const pdf = await invoicePdf(db, row);
    return pdfResponse(pdf.bytes, pdf.fileName);
  });

  route(api.invoices.previewInvoice, { right: invoiceRight('view'), transaction: 'own' }, async (c, { body }) => {
    const companyId = c.get('company').id;
    const payload = asInvoicePayload(body);
    const company = await loadCompany(db, companyId);
    const customer = await findCustomer(db, companyId, payload.customer?.accountNumber);
    const correctedNumber =
      payload.type === 'Avoir' && payload.correctedInvoiceId
        ? await invoiceNumber(db, companyId, payload.correctedInvoiceId)
        : null;
    // A saved invoice converted from a quote names it on its preview too ("Devis d'origine").
    const originNumber = body.id ? await originQuoteNumber(db, companyId, body.id) : null;
    const kind = payload.type === 'Avoir' ? 'Avoir' : 'Facture';
    const snap = customerSnapshot(customer, payload.billingAddress);
    const model = documentModel(
      {
        kind,
        number: null,
        preview: true,
        issueDate: payload.createdAt,
        dueDate: payload.dueDate,
        designation: payload.designation,
        lines: payload.lines,
        paymentMode: payload.paymentMode,
        vatClause: payload.vatClause,
        correctedInvoiceNumber: correctedNumber,
        discount: payload.discount,
        estimateNumber: originNumber,
        operationKind: payload.operationKind,
        vatOnDebits: payload.vatOnDebits ?? company.vatOnDebits,
        deliveryAddress: payload.deliveryAddress,
        saleDate: payload.saleDate,
      },
      sellerParty(company),
      snap,
      logoOf(company),
    );
    return pdfResponse(await renderPdf(model), documentFileName(kind, snap.socialReason, null));
  });
}
