import Decimal from 'decimal.js';
import { and, count, eq, inArray, sql, sum } from 'drizzle-orm';
import { todayInParis } from '../../../../src/domain/dates';
import { toDecimal } from '../../../../src/domain/money';
import { STARTER_SUBSCRIPTION } from '../../../../src/domain/invoice-checks';
import { estimates, invoices } from '../../db/schema/index';
import type { createModule } from '../../http/route';
import type { Deps } from '../../http/types';
import { loadCompany, validatedInvoicesInMonth } from './context';
import { num } from './invoice-store';

type Route = ReturnType<typeof createModule>['route'];

/** The 12 months ending with today's, oldest first: ['2025-12', …, '2026-11']. */
export function lastTwelveMonths(today: string): string[] {
  const [y, m] = today.split('-').map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (11 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

// One pass over the company's validated documents, grouped by billing month: turnover is HT by
// billing date with credit notes subtracted; unpaid/overdue are the TTC still due on invoices.
const unpaidSql = sql`${invoices.type} = 'Facture' and ${invoices.paidAt} is null`;

async function figuresByMonth(db: Deps['db'], companyId: number, today: string) {
  const month = sql`date_trunc('month', ${invoices.createdAt})`;
  const overdueSql = sql`${unpaidSql} and ${invoices.dueDate} < ${today}`;
  return db.select({
    month: sql<string>`to_char(${month}, 'YYYY-MM')`,
    ht: sql<string>`sum(case when ${invoices.type} = 'Avoir' then -${invoices.ht} else ${invoices.ht} end)`,
    unpaidCount: sql<number>`(count(*) filter (where ${unpaidSql}))::int`,
    unpaidTtc: sql<string | null>`sum(${invoices.ttc}) filter (where ${unpaidSql})`,
    overdueCount: sql<number>`(count(*) filter (where ${overdueSql}))::int`,
    overdueTtc: sql<string | null>`sum(${invoices.ttc}) filter (where ${overdueSql})`,
  }).from(invoices).where(and(eq(invoices.companyId, companyId), eq(invoices.validated, true))).groupBy(month);
}

const total = (values: Array<string | number | null | undefined>) => values.reduce((s: Decimal, v) => s.plus(toDecimal(v ?? 0)), new Decimal(0)).toNumber();

export function dashboardRoute(deps: Deps, route: Route) {
  const db = deps.db;
  route('get', '/factures/etat', {
    summary: 'Tableau de bord de facturation : chiffre d’affaires, impayés, retards, devis ouverts, limite Starter',
    right: { menu: 'mesFactures', permission: 'view' },
    responses: { 200: '{ turnoverMonth, turnoverYear, unpaidAmount, unpaidCount, overdueAmount, overdueCount, openQuotesAmount, openQuotesCount, validatedThisMonth, monthlyLimit, subscriptionInvoice, monthly }' },
  }, async (c) => {
    const companyId = c.get('company').id;
    const today = todayInParis(deps.now());
    const rows = await figuresByMonth(db, companyId, today);
    const htOf = (m: string) => total(rows.filter((r) => r.month === m).map((r) => r.ht));
    const monthly = lastTwelveMonths(today).map((m) => ({ month: m, ht: htOf(m) }));
    const turnoverYear = total(rows.filter((r) => r.month?.startsWith(today.slice(0, 4))).map((r) => r.ht));
    const [open] = await db.select({ n: count(), ht: sum(estimates.ht) }).from(estimates)
      .where(and(eq(estimates.companyId, companyId), inArray(estimates.state, ['enCours', 'accepte'])));
    const company = await loadCompany(db, companyId);
    const starter = company.subscriptionInvoice === STARTER_SUBSCRIPTION;
    return c.json({
      turnoverMonth: htOf(today.slice(0, 7)),
      turnoverYear,
      unpaidAmount: total(rows.map((r) => r.unpaidTtc)),
      unpaidCount: rows.reduce((n, r) => n + r.unpaidCount, 0),
      overdueAmount: total(rows.map((r) => r.overdueTtc)),
      overdueCount: rows.reduce((n, r) => n + r.overdueCount, 0),
      openQuotesAmount: num(open.ht),
      openQuotesCount: open.n,
      validatedThisMonth: await validatedInvoicesInMonth(db, companyId, today),
      monthlyLimit: starter ? company.numberInvoiceValidateMonth : null,
      subscriptionInvoice: company.subscriptionInvoice,
      monthly,
    });
  });
}
