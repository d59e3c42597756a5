import { and, asc, count, desc, eq, gte, inArray, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  AccountTotals,
  AccountingExercise,
  FecImport,
  GreatBookLine,
  EntryLine,
  MonthlyDashboard,
  SearchState,
} from '../../../../src/contract/accounting';
import { isIsoDate } from '../../../../src/domain/dates';
import { searchKey } from '../../../../src/domain/search-text';
import type { DbOrTx } from '../../db/client';
import {
  accountingExercises,
  accountingImports,
  accountingJournals,
  accountingLines,
  accountingMonthly,
  accountingSearchStates,
} from '../../db/schema/index';
import { HttpError, notFound } from '../../http/errors';
import { joinPerson, personColumns } from '../users/service';
import { OPENING_JOURNALS } from './import';

// The reads of « Ma comptabilité » (decision 039): always through an exercise's current import.
// Totals and dashboards read the monthly aggregates; only the edges of a period that cuts a month
// read lines. Money leaves as euros (cents / 100).

export const euros = (cents: number | string | null | undefined) => Number(cents ?? 0) / 100;
const frDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
export const EXERCISE_NOT_FOUND = 'Cet exercice est introuvable.';

export type ExerciseRow = typeof accountingExercises.$inferSelect;

export async function listExercises(db: DbOrTx, companyId: number): Promise<ExerciseRow[]> {
  return db
    .select()
    .from(accountingExercises)
    .where(eq(accountingExercises.companyId, companyId))
    .orderBy(desc(accountingExercises.dateEnd));
}

export const exerciseDto = (e: ExerciseRow): AccountingExercise => ({
  id: e.id,
  dateStart: e.dateStart,
  dateEnd: e.dateEnd,
  label: `Exercice du ${frDate(e.dateStart)} au ${frDate(e.dateEnd)}`,
  lines: e.lines,
  entries: e.entries,
  importedAt: e.importedAt.toISOString(),
});
export const exerciseRef = (e: ExerciseRow | null) =>
  e ? { id: e.id, dateStart: e.dateStart, dateEnd: e.dateEnd } : null;

export interface Period {
  exercise: ExerciseRow;
  dateStart: string;
  dateEnd: string;
}

/** The period asked: an exercise by id (404 if not the company's), the one holding dateStart, or the latest. */
export async function resolvePeriod(
  db: DbOrTx,
  companyId: number,
  q: { exercise?: number | undefined; dateStart?: string | undefined; dateEnd?: string | undefined },
): Promise<Period | null> {
  for (const field of ['dateStart', 'dateEnd'] as const) {
    const value = q[field];
    if (value !== undefined && !isIsoDate(value)) {
      const message = `Date invalide : ${value}.`;
      throw new HttpError(422, message, { field, errors: [message] });
    }
  }
  const all = await listExercises(db, companyId);
  let exercise: ExerciseRow | undefined;
  if (q.exercise !== undefined) {
    exercise = all.find((e) => e.id === q.exercise);
    if (!exercise) throw notFound(EXERCISE_NOT_FOUND);
  } else if (q.dateStart) exercise = all.find((e) => e.dateStart <= q.dateStart! && q.dateStart! <= e.dateEnd);
  else if (q.dateEnd) exercise = all.find((e) => e.dateStart <= q.dateEnd! && q.dateEnd! <= e.dateEnd);
  else exercise = all[0];
  if (!exercise) {
    if (q.dateStart || q.dateEnd) throw notFound('Aucun exercice ne couvre cette période.');
    return null;
  }
  const dateStart = q.dateStart && q.dateStart > exercise.dateStart ? q.dateStart : exercise.dateStart;
  const dateEnd = q.dateEnd && q.dateEnd < exercise.dateEnd ? q.dateEnd : exercise.dateEnd;
  if (dateStart > dateEnd) {
    const message = 'Période invalide : la date de début doit précéder la date de fin.';
    throw new HttpError(422, message, { field: 'dateStart', errors: [message] });
  }
  return { exercise, dateStart, dateEnd };
}

/** The exercise before this one (its dateEnd before this dateStart), if any. */
async function previousOf(db: DbOrTx, e: ExerciseRow): Promise<ExerciseRow | null> {
  const [row] = await db
    .select()
    .from(accountingExercises)
    .where(and(eq(accountingExercises.companyId, e.companyId), lt(accountingExercises.dateEnd, e.dateStart)))
    .orderBy(desc(accountingExercises.dateEnd))
    .limit(1);
  return row ?? null;
}

// ——— Account selection ———

/** « 411, 512 » → ['411', '512']: numbers or prefixes. */
export const accountList = (text: string | undefined) =>
  (text ?? '')
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean)
    .slice(0, 200);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Accounts by prefix: a range the index uses (digits and letters) and the exact LIKE (whatever the collation). */
function accountsWhere(column: typeof accountingLines.account | typeof accountingMonthly.account, accounts: string[]) {
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

const monthStart = (iso: string) => `${iso.slice(0, 7)}-01`;
const monthEnd = (iso: string) => {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return `${iso.slice(0, 7)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
const nextMonth = (iso: string) => {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** Σ per account over [from, to] (inside one import), split between opening journals and the rest. */
async function sumsByAccount(
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

// ——— Lines: great book and search ———

const lineColumns = {
  id: accountingLines.id,
  account: accountingLines.account,
  accountLabel: accountingLines.accountLabel,
  auxAccount: accountingLines.auxAccount,
  auxLabel: accountingLines.auxLabel,
  date: accountingLines.date,
  journal: accountingLines.journal,
  journalLabel: accountingLines.journalLabel,
  entryNumber: accountingLines.entryNumber,
  piece: accountingLines.piece,
  pieceDate: accountingLines.pieceDate,
  label: accountingLines.label,
  debitCents: accountingLines.debitCents,
  creditCents: accountingLines.creditCents,
  lettering: accountingLines.lettering,
  letteringDate: accountingLines.letteringDate,
  validDate: accountingLines.validDate,
};
type LineRow = { [K in keyof typeof lineColumns]: (typeof lineColumns)[K]['_']['data'] | null } & {
  id: number;
  account: string;
  date: string;
  debitCents: number;
  creditCents: number;
};

export const lineDto = (r: LineRow): EntryLine => ({
  id: r.id,
  account: r.account,
  accountLabel: r.accountLabel ?? '',
  auxAccount: r.auxAccount,
  auxLabel: r.auxLabel,
  date: r.date,
  journal: r.journal ?? '',
  journalLabel: r.journalLabel ?? '',
  entryNumber: r.entryNumber ?? '',
  piece: r.piece ?? '',
  pieceDate: r.pieceDate,
  label: r.label ?? '',
  debit: euros(r.debitCents),
  credit: euros(r.creditCents),
  lettering: r.lettering,
  letteringDate: r.letteringDate,
  validDate: r.validDate,
});

const badCursor = () => {
  const message = 'Curseur de page invalide.';
  return new HttpError(422, message, { field: 'after', errors: [message] });
};
const encodeCursor = (parts: Array<string | number>) => Buffer.from(JSON.stringify(parts)).toString('base64url');
function decodeCursor(text: string, size: number): Array<string | number> {
  try {
    const parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(parts) &&
      parts.length === size &&
      parts.every((p) => typeof p === 'string' || typeof p === 'number')
    )
      return parts as Array<string | number>;
  } catch {
    // falls through
  }
  throw badCursor();
}

/** The account's balance (debit − credit, cents) of every line of the import before (date, id). */
async function balanceBefore(db: DbOrTx, importId: number, account: string, date: string, id: number) {
  const ms = monthStart(date);
  const [months, lines] = await Promise.all([
    db
      .select({ b: sql<string>`coalesce(sum(${accountingMonthly.debitCents} - ${accountingMonthly.creditCents}), 0)` })
      .from(accountingMonthly)
      .where(
        and(
          eq(accountingMonthly.importId, importId),
          eq(accountingMonthly.account, account),
          lt(accountingMonthly.month, ms),
        ),
      ),
    db
      .select({ b: sql<string>`coalesce(sum(${accountingLines.debitCents} - ${accountingLines.creditCents}), 0)` })
      .from(accountingLines)
      .where(
        and(
          eq(accountingLines.importId, importId),
          eq(accountingLines.account, account),
          gte(accountingLines.date, ms),
          sql`(${accountingLines.date}, ${accountingLines.id}) < (${date}, ${id})`,
        ),
      ),
  ]);
  return Number(months[0]!.b) + Number(lines[0]!.b);
}

export async function greatBook(
  db: DbOrTx,
  p: Period,
  q: { accounts: string[]; after?: string | undefined; page: number; pageSize: number },
): Promise<{ items: GreatBookLine[]; total: number; next: string | null }> {
  const importId = p.exercise.importId;
  const base = and(
    eq(accountingLines.importId, importId),
    gte(accountingLines.date, p.dateStart),
    lte(accountingLines.date, p.dateEnd),
    accountsWhere(accountingLines.account, q.accounts),
  );
  let where: SQL | undefined = base;
  if (q.after) {
    const [account, date, id] = decodeCursor(q.after, 3);
    if (typeof account !== 'string' || typeof date !== 'string' || !isIsoDate(date) || typeof id !== 'number')
      throw badCursor();
    where = and(
      base,
      sql`(${accountingLines.account}, ${accountingLines.date}, ${accountingLines.id}) > (${account}, ${date}, ${id})`,
    );
  }
  // The total from the aggregates (and the lines of the months the period cuts), never a count of lines.
  const [rows, sums] = await Promise.all([
    db
      .select(lineColumns)
      .from(accountingLines)
      .where(where)
      .orderBy(asc(accountingLines.account), asc(accountingLines.date), asc(accountingLines.id))
      .limit(q.pageSize + 1)
      .offset(q.after ? 0 : (q.page - 1) * q.pageSize),
    sumsByAccount(db, importId, p.dateStart, p.dateEnd, q.accounts),
  ]);
  const total = [...sums.values()].reduce((n, s) => n + s.lines, 0);
  const more = rows.length > q.pageSize;
  const page = rows.slice(0, q.pageSize) as LineRow[];
  const items: GreatBookLine[] = [];
  let account = '';
  let balance = 0;
  for (const r of page) {
    if (r.account !== account) {
      account = r.account;
      balance = await balanceBefore(db, importId, r.account, r.date, r.id);
    }
    balance += r.debitCents - r.creditCents;
    items.push({ ...lineDto(r), balance: euros(balance) });
  }
  const last = page[page.length - 1];
  return { items, total, next: more && last ? encodeCursor([last.account, last.date, last.id]) : null };
}

// 1 000: beyond that a person refines the search rather than reads on, and counting a common word's
// matches in a million-line exercise is what cost the search its 100 ms (decision 039).
export const SEARCH_COUNT_LIMIT = 1_000;

export interface SearchInput {
  accounts?: string[] | undefined;
  journals?: string[] | undefined;
  q?: string | undefined;
  amountMin?: number | undefined;
  amountMax?: number | undefined;
  after?: string | undefined;
  page: number;
  pageSize: number;
}

export async function searchEntries(
  db: DbOrTx,
  p: Period,
  s: SearchInput,
): Promise<{ items: EntryLine[]; total: number; totalIsLowerBound: boolean; next: string | null }> {
  if (s.amountMin !== undefined && s.amountMax !== undefined && s.amountMin > s.amountMax) {
    const message = 'Le montant minimum doit être inférieur au montant maximum.';
    throw new HttpError(422, message, { field: 'amountMin', errors: [message] });
  }
  const cents = (e: number) => Math.round(e * 100);
  // A line's amount is its non-zero side: with a minimum of 0, a credit line's zero debit is no
  // match. Written out so the partial indexes on debit and credit (migration 0007) apply.
  const amount = (col: typeof accountingLines.debitCents) =>
    and(
      sql`${col} <> 0`,
      s.amountMin !== undefined ? gte(col, cents(s.amountMin)) : undefined,
      s.amountMax !== undefined ? lte(col, cents(s.amountMax)) : undefined,
    );
  const words = searchKey(s.q).split(' ').filter(Boolean).slice(0, 10);
  const base = and(
    eq(accountingLines.importId, p.exercise.importId),
    gte(accountingLines.date, p.dateStart),
    lte(accountingLines.date, p.dateEnd),
    accountsWhere(accountingLines.account, s.accounts ?? []),
    s.journals && s.journals.length > 0 ? inArray(accountingLines.journal, s.journals) : undefined,
    ...words.map((w) => like(accountingLines.searchText, `%${escapeLike(w)}%`)),
    s.amountMin !== undefined || s.amountMax !== undefined
      ? or(amount(accountingLines.debitCents), amount(accountingLines.creditCents))
      : undefined,
  );
  let where = base;
  if (s.after) {
    const [date, id] = decodeCursor(s.after, 2);
    if (typeof date !== 'string' || !isIsoDate(date) || typeof id !== 'number') throw badCursor();
    where = and(base, sql`(${accountingLines.date}, ${accountingLines.id}) > (${date}, ${id})`);
  }
  return db.transaction(async (tx) => {
    // The best plan depends on the words and amounts themselves (a rare word: the trigram index; a
    // common one: the date order). A prepared statement's generic plan, chosen after five runs,
    // cannot see them and read whole exercises (150 ms at 100 000 lines, measured): plan each time.
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    return findEntries(tx, s, base, where);
  });
}

async function findEntries(db: DbOrTx, s: SearchInput, base: SQL | undefined, where: SQL | undefined) {
  // Counted up to SEARCH_COUNT_LIMIT only: a broad search over a million lines stays fast.
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(accountingLines)
      .where(base)
      .limit(SEARCH_COUNT_LIMIT + 1)
      .as('found'),
  );
  // Few matches (a rare word, a narrow amount): sorting them is cheap, so the order is written as an
  // expression the date index cannot give, and the planner reads them by the search's own indexes.
  // Otherwise it would walk the exercise in date order hoping to meet 50 matches soon, and read every
  // line of it for a word no line holds (300 ms on a million lines, measured).
  const byDate = total <= SEARCH_COUNT_LIMIT ? sql`${accountingLines.date} + 0` : accountingLines.date;
  const rows = await db
    .select(lineColumns)
    .from(accountingLines)
    .where(where)
    .orderBy(asc(byDate), asc(accountingLines.id))
    .limit(s.pageSize + 1)
    .offset(s.after ? 0 : (s.page - 1) * s.pageSize);
  const more = rows.length > s.pageSize;
  const page = rows.slice(0, s.pageSize) as LineRow[];
  const last = page[page.length - 1];
  return {
    items: page.map(lineDto),
    total: Math.min(total, SEARCH_COUNT_LIMIT),
    totalIsLowerBound: total > SEARCH_COUNT_LIMIT,
    next: more && last ? encodeCursor([last.date, last.id]) : null,
  };
}

/** Every line of a selection, in great-book order, for an export (bounded by the caller). */
export async function* selectionLines(db: DbOrTx, p: Period, accounts: string[]) {
  let after: string | undefined;
  do {
    const page = await greatBook(db, p, { accounts, after, page: 1, pageSize: 500 });
    yield page.items;
    after = page.next ?? undefined;
  } while (after);
}

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

// ——— Import history ———

export async function listImports(db: DbOrTx, companyId: number, page: number, pageSize: number) {
  const where = and(eq(accountingImports.companyId, companyId), eq(accountingImports.status, 'done'));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ i: accountingImports, ...personColumns })
      .from(accountingImports)
      .innerJoin(...joinPerson(accountingImports.userId))
      .where(where)
      .orderBy(desc(accountingImports.importedAt), desc(accountingImports.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(accountingImports).where(where),
  ]);
  return { items: rows.map((r) => importDto(r.i, r.firstName, r.userName)), total, page, pageSize };
}

export async function findImport(db: DbOrTx, importId: number): Promise<FecImport> {
  const [r] = await db
    .select({ i: accountingImports, ...personColumns })
    .from(accountingImports)
    .innerJoin(...joinPerson(accountingImports.userId))
    .where(eq(accountingImports.id, importId));
  return importDto(r!.i, r!.firstName, r!.userName);
}

function importDto(i: typeof accountingImports.$inferSelect, firstName: string, name: string): FecImport {
  return {
    id: i.id,
    exerciseId: i.exerciseId,
    fileName: i.fileName,
    siren: i.siren,
    closingDate: i.closingDate,
    dateStart: i.dateStart ?? '',
    dateEnd: i.dateEnd ?? '',
    lines: i.lines,
    entries: i.entries,
    totalDebit: euros(i.totalDebitCents),
    totalCredit: euros(i.totalCreditCents),
    encoding: i.encoding,
    separator: i.separator,
    sha256: i.sha256,
    importedBy: { id: i.userId, firstName, name },
    importedAt: i.importedAt.toISOString(),
    replaced: i.replaced,
  };
}

// ——— Search state ———

const EMPTY_STATE: SearchState = { period: null, accounts: [], requiredDetails: [] };

export async function getSearchState(db: DbOrTx, userId: number, companyId: number): Promise<SearchState> {
  const [row] = await db
    .select({ state: accountingSearchStates.state })
    .from(accountingSearchStates)
    .where(and(eq(accountingSearchStates.userId, userId), eq(accountingSearchStates.companyId, companyId)));
  return (row?.state as SearchState | undefined) ?? EMPTY_STATE;
}

export async function saveSearchState(db: DbOrTx, userId: number, companyId: number, state: SearchState, now: Date) {
  await db
    .insert(accountingSearchStates)
    .values({ userId, companyId, state, updatedAt: now })
    .onConflictDoUpdate({
      target: [accountingSearchStates.userId, accountingSearchStates.companyId],
      set: { state, updatedAt: now },
    });
  return state;
}

// ——— Dashboards (aggregates only) ———

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
