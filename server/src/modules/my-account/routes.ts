import type { Context, Hono } from 'hono';
import { api } from '../../../../src/contract/index';
import { addDays, isDateInBounds, todayInParis } from '../../../../src/domain/dates';
import { can } from '../../../../src/domain/rights';
import { assertRight, subjectOf } from '../../http/auth-middleware';
import { notFound, unprocessable } from '../../http/errors';
import { createModule } from '../../http/route';
import type { AppEnv, Deps } from '../../http/types';
import { idParam } from '../../http/validate';
import { contentDisposition, customerDocumentPdf, pdfResponse } from '../invoices/service';
import { statementCsv, statementFileName, statementPdf } from './export';
import { INVOICE_NOT_FOUND, accountLink, firmBusinessDocuments, readLink, saveLink, statementData } from './service';
import { buildStatement } from './statement';
import { toFirmInvoice } from './status';

// « Mon compte » (decision 043): the firm's documents and the statement, read by the
// client company (X-Company-Id, rights monCompte view / download), and the link set by the firm.

const VIEW = { menu: 'monCompte', permission: 'view' } as const;
const DOWNLOAD = { menu: 'monCompte', permission: 'download' } as const;
export const INVALID_PERIOD = 'Période invalide : la date de début doit précéder la date de fin.';
const FIRM_ONLY = 'Réservé au cabinet comptable.';

/** The period asked, by default the last 12 months up to today (Paris). */
export function periodOf(q: { dateStart?: string; dateEnd?: string }, now: Date) {
  const dateEnd = q.dateEnd ?? todayInParis(now);
  const [y, m, d] = dateEnd.split('-').map(Number);
  // One year back, the day after: Date.UTC normalises a 29 February of a non-leap year.
  const dateStart = q.dateStart ?? addDays(new Date(Date.UTC(y - 1, m - 1, d)).toISOString().slice(0, 10), 1);
  if (!isDateInBounds(dateStart) || !isDateInBounds(dateEnd) || dateStart > dateEnd)
    throw unprocessable(INVALID_PERIOD, [INVALID_PERIOD]);
  return { dateStart, dateEnd };
}

export function myAccountModule(deps: Deps): Hono<AppEnv> {
  const { app, route } = createModule(deps, '/api', 'Mon compte');
  const companyId = (c: Context<AppEnv>) => c.get('company').id;

  route(api.myAccount.invoices, { right: VIEW }, async (c, { query }) => {
    const link = await accountLink(deps.db, companyId(c));
    const today = todayInParis(deps.now());
    const all = (await firmBusinessDocuments(deps.db, companyId(c))).map((d) => toFirmInvoice(d, today)).reverse();
    const q = query.q?.trim().toLowerCase();
    const kept = all.filter(
      (i) => (!query.status || i.status === query.status) && (!q || i.number.toLowerCase().includes(q)),
    );
    const start = (query.page - 1) * query.pageSize;
    return c.json({
      items: kept.slice(start, start + query.pageSize),
      total: kept.length,
      page: query.page,
      pageSize: query.pageSize,
      firm: link?.firm ?? null,
    });
  });

  route(api.myAccount.invoicePdf, { right: DOWNLOAD }, async (c, { query }) => {
    const id = idParam(c);
    const link = await accountLink(deps.db, companyId(c));
    const pdf = link && (await customerDocumentPdf(deps.db, link.firmCompanyId, link.customerId, id));
    if (!pdf) throw notFound(INVOICE_NOT_FOUND);
    return pdfResponse(pdf.bytes, pdf.fileName, query.download === '1' ? 'attachment' : 'inline');
  });

  route(api.myAccount.getStatement, { right: VIEW }, async (c, { query }) => {
    const period = periodOf(query, deps.now());
    const data = await statementData(deps.db, companyId(c));
    return c.json(buildStatement(data.firm, period, data.documents, data.payments));
  });

  route(api.myAccount.exportStatement, { right: DOWNLOAD }, async (c, { query }) => {
    const period = periodOf(query, deps.now());
    const data = await statementData(deps.db, companyId(c));
    const statement = buildStatement(data.firm, period, data.documents, data.payments);
    if (query.format === 'pdf')
      return pdfResponse(
        await statementPdf(statement, c.get('company').label),
        statementFileName(statement, 'pdf'),
        'attachment',
      );
    return new Response(statementCsv(statement), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': contentDisposition(statementFileName(statement, 'csv'), 'attachment'),
        'Cache-Control': 'private, no-store',
      },
    });
  });

  // The firm's staff link a client company to its customer record. Not scoped by X-Company-Id: the
  // path names the client company and the body the firm company, both checked against the caller's
  // memberships (decision 073).
  route(api.myAccount.getLink, {}, async (c) => {
    assertRight(can(subjectOf(c), 'firm'), FIRM_ONLY);
    return c.json({ link: await readLink(deps.db, c.get('user'), idParam(c, 'company')) });
  });

  route(api.myAccount.putLink, {}, async (c, { body }) => {
    assertRight(can(subjectOf(c), 'firm'), FIRM_ONLY);
    return c.json({ link: await saveLink(deps.db, c.get('user'), idParam(c, 'company'), body, deps.now()) });
  });

  return app;
}
