// The four dashboard figures of « Mes caisses » (decision 037), company-wide or for one register,
// read from the day totals kept with every movement (cash_day_totals).
import { and, eq, gt, gte, inArray, like, lte, or, sql } from 'drizzle-orm';
import {
  DIFFERENCE_CODE,
  PAYMENT_METHOD_LABELS,
  cashEffectCents,
  euros,
  salesExclTaxCents,
  type PaymentMethod,
} from '../../../../src/domain/cash-register/index';
import type { DbOrTx } from '../../db/client';
import { cashDayTotals, cashRegisters } from '../../db/schema/index';
import { findRegister } from './registers';

export interface DashboardQuery {
  dateStart: string;
  dateEnd: string;
  register?: string;
}

type Scope = Array<{ id: number; lastClosedDay: string | null; lastClosedBalanceCents: number }>;

async function scopeOf(db: DbOrTx, companyId: number, registerUuid: string | undefined): Promise<Scope> {
  if (registerUuid) return [await findRegister(db, companyId, registerUuid)];
  return db
    .select({
      id: cashRegisters.id,
      lastClosedDay: cashRegisters.lastClosedDay,
      lastClosedBalanceCents: cashRegisters.lastClosedBalanceCents,
    })
    .from(cashRegisters)
    .where(eq(cashRegisters.companyId, companyId));
}

/** The same calendar day a year before (29 February → 28 February). */
export function yearBefore(day: string): string {
  const y = Number(day.slice(0, 4)) - 1;
  const md = day.slice(5) === '02-29' ? '02-28' : day.slice(5);
  return `${y}-${md}`;
}

function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
const monthsOf = (days: string[]) => [...new Set(days.map((d) => d.slice(0, 7)))];

function totalsWhere(ids: number[], start: string, end: string, code?: string) {
  return and(
    inArray(cashDayTotals.registerId, ids),
    gte(cashDayTotals.day, start),
    lte(cashDayTotals.day, end),
    code === undefined
      ? undefined
      : code.endsWith('%')
        ? like(cashDayTotals.typeCode, code)
        : eq(cashDayTotals.typeCode, code),
  );
}

/** Sales per day over the period and the same period a year before, in one statement. */
async function salesByDay(db: DbOrTx, ids: number[], q: DashboardQuery) {
  if (ids.length === 0) return new Map<string, number>();
  const [ps, pe] = [yearBefore(q.dateStart), yearBefore(q.dateEnd)];
  const rows = await db
    .select({ day: cashDayTotals.day, cents: sql<string>`sum(${cashDayTotals.amountCents})` })
    .from(cashDayTotals)
    .where(
      and(
        inArray(cashDayTotals.registerId, ids),
        like(cashDayTotals.typeCode, 'vente-%'),
        or(
          and(gte(cashDayTotals.day, q.dateStart), lte(cashDayTotals.day, q.dateEnd)),
          and(gte(cashDayTotals.day, ps), lte(cashDayTotals.day, pe)),
        ),
      ),
    )
    .groupBy(cashDayTotals.day);
  return new Map(rows.map((r) => [r.day, Number(r.cents)]));
}

export async function salesDashboard(db: DbOrTx, companyId: number, q: DashboardQuery) {
  const ids = (await scopeOf(db, companyId, q.register)).map((r) => r.id);
  const byDay = await salesByDay(db, ids, q);
  const [ps, pe] = [yearBefore(q.dateStart), yearBefore(q.dateEnd)];
  const now = byDay;
  const before = new Map([...byDay].filter(([day]) => day >= ps && day <= pe));
  const days = daysBetween(q.dateStart, q.dateEnd).map((day) => ({
    day,
    cents: now.get(day) ?? 0,
    previous: before.get(yearBefore(day)) ?? 0,
  }));
  const months = monthsOf(days.map((d) => d.day)).map((month) => {
    const inMonth = days.filter((d) => d.day.startsWith(month));
    return {
      month,
      amount: euros(inMonth.reduce((s, d) => s + d.cents, 0)),
      previousYear: euros(inMonth.reduce((s, d) => s + d.previous, 0)),
    };
  });
  return {
    days: days.map((d) => ({ day: d.day, amount: euros(d.cents), previousYear: euros(d.previous) })),
    months,
    total: euros(days.reduce((s, d) => s + d.cents, 0)),
    previousYearTotal: euros([...before.values()].reduce((s, c) => s + c, 0)),
  };
}

const METHODS = Object.keys(PAYMENT_METHOD_LABELS) as PaymentMethod[];

export async function revenuesDashboard(db: DbOrTx, companyId: number, q: DashboardQuery) {
  const ids = (await scopeOf(db, companyId, q.register)).map((r) => r.id);
  const rows = ids.length
    ? await db
        .select({ code: cashDayTotals.typeCode, cents: sql<string>`sum(${cashDayTotals.amountCents})` })
        .from(cashDayTotals)
        .where(totalsWhere(ids, q.dateStart, q.dateEnd, 'encaissement-%'))
        .groupBy(cashDayTotals.typeCode)
    : [];
  const by = new Map(rows.map((r) => [r.code.slice('encaissement-'.length), Number(r.cents)]));
  const byPaymentMethod = METHODS.map((m) => ({
    paymentMethod: m,
    label: PAYMENT_METHOD_LABELS[m],
    amount: euros(by.get(m) ?? 0),
  }));
  return { byPaymentMethod, total: euros([...by.values()].reduce((s, c) => s + c, 0)) };
}

/**
 * The cash at stake: what the drawers hold now (each register's theoretical balance), and over the
 * period the bank deposits, the cash expenses, the net écarts and the days with one, the days open.
 */
export async function resultStakeDashboard(db: DbOrTx, companyId: number, q: DashboardQuery) {
  const scope = await scopeOf(db, companyId, q.register);
  const ids = scope.map((r) => r.id);
  if (ids.length === 0)
    return { cashInDrawers: 0, bankDeposits: 0, cashExpenses: 0, differences: 0, differenceDays: 0, openDays: 0 };
  const [periodRows, tails] = await Promise.all([
    db
      .select({
        code: cashDayTotals.typeCode,
        cents: sql<string>`sum(${cashDayTotals.amountCents})`,
        days: sql<string>`count(*) filter (where ${cashDayTotals.amountCents} <> 0)`,
      })
      .from(cashDayTotals)
      .where(
        and(
          totalsWhere(ids, q.dateStart, q.dateEnd),
          inArray(cashDayTotals.typeCode, ['remise-banque', 'depense-especes', DIFFERENCE_CODE]),
        ),
      )
      .groupBy(cashDayTotals.typeCode),
    Promise.all(
      scope.map((r) =>
        db
          .select({ day: cashDayTotals.day, code: cashDayTotals.typeCode, cents: cashDayTotals.amountCents })
          .from(cashDayTotals)
          .where(
            and(
              eq(cashDayTotals.registerId, r.id),
              r.lastClosedDay ? gt(cashDayTotals.day, r.lastClosedDay) : undefined,
            ),
          ),
      ),
    ),
  ]);
  const sum = (code: string) => Number(periodRows.find((r) => r.code === code)?.cents ?? 0);
  let cash = 0;
  let openDays = 0;
  scope.forEach((r, i) => {
    cash += r.lastClosedBalanceCents + tails[i].reduce((s, t) => s + cashEffectCents(t.code, t.cents), 0);
    openDays += new Set(tails[i].filter((t) => t.day >= q.dateStart && t.day <= q.dateEnd).map((t) => t.day)).size;
  });
  return {
    cashInDrawers: euros(cash),
    bankDeposits: euros(sum('remise-banque')),
    cashExpenses: euros(sum('depense-especes')),
    differences: euros(sum(DIFFERENCE_CODE)),
    differenceDays: Number(periodRows.find((r) => r.code === DIFFERENCE_CODE)?.days ?? 0),
    openDays,
  };
}

/** Per month: sales excl. VAT (from each rate's sales incl. VAT) − cash expenses. */
export async function resultMonthlyDashboard(db: DbOrTx, companyId: number, q: DashboardQuery) {
  const ids = (await scopeOf(db, companyId, q.register)).map((r) => r.id);
  const month = sql<string>`to_char(${cashDayTotals.day}, 'YYYY-MM')`;
  const rows = ids.length
    ? await db
        .select({ month, code: cashDayTotals.typeCode, cents: sql<string>`sum(${cashDayTotals.amountCents})` })
        .from(cashDayTotals)
        .where(
          and(
            totalsWhere(ids, q.dateStart, q.dateEnd),
            sql`(${cashDayTotals.typeCode} like 'vente-%' or ${cashDayTotals.typeCode} = 'depense-especes')`,
          ),
        )
        .groupBy(month, cashDayTotals.typeCode)
    : [];
  const months = monthsOf(daysBetween(q.dateStart, q.dateEnd)).map((m) => {
    const inMonth = rows.filter((r) => r.month === m);
    const byRate = new Map<number, number>();
    for (const r of inMonth)
      if (r.code.startsWith('vente-')) byRate.set(Number(r.code.slice('vente-'.length)), Number(r.cents));
    const ht = salesExclTaxCents(byRate);
    const expenses = Number(inMonth.find((r) => r.code === 'depense-especes')?.cents ?? 0);
    return { month: m, salesExclTax: euros(ht), expenses: euros(expenses), result: euros(ht - expenses) };
  });
  return { months };
}
