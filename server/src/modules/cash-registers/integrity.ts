// The chain's records of a register (all, or the extract of a period) and their verification.
import { and, asc, eq, gte, lte, max, min, sql } from 'drizzle-orm';
import {
  verifyChain,
  type ClosingRecord,
  type DerivedDayTotal,
  type MovementRecord,
  type RegisterHead,
  type VerifyReport,
} from '../../../../src/domain/cash-register/index';
import type { DbOrTx } from '../../db/client';
import { cashClosings, cashDayTotals, cashMovements } from '../../db/schema/index';
import type { Config } from '../../env';
import { publicKeys, signingKey } from './keys';
import type { RegisterRow } from './journal';
import { toClosingRecord } from './records';

export interface Period {
  dateStart?: string | null;
  dateEnd?: string | null;
}

export interface ChainExtract {
  movements: MovementRecord[];
  closings: ClosingRecord[];
  whole: boolean;
  /** The highest seqs stored for the register, whatever its head says (decision 077). */
  stored: { movementSeq: number; closingSeq: number };
}

/** The register's head as its row keeps it, with its signature (decision 077). */
export const headOfRow = (reg: RegisterRow): RegisterHead => ({
  seq: reg.lastSeq,
  hash: reg.lastHash,
  closingSeq: reg.lastClosingSeq,
  closingHash: reg.lastClosingHash,
  signature: reg.headSignature ?? null,
  keyId: reg.headKeyId ?? null,
});

/** The highest seq of each chain stored for the register (primary keys: two index reads). */
async function storedHeads(db: DbOrTx, registerId: number) {
  const [row] = (
    await db.execute<{ movements: number | null; closings: number | null }>(sql`
      select (select max(seq) from cash_movements where register_id = ${registerId}) as movements,
             (select max(seq) from cash_closings where register_id = ${registerId}) as closings`)
  ).rows;
  return { movementSeq: Number(row?.movements ?? 0), closingSeq: Number(row?.closings ?? 0) };
}

/**
 * The records of a period, as contiguous runs of both chains: the movements from the first of the
 * period's days to the last (or to the last one a closing of the period anchors), and the closings
 * from the first whose period starts in it to the last whose period ends in it.
 */
export async function chainExtract(db: DbOrTx, reg: RegisterRow, period: Period): Promise<ChainExtract> {
  const whole = !period.dateStart && !period.dateEnd;
  const stored = await storedHeads(db, reg.id);
  if (whole) {
    // Every stored movement, not only those up to the head: a head moved back over records shows.
    const [movements, closings] = await Promise.all([
      movementRecords(db, reg.id, 1, Math.max(reg.lastSeq, stored.movementSeq)),
      db.select().from(cashClosings).where(eq(cashClosings.registerId, reg.id)).orderBy(asc(cashClosings.seq)),
    ]);
    return { movements, closings: closings.map(toClosingRecord), whole, stored };
  }
  const start = period.dateStart ?? '0001-01-01';
  const end = period.dateEnd ?? '9999-12-31';
  const [[mRange], [cFirst], [cLast]] = await Promise.all([
    db
      .select({ first: min(cashMovements.seq), last: max(cashMovements.seq) })
      .from(cashMovements)
      .where(and(eq(cashMovements.registerId, reg.id), gte(cashMovements.day, start), lte(cashMovements.day, end))),
    db
      .select({ seq: min(cashClosings.seq) })
      .from(cashClosings)
      .where(and(eq(cashClosings.registerId, reg.id), gte(cashClosings.periodStart, start))),
    db
      .select({ seq: max(cashClosings.seq) })
      .from(cashClosings)
      .where(and(eq(cashClosings.registerId, reg.id), lte(cashClosings.periodEnd, end))),
  ]);
  const closingRows =
    cFirst.seq !== null && cLast.seq !== null && cFirst.seq <= cLast.seq
      ? await db
          .select()
          .from(cashClosings)
          .where(
            and(
              eq(cashClosings.registerId, reg.id),
              gte(cashClosings.seq, cFirst.seq),
              lte(cashClosings.seq, cLast.seq),
            ),
          )
          .orderBy(asc(cashClosings.seq))
      : [];
  const anchors = closingRows.map((c) => c.anchorSeq).filter((s) => s > 0);
  const first = Math.min(mRange.first ?? Number.POSITIVE_INFINITY, ...anchors);
  const last = Math.max(mRange.last ?? 0, ...anchors);
  const movements = Number.isFinite(first) && last >= first ? await movementRecords(db, reg.id, first, last) : [];
  return { movements, closings: closingRows.map(toClosingRecord), whole, stored };
}

/** The dashboards' derived totals of the period's days (every day when whole), to check against the movements. */
async function derivedTotals(db: DbOrTx, registerId: number, period: Period): Promise<DerivedDayTotal[]> {
  return db
    .select({
      day: cashDayTotals.day,
      typeCode: cashDayTotals.typeCode,
      amountCents: cashDayTotals.amountCents,
      count: cashDayTotals.count,
    })
    .from(cashDayTotals)
    .where(
      and(
        eq(cashDayTotals.registerId, registerId),
        period.dateStart ? gte(cashDayTotals.day, period.dateStart) : undefined,
        period.dateEnd ? lte(cashDayTotals.day, period.dateEnd) : undefined,
      ),
    );
}

/**
 * The movements seq `first`…`last` as chain records. Read as one JSON text built by the database:
 * a year of a busy register is 30 000 rows, and one text parses several times faster than the rows.
 */
async function movementRecords(db: DbOrTx, registerId: number, first: number, last: number) {
  const result = await db.execute<{ records: string | null }>(sql`
    select json_agg(json_build_array(seq, uuid, day, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      type_code, linked_uuid, amount_cents, label, user_id, receipt_sha256, prev_hash, hash, signature, key_id)
      order by seq)::text as records
    from cash_movements where register_id = ${registerId} and seq between ${first} and ${last}`);
  const rows = (result.rows[0]?.records ? JSON.parse(result.rows[0].records) : []) as Array<
    [
      number,
      string,
      string,
      string,
      string,
      string | null,
      number,
      string,
      number,
      string | null,
      string,
      string,
      string,
      string,
    ]
  >;
  return rows.map(
    ([
      seq,
      uuid,
      day,
      at,
      typeCode,
      linked,
      amountCents,
      label,
      userId,
      receiptSha256,
      prevHash,
      hash,
      signature,
      keyId,
    ]): MovementRecord => ({
      seq,
      uuid,
      day,
      at,
      typeCode,
      linked,
      amountCents,
      label,
      userId,
      receiptSha256,
      prevHash,
      hash,
      signature,
      keyId,
    }),
  );
}

export async function verifyRegister(
  db: DbOrTx,
  config: Config,
  reg: RegisterRow,
  period: Period,
  now: Date,
  signatures: 'all' | 'anchored' = 'anchored',
): Promise<VerifyReport> {
  const [extract, keys, key, totals] = await Promise.all([
    chainExtract(db, reg, period),
    publicKeys(db),
    signingKey(config),
    derivedTotals(db, reg.id, period),
  ]);
  return verifyChain({
    registerUuid: reg.uuid,
    movements: extract.movements,
    closings: extract.closings,
    keys: { ...keys, [key.fingerprint]: key.jwk },
    currentKey: { fingerprint: key.fingerprint, jwk: key.jwk },
    period: { dateStart: period.dateStart ?? null, dateEnd: period.dateEnd ?? null },
    checkedAt: now.toISOString(),
    signatures,
    expectedLast: extract.whole ? { seq: reg.lastSeq, hash: reg.lastHash } : null,
    head: headOfRow(reg),
    wholeChains: extract.whole,
    stored: extract.stored,
    dayTotals: totals,
  });
}
