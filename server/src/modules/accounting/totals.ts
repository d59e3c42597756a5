import { and, asc, count, eq, gte, like, lt, lte, or, sql } from 'drizzle-orm';
import type { AccountTotals } from '../../../../src/contract/accounting';
import type { DbOrTx } from '../../db/client';
import { accountingJournals, accountingLines, accountingMonthly } from '../../db/schema/index';
import { euros, type Period } from './exercises';
import { OPENING_JOURNALS } from './import';

// Totals by account and by journal over a period (decision 039): the monthly aggregates for whole
// months, the lines only for the edges of a period that cuts a month.

// ——— Account selection ———

/** « 411, 512 » → ['411', '512']: numbers or prefixes. */
export const accountList = (text: string | undefined) =>
  (text ?? '')
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean)
    .slice(0, 200);

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Accounts by prefix: a range the index uses (digits and letters) and the exact LIKE (whatever the collation). */
export function accountsWhere(
  column: typeof accountingLines.account | typeof accountingMonthly.account,
  accounts: string[],
) {
  if (accounts.length === 0) return undefined;
  return or(
    ...accounts.map((a) => {
      const exact = like(column, `${escapeLike(a)}%`);
      if (!/^[0-9A-Za-z]+$/.test(a)) return exact;
      // The next string after every string starting with `a`: its last character + 1.
      const end = a.slice(0, -1) + String.fromCharCode(a.charCodeAt(a.length - 1) + 1);
      return and(gte(column, a), lt(column, end), exact);
    }),
  );
}

// ——— Sums by account (aggregates for whole months, lines for the cut edges) ———

interface Sums {
  label: string;
  lines: number;
  openingDebit: number;
  openingCredit: number;
  debit: number;
  credit: number;
}

export const monthStart = (iso: string) => `${iso.slice(0, 7)}-01`;
const monthEnd = (iso: string) => {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return `${iso.slice(0, 7)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
export const nextMonth = (iso: string) => {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** Σ per account over [from, to] (inside one import), split between opening journals and the rest. */
export async function sumsByAccount(
  db: DbOrTx,
  importId: number,
  from: string,
  to: string,
  accounts: string[],
): Promise<Map<string, Sums>> {
  const out = new Map<string, Sums>();
  if (from > to) return out;
  const add = (account: string, label: string, opening: boolean, lines: number, debit: number, credit: number) => {
    let s = out.get(account);
    if (!s) out.set(account, (s = { label, lines: 0, openingDebit: 0, openingCredit: 0, debit: 0, credit: 0 }));
    s.lines += lines;
    if (opening) {
      s.openingDebit += debit;
      s.openingCredit += credit;
    } else {
      s.debit += debit;
      s.credit += credit;
    }
  };
  // Whole months inside [from, to]: the aggregates; the cut edges: the lines.
  const firstFull = from === monthStart(from) ? from : nextMonth(from);
  const endFull = to === monthEnd(to) ? nextMonth(to) : monthStart(to); // exclusive
  const hasFull = firstFull < endFull;
  if (hasFull) {
    const rows = await db
      .select({
        account: accountingMonthly.account,
        label: sql<string>`min(${accountingMonthly.accountLabel})`,
        opening: accountingMonthly.opening,
        lines: sql<string>`sum(${accountingMonthly.lines})`,
        debit: sql<string>`sum(${accountingMonthly.debitCents})`,
        credit: sql<string>`sum(${accountingMonthly.creditCents})`,
      })
      .from(accountingMonthly)
      .where(
        and(
          eq(accountingMonthly.importId, importId),
          gte(accountingMonthly.month, firstFull),
          lt(accountingMonthly.month, endFull),
          accountsWhere(accountingMonthly.account, accounts),
        ),
      )
      .groupBy(accountingMonthly.account, accountingMonthly.opening);
    for (const r of rows) add(r.account, r.label, r.opening, Number(r.lines), Number(r.debit), Number(r.credit));
  }
  const edges: Array<[string, string]> = [];
  if (!hasFull) edges.push([from, to]);
  else {
    if (from < firstFull) edges.push([from, plusDay(firstFull, -1)]);
    if (endFull <= to) edges.push([endFull, to]);
  }
  const openingCodes = [...OPENING_JOURNALS];
  for (const [a, b] of edges) {
    const rows = await db
      .select({
        account: accountingLines.account,
        label: sql<string>`min(${accountingLines.accountLabel})`,
        opening: sql<boolean>`${accountingLines.journal} in (${sql.join(
          openingCodes.map((c) => sql`${c}`),
          sql`, `,
        )})`,
        lines: count(),
        debit: sql<string>`sum(${accountingLines.debitCents})`,
        credit: sql<string>`sum(${accountingLines.creditCents})`,
      })
      .from(accountingLines)
      .where(
        and(
          eq(accountingLines.importId, importId),
          gte(accountingLines.date, a),
          lte(accountingLines.date, b),
          accountsWhere(accountingLines.account, accounts),
        ),
      )
      .groupBy(accountingLines.account, sql`3`);
    for (const r of rows) add(r.account, r.label, r.opening, r.lines, Number(r.debit), Number(r.credit));
  }
  return out;
}

function plusDay(iso: string, n: number) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * Each selected account's totals over the period: opening = balance before dateStart plus the
 * à-nouveaux of the period; debit and credit = the period's other movements.
 */
export async function accountTotals(db: DbOrTx, p: Period, accounts: string[]): Promise<AccountTotals[]> {
  const [before, during] = await Promise.all([
    sumsByAccount(db, p.exercise.importId, p.exercise.dateStart, plusDay(p.dateStart, -1), accounts),
    sumsByAccount(db, p.exercise.importId, p.dateStart, p.dateEnd, accounts),
  ]);
  const names = [...new Set([...before.keys(), ...during.keys()])].sort();
  return names.map((account) => {
    const b = before.get(account);
    const d = during.get(account);
    const openingCents =
      (b ? b.openingDebit - b.openingCredit + b.debit - b.credit : 0) + (d ? d.openingDebit - d.openingCredit : 0);
    const debit = d?.debit ?? 0;
    const credit = d?.credit ?? 0;
    return {
      account,
      label: (d ?? b)!.label,
      accountClass: Number(account[0]) || 0,
      opening: euros(openingCents),
      debit: euros(debit),
      credit: euros(credit),
      balance: euros(openingCents + debit - credit),
    };
  });
}

/** Each journal's lines and totals over the period: its aggregate for a whole exercise, else its lines. */
export async function journalTotals(db: DbOrTx, p: Period) {
  const wholeExercise = p.dateStart === p.exercise.dateStart && p.dateEnd === p.exercise.dateEnd;
  if (wholeExercise) {
    const rows = await db
      .select()
      .from(accountingJournals)
      .where(eq(accountingJournals.importId, p.exercise.importId))
      .orderBy(asc(accountingJournals.code));
    return rows.map((j) => ({
      code: j.code,
      label: j.label,
      lines: j.lines,
      debit: euros(j.debitCents),
      credit: euros(j.creditCents),
    }));
  }
  const rows = await db
    .select({
      code: accountingLines.journal,
      label: sql<string>`min(${accountingLines.journalLabel})`,
      lines: count(),
      debit: sql<string>`sum(${accountingLines.debitCents})`,
      credit: sql<string>`sum(${accountingLines.creditCents})`,
    })
    .from(accountingLines)
    .where(
      and(
        eq(accountingLines.importId, p.exercise.importId),
        gte(accountingLines.date, p.dateStart),
        lte(accountingLines.date, p.dateEnd),
      ),
    )
    .groupBy(accountingLines.journal)
    .orderBy(asc(accountingLines.journal));
  return rows.map((j) => ({
    code: j.code,
    label: j.label,
    lines: j.lines,
    debit: euros(j.debit),
    credit: euros(j.credit),
  }));
}
