import { createHash, type Hash } from 'node:crypto';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FecRefusal } from '../../../../src/contract/accounting';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Tx } from '../../db/client';
import {
  accountingExercises,
  accountingImports,
  accountingJournals,
  accountingLines,
  accountingMonthly,
} from '../../db/schema/index';
import { FecReader, parseFecFileName, type FecFault, type FecLine, type FecSummary } from './fec';

// The importer (decision 039): the file's bytes go through the FEC reader as they arrive; accepted
// lines are written in batches under a new import id that no reader looks at yet. At the end, a
// refused file's lines are dropped (nothing changed); an accepted file's aggregates are written and
// the exercise is pointed at the new import in one short transaction: readers see the old exercise
// or the new one, never a mix. The replaced import's lines are dropped after the commit.

const BATCH = 2000;
/** Journals of opening balances (à-nouveaux): kept apart from the period's flows. */
export const OPENING_JOURNALS = new Set(['AN', 'RAN', 'ANO', 'ANX']);

export interface ImportInput {
  companyId: number;
  userId: number;
  fileName: string;
  /** When the file name does not carry the closing date (`SIRENFECAAAAMMJJ`). */
  closingDate?: string | undefined;
  /** Default: the day after the closing date minus one year. */
  dateStart?: string | undefined;
  now: Date;
}

export type ImportOutcome = { ok: true; importId: number } | { ok: false; refusal: FecRefusal };

const plusDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const minusOneYear = (iso: string) => `${Number(iso.slice(0, 4)) - 1}${iso.slice(4)}`.replace('-02-29', '-02-28');

export function refusalOf(faults: FecFault[], faultCount: number): FecRefusal {
  const errors = faults.map(
    (f) => `${f.line > 0 ? `Ligne ${f.line}` : 'Fichier'}${f.column ? `, colonne ${f.column}` : ''} : ${f.message}`,
  );
  const more = faultCount > faults.length ? ` (les ${faults.length} premières sont listées)` : '';
  return {
    message: `FEC refusé : ${faultCount} anomalie${faultCount > 1 ? 's' : ''}${more}. Aucune donnée n’a été modifiée.`,
    errors,
    faults,
    faultCount,
  };
}

/** Drains what is left (a refused file is still read to its end, so the client gets the answer). */
async function drain(bytes: AsyncIterable<Uint8Array>) {
  for await (const _ of bytes) void _;
}

export async function importFec(db: Db, input: ImportInput, bytes: AsyncIterable<Uint8Array>): Promise<ImportOutcome> {
  const named = parseFecFileName(input.fileName);
  const closingDate = named?.closingDate ?? input.closingDate;
  if (!closingDate) {
    await drain(bytes);
    const message =
      'Le nom du fichier doit suivre la forme SIRENFECAAAAMMJJ.txt (SIREN, « FEC », date de clôture), ou la date de clôture doit être indiquée.';
    return { ok: false, refusal: refusalOf([{ line: 0, column: null, message }], 1) };
  }
  const dateStart = input.dateStart ?? plusDays(minusOneYear(closingDate), 1);
  const [imp] = await db
    .insert(accountingImports)
    .values({
      companyId: input.companyId,
      userId: input.userId,
      fileName: input.fileName,
      siren: named?.siren ?? null,
      closingDate,
      importedAt: input.now,
    })
    .returning({ id: accountingImports.id });
  const importId = imp!.id;
  const reader = new FecReader({ dateStart, dateEnd: closingDate });
  const hash = createHash('sha256');
  const totals: Aggregates = { monthly: new Map(), journals: new Map() };
  let pending: FecLine[] = [];
  const keep = (lines: FecLine[]) => {
    for (const l of lines) {
      const opening = OPENING_JOURNALS.has(l.journal.toUpperCase());
      addTo(totals.monthly, `${l.account}\u0001${l.date.slice(0, 7)}-01\u0001${opening ? 1 : 0}`, l.accountLabel, l);
      addTo(totals.journals, l.journal, l.journalLabel, l);
      pending.push(l);
    }
  };
  const flush = async () => {
    const rows = pending;
    pending = [];
    if (rows.length > 0 && !reader.refused) await insertLines(db, importId, rows);
  };
  try {
    for await (const chunk of bytes) {
      hash.update(chunk);
      if (reader.refused) continue; // read to the end (the count of faults), write nothing more
      keep(reader.push(chunk));
      if (pending.length >= BATCH) await flush();
    }
    keep(reader.end());
    await flush();
  } catch (error) {
    await discard(db, importId);
    throw error;
  }
  const s = reader.summary();
  if (s.faultCount > 0 || s.lines === 0) {
    await discard(db, importId);
    const faults =
      s.faultCount > 0 ? s.faults : [{ line: 2, column: null, message: 'Le fichier ne contient aucune écriture.' }];
    return { ok: false, refusal: refusalOf(faults, Math.max(s.faultCount, 1)) };
  }
  const replaced = await db.transaction((tx) =>
    publish(tx, { importId, companyId: input.companyId, now: input.now, dateStart, closingDate }, s, totals, hash),
  );
  // No reader looks at the replaced imports any more.
  for (const id of replaced) await dropRows(db, id);
  // The planner's statistics, for the search's choice between its indexes: the embedded database has
  // no autovacuum to gather them, and on PostgreSQL the first readers should not wait for it.
  await db.execute(sql`analyze accounting_lines`);
  return { ok: true, importId };
}

type Totals = { label: string; lines: number; debit: number; credit: number };
/** What an accepted file adds to the aggregates: by account, month and opening; by journal. */
interface Aggregates {
  monthly: Map<string, Totals>;
  journals: Map<string, Totals>;
}

/** Adds a line to its total. */
function addTo(map: Map<string, Totals>, key: string, label: string, l: FecLine) {
  const t = map.get(key);
  if (t) {
    t.lines++;
    t.debit += l.debitCents;
    t.credit += l.creditCents;
  } else map.set(key, { label, lines: 1, debit: l.debitCents, credit: l.creditCents });
}

/**
 * An accepted file made current, in one short transaction: its aggregates written, the exercise it
 * covers pointed at it (the overlapping ones merged), the imports it replaces marked; returns them.
 */
async function publish(
  tx: Tx,
  at: { importId: number; companyId: number; now: Date; dateStart: string; closingDate: string },
  s: FecSummary,
  totals: Aggregates,
  hash: Hash,
): Promise<number[]> {
  const { importId, companyId, now, dateStart, closingDate } = at;
  // One import at a time per company from here: two files of the same exercise cannot both create it.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`accounting:${companyId}`}))`);
  const monthRows = [...totals.monthly].map(([key, v]) => {
    const [account, month, opening] = key.split('\u0001') as [string, string, string];
    const label = v.label;
    return {
      importId,
      account,
      month,
      opening: opening === '1',
      accountLabel: label,
      lines: v.lines,
      debitCents: v.debit,
      creditCents: v.credit,
    };
  });
  for (let i = 0; i < monthRows.length; i += BATCH)
    await tx.insert(accountingMonthly).values(monthRows.slice(i, i + BATCH));
  await tx.insert(accountingJournals).values(
    [...totals.journals].map(([code, j]) => ({
      importId,
      code,
      label: j.label,
      lines: j.lines,
      debitCents: j.debit,
      creditCents: j.credit,
    })),
  );
  // The exercise(s) this file covers: any of the company's overlapping its dates.
  const overlapping = await tx
    .select({ id: accountingExercises.id, importId: accountingExercises.importId })
    .from(accountingExercises)
    .where(
      and(
        eq(accountingExercises.companyId, companyId),
        lte(accountingExercises.dateStart, closingDate),
        gte(accountingExercises.dateEnd, dateStart),
      ),
    )
    .for('update');
  const values = {
    companyId,
    dateStart,
    dateEnd: closingDate,
    importId,
    lines: s.lines,
    entries: s.entries,
    importedAt: now,
  };
  let exerciseId: number;
  if (overlapping.length > 0) {
    exerciseId = overlapping[0]!.id;
    await tx.update(accountingExercises).set(values).where(eq(accountingExercises.id, exerciseId));
    const others = overlapping.slice(1).map((o) => o.id);
    if (others.length > 0) await tx.delete(accountingExercises).where(inArray(accountingExercises.id, others));
  } else {
    const [row] = await tx.insert(accountingExercises).values(values).returning({ id: accountingExercises.id });
    exerciseId = row!.id;
  }
  const old = overlapping.map((o) => o.importId);
  if (old.length > 0)
    await tx.update(accountingImports).set({ replaced: true }).where(inArray(accountingImports.id, old));
  await tx
    .update(accountingImports)
    .set({
      status: 'done',
      exerciseId,
      dateStart,
      dateEnd: closingDate,
      lines: s.lines,
      entries: s.entries,
      totalDebitCents: s.totalDebitCents,
      totalCreditCents: s.totalCreditCents,
      encoding: s.encoding,
      separator: s.separator,
      sha256: hash.digest('hex'),
    })
    .where(eq(accountingImports.id, importId));
  return old;
}

async function dropRows(db: Db, importId: number) {
  await db.delete(accountingLines).where(eq(accountingLines.importId, importId));
  await db.delete(accountingMonthly).where(eq(accountingMonthly.importId, importId));
  await db.delete(accountingJournals).where(eq(accountingJournals.importId, importId));
}

async function discard(db: Db, importId: number) {
  await dropRows(db, importId);
  await db.delete(accountingImports).where(eq(accountingImports.id, importId));
}

/**
 * One statement per batch, its rows as one JSON parameter (json_to_recordset): far fewer parameters
 * to bind than a multi-row VALUES, the same on PGlite and PostgreSQL.
 */
async function insertLines(db: Db, importId: number, rows: FecLine[]) {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return copyLines(client, importId, rows);
  const json = JSON.stringify(rows.map(lineValues));
  await db.execute(sql`
    insert into accounting_lines (import_id, line_no, journal, journal_label, entry_number, date, account,
      account_label, aux_account, aux_label, piece, piece_date, label, debit_cents, credit_cents, lettering,
      lettering_date, valid_date, search_text)
    select ${importId}, (r->>0)::int, r->>1, r->>2, r->>3, (r->>4)::date, r->>5, r->>6, r->>7, r->>8, r->>9,
      (r->>10)::date, r->>11, (r->>12)::bigint, (r->>13)::bigint, r->>14, (r->>15)::date, (r->>16)::date, r->>17
    from json_array_elements(${json}::json) as r`);
}

/** A line's values in the order of LINE_COLUMNS after import_id (both writers below use it). */
const lineValues = (l: FecLine): Array<string | number | null> => [
  l.lineNo,
  l.journal,
  l.journalLabel,
  l.entryNumber,
  l.date,
  l.account,
  l.accountLabel,
  l.auxAccount,
  l.auxLabel,
  l.piece,
  l.pieceDate,
  l.label,
  l.debitCents,
  l.creditCents,
  l.lettering,
  l.letteringDate,
  l.validDate,
  l.searchText,
];

const LINE_COLUMNS =
  'import_id, line_no, journal, journal_label, entry_number, date, account, account_label, aux_account, aux_label, piece, piece_date, label, debit_cents, credit_cents, lettering, lettering_date, valid_date, search_text';
const tsv = (v: string | number | null) =>
  v === null
    ? '\\N'
    : typeof v === 'number'
      ? String(v)
      : v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));

/** PGlite: COPY from a blob, several times faster than any INSERT for the seed's and tests' files. */
async function copyLines(client: PGlite, importId: number, rows: FecLine[]) {
  const text = rows.map((l) => [importId, ...lineValues(l)].map(tsv).join('\t')).join('\n');
  await client.query(`copy accounting_lines (${LINE_COLUMNS}) from '/dev/blob' with (format text)`, [], {
    blob: new Blob([text + '\n']),
  });
}
