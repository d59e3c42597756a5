import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { documentCounters } from '../../db/schema/index';

// Gapless numbering (french-rules.md): a number is taken inside the transaction that gives it
// to a document, so a rollback gives it back. The company's lock row ('*') is taken first with
// SELECT … FOR UPDATE: on PostgreSQL concurrent validations of one company wait for each other
// (and judge the monthly limit and the chronology on committed data); PGlite runs one
// transaction at a time anyway. The unique index (company_id, number) is the last safety net.

export const SERIES_PREFIX = { Facture: 'F', Avoir: 'AV', Devis: 'D' } as const;
export type SeriesKind = keyof typeof SERIES_PREFIX;

const LOCK_SERIES = '*';

export async function lockCompanyNumbering(tx: Tx, companyId: number): Promise<void> {
  await tx.insert(documentCounters).values({ companyId, series: LOCK_SERIES, last: 0 }).onConflictDoNothing();
  await tx
    .select({ last: documentCounters.last })
    .from(documentCounters)
    .where(and(eq(documentCounters.companyId, companyId), eq(documentCounters.series, LOCK_SERIES)))
    .for('update');
}

export interface DocumentNumber {
  number: string;
  year: number;
  seq: number;
}

export function seriesNumber(kind: SeriesKind, year: number, seq: number): string {
  return `${SERIES_PREFIX[kind]}${year}-${String(seq).padStart(4, '0')}`;
}

/** The next number of the series (one per kind and year of the document's date): 'F2026-0001'. */
export async function takeNextNumber(
  tx: Tx,
  companyId: number,
  kind: SeriesKind,
  date: string,
): Promise<DocumentNumber> {
  const year = Number(date.slice(0, 4));
  const series = `${SERIES_PREFIX[kind]}${year}`;
  const [row] = await tx
    .insert(documentCounters)
    .values({ companyId, series, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.companyId, documentCounters.series],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  return { number: seriesNumber(kind, year, row.last), year, seq: row.last };
}
