import { and, eq } from 'drizzle-orm';
import { todayInParis } from '../../../../src/domain/dates';
import { can } from '../../../../src/domain/rights';
import { estimates, invoices } from '../../db/schema/index';
import { assertRight, subjectOf } from '../../http/auth-middleware';
import { badRequest, notFound } from '../../http/errors';
import type { createModule } from '../../http/route';
import { api } from '../../../../src/contract/index';
import type { Deps } from '../../http/types';
import { isIdText, pathParam } from '../../http/validate';
import { findCustomer } from './context';
import { invoiceRight, quoteRight } from './http-helpers';
import { loadInvoice, loadInvoices, toInvoiceJson } from './invoice-store';
import { countInvoices, countQuotes, invoiceConditions, invoiceRows, quoteConditions, quoteRows } from './list-query';

type Route = ReturnType<typeof createModule>['route'];

export const CUSTOMER_NOT_FOUND = 'Ce client est introuvable.';
/** The customer sheet shows at most this many documents of each kind (most recent first). */
export const CUSTOMER_DOCUMENTS_LIMIT = 1000;

export function listRoutes(deps: Deps, route: Route) {
  const db = deps.db;

  route(api.invoices.listInvoices, { right: invoiceRight('view') }, async (c, { query }) => {
    const today = todayInParis(deps.now());
    const where = invoiceConditions(c.get('company').id, query, today);
    const offset = (query.page - 1) * query.pageSize;
    const items = await invoiceRows(db, where, query.pageSize, offset, today);
    // A short page tells the total without counting (counting 100 000 rows is the slow part).
    const total =
      items.length < query.pageSize && (items.length > 0 || offset === 0)
        ? offset + items.length
        : await countInvoices(db, where);
    return c.json({ items, total, page: query.page, pageSize: query.pageSize });
  });

  route(api.invoices.invoiceDetail, { right: invoiceRight('view') }, async (c, { query }) => {
    const companyId = c.get('company').id;
    if (query.id) return c.json(toInvoiceJson(await loadInvoice(db, companyId, Number(query.id))));
    if (query.ids === undefined) throw badRequest('Indiquez « id » ou « ids ».', 'id');
    const parts = query.ids
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (parts.length > 1000 || !parts.every(isIdText))
      throw badRequest(
        'Le paramètre « ids » doit être une liste d’identifiants séparés par des virgules (1 000 au plus).',
        'ids',
      );
    const rows = await loadInvoices(db, companyId, [...new Set(parts.map(Number))]);
    return c.json(rows.map(toInvoiceJson));
  });

  route(api.invoices.listQuotes, { right: quoteRight('view') }, async (c, { query }) => {
    const where = quoteConditions(c.get('company').id, query);
    const offset = (query.page - 1) * query.pageSize;
    const items = await quoteRows(db, where, query.pageSize, offset);
    const total =
      items.length < query.pageSize && (items.length > 0 || offset === 0)
        ? offset + items.length
        : await countQuotes(db, where);
    return c.json({ items, total, page: query.page, pageSize: query.pageSize });
  });

  route(api.invoices.customerDocuments, { right: { menu: 'mesFactures', permission: 'view' } }, async (c) => {
    const company = c.get('company');
    const user = subjectOf(c);
    // The customer sheet: only for who may read customers (decision 008), before saying 404.
    assertRight(can(user, 'readCustomers'));
    const customer = await findCustomer(db, company.id, pathParam(c, 'accountNumber'));
    if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
    const today = todayInParis(deps.now());
    // Each half only for the user allowed to see that list.
    const invoiceList = can(user, 'view', { menu: 'mesFactures', child: 'listeFactures' })
      ? await invoiceRows(
          db,
          and(eq(invoices.companyId, company.id), eq(invoices.customerId, customer.id)),
          CUSTOMER_DOCUMENTS_LIMIT,
          0,
          today,
        )
      : [];
    const quoteList = can(user, 'view', { menu: 'mesFactures', child: 'listeDevis' })
      ? await quoteRows(
          db,
          and(eq(estimates.companyId, company.id), eq(estimates.customerId, customer.id)),
          CUSTOMER_DOCUMENTS_LIMIT,
          0,
        )
      : [];
    return c.json({ invoices: invoiceList, quotes: quoteList });
  });
}
