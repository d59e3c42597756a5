import Decimal from 'decimal.js';
import { and, count, eq, gte, inArray, lte, sql, sum } from 'drizzle-orm';
import { endOfMonth, todayInParis } from '../../../../src/domain/dates';
import { toDecimal } from '../../../../src/domain/money';
import { can } from '../../../../src/domain/rights';
import { STARTER_SUBSCRIPTION } from '../../../../src/domain/invoice-checks';
import { estimates, invoices } from '../../db/schema/index';
import { subjectOf } from '../../http/auth-middleware';
import type { createModule } from '../../http/route';
import { api } from '../../../../src/contract/index';
import type { Deps } from '../../http/types';
import { loadCompany, validatedInvoicesInMonth } from './context';
import { invoiceRight } from './http-helpers';
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

// Turnover: HT by billing month over the window the dashboard shows (the last 12 months and the
// current year), credit notes subtracted. Unpaid/overdue: the TTC still due on validated invoices,
// read through the partial index invoices_company_unpaid_idx.
async function turnoverByMonth(db: Deps['db'], companyId: number, from: string, to: string) {
  const month = sql`date_trunc('month', ${invoices.createdAt})`;
  return db
    .select({
      month: sql<string>`to_char(${month}, 'YYYY-MM')`,
      ht: sql<string>`sum(case when ${invoices.type} = 'Avoir' then -${invoices.ht} else ${invoices.ht} end)`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.validated, true),
        gte(invoices.createdAt, from),
        lte(invoices.createdAt, to),
      ),
    )
    .groupBy(month);
}

async function receivables(db: Deps['db'], companyId: number, today: string) {
  const overdue = sql`${invoices.dueDate} < ${today}`;
  // What is still due: TTC less the payments and credit notes already received (decision 011).
  const due = sql`greatest(${invoices.ttc} - ${invoices.amountPaid} - ${invoices.amountCredited}, 0)`;
  const [row] = await db
    .select({
      unpaidCount: sql<number>`count(*)::int`,
      unpaidTtc: sql<string | null>`sum(${due})`,
      overdueCount: sql<number>`(count(*) filter (where ${overdue}))::int`,
      overdueTtc: sql<string | null>`sum(${due}) filter (where ${overdue})`,
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), unpaidCondition));
  return row;
}

const total = (values: Array<string | number | null | undefined>) =>
  values.reduce((s: Decimal, v) => s.plus(toDecimal(v ?? 0)), new Decimal(0)).toNumber();

export function dashboardRoute(deps: Deps, route: Route) {
  const db = deps.db;
  // Invoice figures: the invoice list's right; the open quotes only for who sees quotes (decision 008).
  route(api.invoices.dashboard, { right: invoiceRight('view') }, async (c) => {
    const companyId = c.get('company').id;
    const seesQuotes = can(subjectOf(c), 'view', { menu: 'mesFactures', child: 'listeDevis' });
    const today = todayInParis(deps.now());
    const months = lastTwelveMonths(today);
    const from = months[0] < `${today.slice(0, 4)}-01` ? `${months[0]}-01` : `${today.slice(0, 4)}-01-01`;
    const rows = await turnoverByMonth(db, companyId, from, endOfMonth(today));
    const due = await receivables(db, companyId, today);
    const htOf = (m: string) => total(rows.filter((r) => r.month === m).map((r) => r.ht));
    const monthly = months.map((m) => ({ month: m, ht: htOf(m) }));
    const turnoverYear = total(rows.filter((r) => r.month?.startsWith(today.slice(0, 4))).map((r) => r.ht));
    const [open] = seesQuotes
      ? await db
          .select({ n: count(), ht: sum(estimates.ht) })
          .from(estimates)
          .where(and(eq(estimates.companyId, companyId), inArray(estimates.state, ['enCours', 'accepte'])))
      : [null];
    const company = await loadCompany(db, companyId);
    const starter = company.subscriptionInvoice === STARTER_SUBSCRIPTION;
    return c.json({
      turnoverMonth: htOf(today.slice(0, 7)),
      turnoverYear,
      unpaidAmount: total([due.unpaidTtc]),
      unpaidCount: due.unpaidCount,
      overdueAmount: total([due.overdueTtc]),
      overdueCount: due.overdueCount,
      openQuotesAmount: open ? num(open.ht) : null,
      openQuotesCount: open ? open.n : null,
      validatedThisMonth: await validatedInvoicesInMonth(db, companyId, today),
      monthlyLimit: starter ? company.numberInvoiceValidateMonth : null,
      subscriptionInvoice: company.subscriptionInvoice,
      monthly,
    });
  });
}
