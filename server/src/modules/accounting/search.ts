import { and, asc, eq, gte, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type { EntryLine, SearchState } from '../../../../src/contract/accounting';
import { isIsoDate } from '../../../../src/domain/dates';
import { searchKey } from '../../../../src/domain/search-text';
import type { DbOrTx } from '../../db/client';
import { accountingLines, accountingSearchStates } from '../../db/schema/index';
import { HttpError } from '../../http/errors';
import type { Period } from './exercises';
import { badCursor, decodeCursor, encodeCursor, lineColumns, lineDto, type LineRow } from './lines';
import { accountsWhere, escapeLike } from './totals';

// The entries' search (decision 039): words, accounts, journals and amounts over a period, counted up
// to SEARCH_COUNT_LIMIT; and each user's last search, kept per company.

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
