import { todayInParis } from '../../../../src/domain/dates';
import { can } from '../../../../src/domain/rights';
import { assertRight, subjectOf } from '../../http/auth-middleware';
import { badRequest, notFound } from '../../http/errors';
import type { createModule } from '../../http/route';
import { api } from '../../../../src/contract/index';
import type { Deps } from '../../http/types';
import { isIdText, pathParam } from '../../http/validate';
import { findCustomer } from './context';
import { invoiceRight, quoteRight } from './http-helpers';
import { loadInvoice, loadInvoices, toInvoiceJson } from './invoice-store';
import {
  countInvoices,
  countQuotes,
  customerInvoicesCondition,
  customerQuotesCondition,
  invoiceConditions,
  invoiceRows,
  quoteConditions,
  quoteRows,
  type PageStart,
} from './list-query';

type Route = ReturnType<typeof createModule>['route'];

/** `?after=` (keyset cursor) wins over `?page=` (offset), which stays for the spec's numbered pages. */
const pageStart = (query: { page: number; pageSize: number; after?: string }): PageStart =>
  query.after ? { offset: 0, after: query.after } : { offset: (query.page - 1) * query.pageSize };

/**
 * A short page of an offset read tells the total without counting (counting 100 000 rows is the
 * slow part); after a cursor, the rows before it are unknown, so the total is counted.
 */
function shortPageTotal(start: PageStart, length: number, pageSize: number): number | undefined {
  if (start.after || length === pageSize || (length === 0 && start.offset > 0)) return undefined;
  return start.offset + length;
}

export const CUSTOMER_NOT_FOUND = 'Ce client est introuvable.';
/** The customer sheet shows at most this many documents of each kind (most recent first). */
export const CUSTOMER_DOCUMENTS_LIMIT = 1000;

export function listRoutes(deps: Deps, route: Route) {
  const db = deps.db;

  route(api.invoices.listInvoices, { right: invoiceRight('view') }, async (c, { query }) => {
    const today = todayInParis(deps.now());
    const where = invoiceConditions(c.get('company').id, query, today);
    const start = pageStart(query);
    const { items, next } = await invoiceRows(db, where, query.pageSize, start, today);
    const total = shortPageTotal(start, items.length, query.pageSize) ?? (await countInvoices(db, where));
    return c.json({ items, total, page: query.page, pageSize: query.pageSize, next });
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
    const start = pageStart(query);
    const { items, next } = await quoteRows(db, where, query.pageSize, start);
    const total = shortPageTotal(start, items.length, query.pageSize) ?? (await countQuotes(db, where));
    return c.json({ items, total, page: query.page, pageSize: query.pageSize, next });
  });

  route(api.invoices.customerBusinessDocuments, { right: { menu: 'mesFactures', permission: 'view' } }, async (c) => {
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
          customerInvoicesCondition(company.id, customer.id),
          CUSTOMER_DOCUMENTS_LIMIT,
          { offset: 0 },
          today,
        ).then((page) => page.items)
      : [];
    const quoteList = can(user, 'view', { menu: 'mesFactures', child: 'listeDevis' })
      ? await quoteRows(db, customerQuotesCondition(company.id, customer.id), CUSTOMER_DOCUMENTS_LIMIT, {
          offset: 0,
        }).then((page) => page.items)
      : [];
    return c.json({ invoices: invoiceList, quotes: quoteList });
  });
}
