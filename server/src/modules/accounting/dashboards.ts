import { and, eq } from 'drizzle-orm';
import type { MonthlyDashboard } from '../../../../src/contract/accounting';
import type { DbOrTx } from '../../db/client';
import { accountingMonthly } from '../../db/schema/index';
import { euros, exerciseRef, previousOf, resolvePeriod, type ExerciseRow } from './exercises';
import { accountTotals, accountsWhere, monthStart, nextMonth } from './totals';

// The dashboards of « Ma comptabilité » (decision 039): read from the monthly aggregates only, each
// exercise against the one before it.

interface MonthRow {
  account: string;
  label: string;
  month: string;
  opening: boolean;
  debit: number;
  credit: number;
}

async function monthRows(db: DbOrTx, importId: number, prefixes: string[]): Promise<MonthRow[]> {
  const rows = await db
    .select({
      account: accountingMonthly.account,
      label: accountingMonthly.accountLabel,
      month: accountingMonthly.month,
      opening: accountingMonthly.opening,
      debit: accountingMonthly.debitCents,
      credit: accountingMonthly.creditCents,
    })
    .from(accountingMonthly)
    .where(and(eq(accountingMonthly.importId, importId), accountsWhere(accountingMonthly.account, prefixes)));
  return rows;
}

/** The exercise's months, as 'YYYY-MM'. */
function monthsOf(e: ExerciseRow): string[] {
  const out: string[] = [];
  for (let m = monthStart(e.dateStart); m <= e.dateEnd; m = nextMonth(m)) out.push(m.slice(0, 7));
  return out;
}

export async function dashboardExercise(db: DbOrTx, companyId: number, exerciseId: number | undefined) {
  const p = await resolvePeriod(db, companyId, { exercise: exerciseId });
  if (!p) return { exercise: null, previous: null };
  return { exercise: p.exercise, previous: await previousOf(db, p.exercise) };
}

type Figure = 'incomes' | 'expenses' | 'treasury';
const FIGURES: Record<Figure, { prefixes: string[]; sign: 1 | -1; cumulative: boolean }> = {
  // Σ(credit − debit) on class 7; Σ(debit − credit) on class 6; balance of 512 and 53 at each month end.
  incomes: { prefixes: ['7'], sign: -1, cumulative: false },
  expenses: { prefixes: ['6'], sign: 1, cumulative: false },
  treasury: { prefixes: ['512', '53'], sign: 1, cumulative: true },
};

async function monthlySeries(db: DbOrTx, e: ExerciseRow, figure: Figure) {
  const f = FIGURES[figure];
  const rows = await monthRows(db, e.importId, f.prefixes);
  const byMonth = new Map<string, number>();
  const byAccount = new Map<string, { label: string; amount: number }>();
  for (const r of rows) {
    if (!f.cumulative && r.opening) continue;
    const v = f.sign * (Number(r.debit) - Number(r.credit));
    const key = r.month.slice(0, 7);
    byMonth.set(key, (byMonth.get(key) ?? 0) + v);
    const a = byAccount.get(r.account);
    if (a) a.amount += v;
    else byAccount.set(r.account, { label: r.label, amount: v });
  }
  let running = 0;
  const months = monthsOf(e).map((month) => {
    const v = byMonth.get(month) ?? 0;
    running += v;
    return { month, cents: f.cumulative ? running : v };
  });
  return { months, total: f.cumulative ? running : [...byMonth.values()].reduce((a, b) => a + b, 0), byAccount };
}

export async function monthlyDashboard(
  db: DbOrTx,
  companyId: number,
  exerciseId: number | undefined,
  figure: Figure,
): Promise<MonthlyDashboard> {
  const { exercise, previous } = await dashboardExercise(db, companyId, exerciseId);
  if (!exercise)
    return { exercise: null, previousExercise: null, months: [], total: 0, previousTotal: null, byAccount: [] };
  const [cur, prev] = await Promise.all([
    monthlySeries(db, exercise, figure),
    previous ? monthlySeries(db, previous, figure) : Promise.resolve(null),
  ]);
  return {
    exercise: exerciseRef(exercise),
    previousExercise: exerciseRef(previous),
    // Month i of the exercise against month i of the previous one.
    months: cur.months.map((m, i) => ({
      month: m.month,
      amount: euros(m.cents),
      previous: prev?.months[i] ? euros(prev.months[i].cents) : null,
    })),
    total: euros(cur.total),
    previousTotal: prev ? euros(prev.total) : null,
    byAccount: [...cur.byAccount]
      .map(([account, a]) => ({ account, label: a.label, amount: euros(a.amount) }))
      .sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount) || a.account.localeCompare(b.account)),
  };
}

async function resultOf(db: DbOrTx, e: ExerciseRow) {
  const rows = await monthRows(db, e.importId, ['6', '7']);
  let revenue = 0;
  let expenses = 0;
  for (const r of rows) {
    if (r.account.startsWith('7')) revenue += Number(r.credit) - Number(r.debit);
    else expenses += Number(r.debit) - Number(r.credit);
  }
  return { revenue: euros(revenue), expenses: euros(expenses), result: euros(revenue - expenses) };
}

export async function resultLast(db: DbOrTx, companyId: number, exerciseId: number | undefined) {
  const { exercise, previous } = await dashboardExercise(db, companyId, exerciseId);
  if (!exercise) return { exercise: null, revenue: 0, expenses: 0, result: 0, previous: null };
  const [cur, prev] = await Promise.all([resultOf(db, exercise), previous ? resultOf(db, previous) : null]);
  return {
    exercise: exerciseRef(exercise),
    ...cur,
    previous: previous && prev ? { exercise: exerciseRef(previous)!, ...prev } : null,
  };
}

export async function accountsDashboard(db: DbOrTx, companyId: number, exerciseId: number | undefined) {
  const p = await resolvePeriod(db, companyId, { exercise: exerciseId });
  if (!p) return { exercise: null, accounts: [], receivables: 0, payables: 0 };
  const accounts = await accountTotals(db, p, []);
  const balanceOf = (prefix: string) =>
    accounts.filter((a) => a.account.startsWith(prefix)).reduce((s, a) => s + Math.round(a.balance * 100), 0);
  return {
    exercise: exerciseRef(p.exercise),
    accounts,
    receivables: euros(balanceOf('411')),
    payables: euros(-balanceOf('401')),
  };
}

export async function treasuryAccounts(db: DbOrTx, companyId: number, exerciseId: number | undefined) {
  const { exercise } = await dashboardExercise(db, companyId, exerciseId);
  if (!exercise) return { exercise: null, accounts: [], total: 0 };
  const rows = await monthRows(db, exercise.importId, ['512', '53']);
  const byAccount = new Map<string, { label: string; cents: number }>();
  for (const r of rows) {
    const a = byAccount.get(r.account);
    const v = Number(r.debit) - Number(r.credit);
    if (a) a.cents += v;
    else byAccount.set(r.account, { label: r.label, cents: v });
  }
  const accounts = [...byAccount]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([account, a]) => ({ account, label: a.label, balance: euros(a.cents) }));
  return {
    exercise: exerciseRef(exercise),
    accounts,
    total: euros([...byAccount.values()].reduce((s, a) => s + a.cents, 0)),
  };
}
