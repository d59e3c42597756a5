import { and, count, eq, gte, inArray, lt, lte, sql, sum } from 'drizzle-orm';
import { endOfMonth, todayInParis } from '../../../../src/domain/dates';
import { STARTER_SUBSCRIPTION } from '../../../../src/domain/invoice-checks';
import { estimates, invoices } from '../../db/schema/index';
import type { createModule } from '../../http/route';
import type { Deps } from '../../http/types';
import { loadCompany, validatedInvoicesInMonth } from './context';
import { num } from './invoice-store';
import { unpaidCondition } from './list-query';

type Route = ReturnType<typeof createModule>['route'];

/** The 12 months ending with today's, oldest first: ['2025-12', …, '2026-11']. */
export function lastTwelveMonths(today: string): string[] {
  const [y, m] = today.split('-').map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (11 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

// Turnover is HT of validated documents by billing date, credit notes subtracted.
const signedHt = sql<string>`coalesce(sum(case when ${invoices.type} = 'Avoir' then -${invoices.ht} else ${invoices.ht} end), 0)`;

export function dashboardRoute(deps: Deps, route: Route) {
  const db = deps.db;
  route('get', '/factures/etat', {
    summary: 'Tableau de bord de facturation : chiffre d’affaires, impayés, retards, devis ouverts, limite Starter',
    right: { menu: 'mesFactures', permission: 'view' },
    responses: { 200: '{ turnoverMonth, turnoverYear, unpaidAmount, unpaidCount, overdueAmount, overdueCount, openQuotesAmount, openQuotesCount, validatedThisMonth, monthlyLimit, subscriptionInvoice, monthly }' },
  }, async (c) => {
    const companyId = c.get('company').id;
    const today = todayInParis(deps.now());
    const months = lastTwelveMonths(today);
    const mine = and(eq(invoices.companyId, companyId), eq(invoices.validated, true));
    const turnover = async (from: string, to: string) => {
      const [r] = await db.select({ ht: signedHt }).from(invoices).where(and(mine, gte(invoices.createdAt, from), lte(invoices.createdAt, to)));
      return num(r.ht);
    };
    const turnoverMonth = await turnover(`${today.slice(0, 7)}-01`, endOfMonth(today));
    const turnoverYear = await turnover(`${today.slice(0, 4)}-01-01`, `${today.slice(0, 4)}-12-31`);
    const month = sql<string>`to_char(${invoices.createdAt}, 'YYYY-MM')`;
    const byMonth = await db.select({ month, ht: signedHt }).from(invoices)
      .where(and(mine, gte(invoices.createdAt, `${months[0]}-01`), lte(invoices.createdAt, endOfMonth(today)))).groupBy(month);
    const monthly = months.map((m) => ({ month: m, ht: num(byMonth.find((r) => r.month === m)?.ht) }));
    const [unpaid] = await db.select({ n: count(), ttc: sum(invoices.ttc) }).from(invoices).where(and(eq(invoices.companyId, companyId), unpaidCondition));
    const [overdue] = await db.select({ n: count(), ttc: sum(invoices.ttc) }).from(invoices)
      .where(and(eq(invoices.companyId, companyId), unpaidCondition, lt(invoices.dueDate, today)));
    const [open] = await db.select({ n: count(), ht: sum(estimates.ht) }).from(estimates)
      .where(and(eq(estimates.companyId, companyId), inArray(estimates.state, ['enCours', 'accepte'])));
    const company = await loadCompany(db, companyId);
    const starter = company.subscriptionInvoice === STARTER_SUBSCRIPTION;
    return c.json({
      turnoverMonth,
      turnoverYear,
      unpaidAmount: num(unpaid.ttc),
      unpaidCount: unpaid.n,
      overdueAmount: num(overdue.ttc),
      overdueCount: overdue.n,
      openQuotesAmount: num(open.ht),
      openQuotesCount: open.n,
      validatedThisMonth: await validatedInvoicesInMonth(db, companyId, today),
      monthlyLimit: starter ? company.numberInvoiceValidateMonth : null,
      subscriptionInvoice: company.subscriptionInvoice,
      monthly,
    });
  });
}
