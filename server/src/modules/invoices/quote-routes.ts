import {
  canTransition,
  isQuoteEditable,
  stateKeyFromLabel,
  stateLabelFromKey,
  QUOTE_STATE_LABELS,
} from '../../../../src/domain/quote-states';
import { documentFileName } from '../../../../src/pdf/format';
import { badRequest, conflict } from '../../http/errors';
import type { createModule } from '../../http/route';
import { api } from '../../../../src/contract/index';
import type { Deps } from '../../http/types';
import { idParam } from '../../http/validate';
import { customerById, findCustomer, loadCompany } from './context';
import { pdfResponse, quoteRight } from './http-helpers';
import { FROZEN_QUOTE, loadQuote, quoteErrors, QUOTE_ERRORS_TITLE, toQuoteJson } from './quote-store';
import { insertQuote, quoteNumber, setQuoteState, updateQuote } from './quote-write';
import { staleDraft, throwIfErrors } from './invoice-write';
import { asQuotePayload, discountOf } from './payload';
import { customerSnapshot, documentModel, logoOf, renderPdf, sellerParty } from './pdf-model';

type Route = ReturnType<typeof createModule>['route'];

export const unknownState = (label: string) =>
  `L’état « ${label} » n’existe pas. États possibles : En cours, Accepté, Facturé, Annulé.`;
export const refusedTransition = (from: string, to: string) =>
  `Le devis ne peut pas passer de l’état « ${from} » à l’état « ${to} ».`;

export function quoteRoutes(deps: Deps, route: Route) {
  const db = deps.db;

  route(api.invoices.createQuote, { right: quoteRight('create') }, async (c, { body }) => {
    const companyId = c.get('company').id;
    const payload = asQuotePayload(body);
    const { errors, customer } = await quoteErrors(db, deps, companyId, payload);
    throwIfErrors(errors, QUOTE_ERRORS_TITLE);
    const id = await insertQuote(db, companyId, payload, customer, deps.now);
    return c.json(toQuoteJson(await loadQuote(db, companyId, id)), 201);
  });

  route(api.invoices.updateQuote, { right: quoteRight('edit') }, async (c, { body }) => {
    const companyId = c.get('company').id;
    const id = idParam(c);
    const current = await loadQuote(db, companyId, id);
    if (!isQuoteEditable(stateLabelFromKey(current.quote.state))) throw conflict(FROZEN_QUOTE);
    if (body.version !== null && body.version !== current.quote.version) throw staleDraft();
    const payload = asQuotePayload(body);
    const { errors, customer } = await quoteErrors(db, deps, companyId, payload);
    throwIfErrors(errors, QUOTE_ERRORS_TITLE);
    const read = { companyId, id, state: current.quote.state, number: current.quote.number };
    const saved = await updateQuote(db, read, { payload, customer, version: body.version }, deps.now());
    // State changed or saved by someone else in between.
    if (!saved)
      throw (await loadQuote(db, companyId, id)).quote.state !== current.quote.state
        ? conflict(FROZEN_QUOTE)
        : staleDraft();
    return c.json(toQuoteJson(await loadQuote(db, companyId, id)));
  });

  route(api.invoices.getQuote, { right: quoteRight('view') }, async (c) => {
    return c.json(toQuoteJson(await loadQuote(db, c.get('company').id, idParam(c))));
  });

  route(api.invoices.setQuoteState, { right: quoteRight('edit') }, async (c, { body }) => {
    const companyId = c.get('company').id;
    const id = idParam(c);
    const key = stateKeyFromLabel(body);
    if (!key) throw badRequest(unknownState(body), 'state');
    const current = await loadQuote(db, companyId, id);
    const from = stateLabelFromKey(current.quote.state) ?? 'En cours';
    const to = QUOTE_STATE_LABELS[key];
    if (from !== to) {
      if (!canTransition(from, to)) throw conflict(refusedTransition(from, to));
      if (!(await setQuoteState(db, id, current.quote.state, key, deps.now())))
        throw conflict(refusedTransition(from, to));
    }
    return c.json(toQuoteJson(await loadQuote(db, companyId, id)));
  });

  route(api.invoices.quotePdf, { right: quoteRight('view') }, async (c) => {
    const companyId = c.get('company').id;
    const q = (await loadQuote(db, companyId, idParam(c))).quote;
    const company = await loadCompany(db, companyId);
    const snap = customerSnapshot(await customerById(db, q.customerId), q.billingAddress);
    const model = documentModel(
      {
        kind: 'Devis',
        number: q.number,
        preview: false,
        issueDate: q.createdAt,
        validityDate: q.validatedAt,
        designation: q.designation,
        lines: q.lines,
        vatClause: q.vatClause,
        discount: discountOf(q),
      },
      sellerParty(company),
      snap,
      logoOf(company),
    );
    return pdfResponse(await renderPdf(model), documentFileName('Devis', snap.socialReason, q.number));
  });

  route(api.invoices.previewQuote, { right: quoteRight('view'), transaction: 'own' }, async (c, { body }) => {
    const companyId = c.get('company').id;
    const payload = asQuotePayload(body);
    const number = body.id ? await quoteNumber(db, companyId, body.id) : null;
    const company = await loadCompany(db, companyId);
    const snap = customerSnapshot(
      await findCustomer(db, companyId, payload.customer?.accountNumber),
      payload.billingAddress,
    );
    const model = documentModel(
      {
        kind: 'Devis',
        number,
        preview: true,
        issueDate: payload.createdAt,
        validityDate: payload.validatedAt,
        designation: payload.designation,
        lines: payload.lines,
        vatClause: payload.vatClause,
        discount: payload.discount,
      },
      sellerParty(company),
      snap,
      logoOf(company),
    );
    return pdfResponse(await renderPdf(model), documentFileName('Devis', snap.socialReason, number));
  });
}
