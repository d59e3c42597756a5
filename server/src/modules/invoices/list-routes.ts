import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { todayInParis } from '../../../../src/domain/dates';
import { hasChildRight } from '../../../../src/domain/rights';
import { estimates, invoices } from '../../db/schema/index';
import { assertRight } from '../../http/auth-middleware';
import { badRequest, notFound } from '../../http/errors';
import type { createModule } from '../../http/route';
import type { Deps } from '../../http/types';
import { isIdText, pathParam } from '../../http/validate';
import { mayReadCustomers } from '../invoicing-core/read-rights';
import { findCustomer } from './context';
import { invoiceRight, quoteRight } from './http-helpers';
import { loadInvoice, loadInvoices, toInvoiceJson } from './invoice-store';
import { countInvoices, countQuotes, invoiceConditions, invoiceListQuery, invoiceRows, quoteConditions, quoteListQuery, quoteRows } from './list-query';

type Route = ReturnType<typeof createModule>['route'];

export const CUSTOMER_NOT_FOUND = 'Ce client est introuvable.';
/** The customer sheet shows at most this many documents of each kind (most recent first). */
export const CUSTOMER_DOCUMENTS_LIMIT = 1000;

const detailQuery = z.object({
  id: z.string().refine(isIdText, { message: 'Le paramètre « id » doit être un identifiant numérique.' }).optional(),
  ids: z.string().max(20_000).optional(),
});

export function listRoutes(deps: Deps, route: Route) {
  const db = deps.db;

  route('get', '/factures', {
    summary: 'Liste des factures et avoirs : brouillons d’abord puis numéro décroissant, filtres et pages',
    query: invoiceListQuery, right: invoiceRight('view'),
    responses: { 200: '{ items: [{ id, customer, type, number, estimate, invoice }], total, page, pageSize }' },
  }, async (c, { query }) => {
    const today = todayInParis(deps.now());
    const where = invoiceConditions(c.get('company').id, query, today);
    const offset = (query.page - 1) * query.pageSize;
    const items = await invoiceRows(db, where, query.pageSize, offset, today);
    // A short page tells the total without counting (counting 100 000 rows is the slow part).
    const total = items.length < query.pageSize && (items.length > 0 || offset === 0) ? offset + items.length : await countInvoices(db, where);
    return c.json({ items, total, page: query.page, pageSize: query.pageSize });
  });

  route('get', '/factures/detail', {
    summary: 'Détail d’une facture (?id=) ou de plusieurs (?ids=1,2,3)',
    query: detailQuery, right: invoiceRight('view'),
  }, async (c, { query }) => {
    const companyId = c.get('company').id;
    if (query.id) return c.json(toInvoiceJson(await loadInvoice(db, companyId, Number(query.id))));
    if (query.ids === undefined) throw badRequest('Indiquez « id » ou « ids ».', 'id');
    const parts = query.ids.split(',').map((s) => s.trim()).filter(Boolean);
    if (parts.length > 1000 || !parts.every(isIdText)) throw badRequest('Le paramètre « ids » doit être une liste d’identifiants séparés par des virgules (1 000 au plus).', 'ids');
    const rows = await loadInvoices(db, companyId, [...new Set(parts.map(Number))]);
    return c.json(rows.map(toInvoiceJson));
  });

  route('get', '/estimates', {
    summary: 'Liste des devis : numéro décroissant, filtres et pages',
    query: quoteListQuery, right: quoteRight('view'),
    responses: { 200: '{ items: [{ id, number, state, customer, createdAt, validatedAt, ht, ttc, invoiceId }], total, page, pageSize }' },
  }, async (c, { query }) => {
    const where = quoteConditions(c.get('company').id, query);
    const offset = (query.page - 1) * query.pageSize;
    const items = await quoteRows(db, where, query.pageSize, offset);
    const total = items.length < query.pageSize && (items.length > 0 || offset === 0) ? offset + items.length : await countQuotes(db, where);
    return c.json({ items, total, page: query.page, pageSize: query.pageSize });
  });

  route('get', '/customers/:accountNumber/documents', {
    summary: 'Factures et devis d’un client (fiche client)',
    right: { menu: 'mesFactures', permission: 'view' },
    responses: { 200: '{ invoices: [lignes de /factures], quotes: [lignes de /estimates] }', 403: 'Droits insuffisants', 404: 'Client introuvable' },
  }, async (c) => {
    const company = c.get('company');
    // The customer sheet: only for who may read customers (decision 008), before saying 404.
    assertRight(mayReadCustomers(company.rights));
    const customer = await findCustomer(db, company.id, pathParam(c, 'accountNumber'));
    if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
    const today = todayInParis(deps.now());
    // Each half only for the user allowed to see that list.
    const invoiceList = hasChildRight(company.rights, 'mesFactures', 'listeFactures', 'view')
      ? await invoiceRows(db, and(eq(invoices.companyId, company.id), eq(invoices.customerId, customer.id)), CUSTOMER_DOCUMENTS_LIMIT, 0, today)
      : [];
    const quoteList = hasChildRight(company.rights, 'mesFactures', 'listeDevis', 'view')
      ? await quoteRows(db, and(eq(estimates.companyId, company.id), eq(estimates.customerId, customer.id)), CUSTOMER_DOCUMENTS_LIMIT, 0)
      : [];
    return c.json({ invoices: invoiceList, quotes: quoteList });
  });
}
