import { and, asc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { GreatBookLine } from '../../../../src/contract/accounting';
import { CSV_BOM, csvLine } from '../../../../src/domain/csv';
import { isIsoDate } from '../../../../src/domain/dates';
import type { DbOrTx } from '../../db/client';
import { accountingLines, accountingMonthly } from '../../db/schema/index';
import { HttpError } from '../../http/errors';
import { euros, type Period } from './exercises';
import { badCursor, decodeCursor, encodeCursor, lineColumns, lineDto, type LineRow } from './lines';
import { accountsWhere, monthStart, sumsByAccount } from './totals';

// The great book (decision 039): the lines of the selected accounts in account, date order, each with
// the account's running balance; its total from the aggregates, never a count of lines.

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

/** Every line of a selection, in great-book order, for an export (bounded by the caller). */
export async function* selectionLines(db: DbOrTx, p: Period, accounts: string[]) {
  let after: string | undefined;
  do {
    const page = await greatBook(db, p, { accounts, after, page: 1, pageSize: 500 });
    yield page.items;
    after = page.next ?? undefined;
  } while (after);
}

const MAX_EXPORT_LINES = 200_000;
const amount = (n: number) => n.toFixed(2).replace('.', ',');

/** The selection's lines as CSV for a spreadsheet, in great-book order (413 past MAX_EXPORT_LINES). */
export async function greatBookCsv(db: DbOrTx, p: Period, accounts: string[]): Promise<AsyncGenerator<string>> {
  const first = await greatBook(db, p, { accounts, page: 1, pageSize: 1 });
  if (first.total > MAX_EXPORT_LINES)
    throw new HttpError(413, `Sélection trop grande : ${first.total} lignes (au plus ${MAX_EXPORT_LINES}).`);
  return csvRows(db, p, accounts);
}

// Every cell through csvLine: the FEC's texts are whoever typed them, and one starting with
// = + - @ would run as a formula in a spreadsheet (decision 075).
async function* csvRows(db: DbOrTx, p: Period, accounts: string[]) {
  yield CSV_BOM +
    csvLine([
      'Compte',
      'Libellé du compte',
      'Date',
      'Journal',
      'N° écriture',
      'Pièce',
      'Libellé',
      'Débit',
      'Crédit',
      'Lettrage',
      'Solde',
    ]);
  for await (const lines of selectionLines(db, p, accounts))
    yield lines
      .map((l) =>
        csvLine([
          l.account,
          l.accountLabel,
          l.date,
          l.journal,
          l.entryNumber,
          l.piece,
          l.label,
          amount(l.debit),
          amount(l.credit),
          l.lettering,
          amount(l.balance),
        ]),
      )
      .join('');
}
