import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Journal } from '../../../../src/contract/cash-registers';
import {
  CASH_MESSAGES,
  DIFFERENCE_CODE,
  balanceFinalCents,
  checkCounted,
  countDetailCents,
  dayTotals,
  linkClosing,
  plannedClosings,
  type ClosingRecord,
  type PlannedClosing,
} from '../../../../src/domain/cash-register/index';
import type { DbOrTx } from '../../db/client';
import { cashClosings, cashMovementTypes, cashMovements } from '../../db/schema/index';
import { HttpError, conflict } from '../../http/errors';
import type { Deps } from '../../http/types';
import { assertHeadIntact, insertClosings, insertMovements, linkMovementRows, saveHeads, signHeadOf } from './chain';
import type { MovementRow, RegisterRow, TypeRow } from './journal';
import { registerPublicKey, signingKey, type SigningKey } from './keys';
import { closingValues } from './records';
import { journalOf, openDaysOf } from './reads';
import { checkDay, findRegister, isClosed, type Actor } from './registers';

// A day's closing (decision 037): the drawer counted, the écart recorded as a movement, the J closing
// and the M and A ones due, linked and signed after the closings' head.

export interface Counted {
  total: number;
  detail: Record<string, number> | null;
}

/** PUT …/days/:day/close: the drawer counted, the écart recorded, the J closing and the M/A ones due. */
export async function closeDay(
  deps: Deps,
  companyId: number,
  uuid: string,
  day: string,
  counted: Counted,
  actor: Actor,
): Promise<Journal> {
  checkDay(day, actor.today);
  const db = deps.db;
  const reg = await findRegister(db, companyId, uuid, true);
  if (isClosed(reg, day)) {
    const [j] = await db
      .select({ seq: cashClosings.seq })
      .from(cashClosings)
      .where(and(eq(cashClosings.registerId, reg.id), eq(cashClosings.kind, 'J'), eq(cashClosings.periodStart, day)));
    throw conflict(j ? CASH_MESSAGES.alreadyClosed : CASH_MESSAGES.closedDay);
  }
  await assertHeadIntact(db, reg, await signingKey(deps.config));
  const [earlier] = await openDaysOf(db, reg, day);
  if (earlier) throw conflict(CASH_MESSAGES.earlierOpen(earlier));
  const total = countedTotal(counted);
  const dayRows = await db
    .select()
    .from(cashMovements)
    .where(and(eq(cashMovements.registerId, reg.id), eq(cashMovements.day, day)))
    .orderBy(asc(cashMovements.seq));
  if (dayRows.length === 0 && day !== actor.today) {
    const message = 'Aucun mouvement ce jour-là : il n’y a pas de journée à clôturer.';
    throw new HttpError(422, message, { field: 'day', errors: [message] });
  }
  const key = await signingKey(deps.config);
  await registerPublicKey(db, key, actor.now);
  const differenceType = (
    await db
      .select()
      .from(cashMovementTypes)
      .where(and(eq(cashMovementTypes.registerId, reg.id), eq(cashMovementTypes.code, DIFFERENCE_CODE)))
  )[0];
  const made = await closingRows(reg, day, dayRows, total, counted.detail, actor, key, differenceType, (p) =>
    storedJs(db, reg.id, p),
  );
  await insertMovements(db, made.movements);
  await insertClosings(db, made.closings);
  await saveHeads(db, reg);
  return journalOf(db, reg, day, actor.today);
}

/** The drawer counted: its total in cents, the same as its notes and coins when detailed (422 otherwise). */
function countedTotal(counted: Counted): number {
  const total = checkCounted(counted.total, 'counted.total');
  if (!total.ok) throw new HttpError(422, total.message, { field: 'counted.total', errors: [total.message] });
  if (counted.detail) {
    const detailCents = countDetailCents(counted.detail);
    const message =
      detailCents === null
        ? 'Le détail du comptage ne contient que des billets et des pièces en euros.'
        : 'Le total compté ne correspond pas au détail des billets et des pièces.';
    if (detailCents === null || detailCents !== total.cents)
      throw new HttpError(422, message, { field: 'counted.detail', errors: [message] });
  }
  return total.cents;
}

/**
 * The closing's work once checked: the écart movement, then the closings planned for the day, linked
 * and signed (the heads move in `reg`); returns the rows to insert. `storedJs` gives the J closings
 * already stored in a period (for the M and A totals). Shared with the demo seed and the bench.
 */
export async function closingRows(
  reg: RegisterRow,
  day: string,
  dayRows: ReadonlyArray<Pick<MovementRow, 'typeCode' | 'amountCents'>>,
  countedCents: number,
  detail: Record<string, number> | null,
  actor: Pick<Actor, 'userId' | 'now'>,
  key: SigningKey,
  differenceType: Pick<TypeRow, 'id'>,
  storedJs: (p: PlannedClosing) => Promise<JTotals[]> | JTotals[],
) {
  const at = actor.now.toISOString();
  const initial = reg.lastClosedBalanceCents;
  const difference = countedCents - balanceFinalCents(initial, dayTotals(dayRows));
  const rows = [...dayRows];
  const movements =
    difference === 0
      ? []
      : await linkMovementRows(
          reg,
          [
            {
              uuid: randomUUID(),
              day,
              at,
              typeCode: DIFFERENCE_CODE,
              typeId: differenceType.id,
              linked: null,
              amountCents: difference,
              label: 'Écart de caisse',
              userId: actor.userId,
              receiptSha256: null,
              receiptType: null,
              receiptName: null,
            },
          ],
          key,
        );
  for (const m of movements) rows.push({ typeCode: m.typeCode, amountCents: m.amountCents });
  const totals = dayTotals(rows);
  const created: ClosingRecord[] = [];
  for (const p of plannedClosings(day, reg.lastClosedDay)) {
    const fields =
      p.kind === 'J'
        ? {
            movementCount: totals.count,
            inflowCents: totals.inflowCents,
            outflowCents: totals.outflowCents,
            salesCents: totals.salesCents,
            balanceInitialCents: initial,
            balanceFinalCents: balanceFinalCents(initial, totals),
            countedCents,
            differenceCents: totals.differenceCents,
          }
        : sumJs([
            ...(await storedJs(p)),
            ...created.filter(
              (c) => c.closingKind === 'J' && c.periodStart >= p.periodStart && c.periodStart <= p.periodEnd,
            ),
          ]);
    const grandTotalCents = p.kind === 'J' ? reg.grandTotalCents + totals.salesCents : reg.grandTotalCents;
    const rec = await linkClosing(
      reg.uuid,
      reg.lastClosingHash,
      {
        seq: reg.lastClosingSeq + 1,
        closingKind: p.kind,
        periodStart: p.periodStart,
        periodEnd: p.periodEnd,
        anchorSeq: reg.lastSeq,
        anchorHash: reg.lastHash,
        grandTotalCents,
        at,
        userId: actor.userId,
        ...fields,
      },
      key.signer,
    );
    created.push(rec);
    reg.lastClosingSeq = rec.seq;
    reg.lastClosingHash = rec.hash;
    reg.grandTotalCents = grandTotalCents;
    if (p.kind === 'J') {
      reg.lastClosedDay = day;
      reg.lastClosedBalanceCents = rec.balanceFinalCents;
    }
  }
  await signHeadOf(reg, key);
  return {
    movements,
    closings: created.map((c) => ({
      ...closingValues(reg.id, c),
      countedDetail: c.closingKind === 'J' ? detail : null,
    })),
    records: created,
  };
}

export type JTotals = Pick<
  ClosingRecord,
  | 'periodStart'
  | 'movementCount'
  | 'inflowCents'
  | 'outflowCents'
  | 'salesCents'
  | 'balanceInitialCents'
  | 'balanceFinalCents'
  | 'differenceCents'
>;

/** An M or A closing's totals: the sums of its period's J closings. */
function sumJs(list: JTotals[]) {
  const js = [...list].sort((a, b) => (a.periodStart < b.periodStart ? -1 : 1));
  const sum = (f: (j: JTotals) => number) => js.reduce((s, j) => s + f(j), 0);
  return {
    movementCount: sum((j) => j.movementCount),
    inflowCents: sum((j) => j.inflowCents),
    outflowCents: sum((j) => j.outflowCents),
    salesCents: sum((j) => j.salesCents),
    balanceInitialCents: js[0]?.balanceInitialCents ?? 0,
    balanceFinalCents: js.at(-1)?.balanceFinalCents ?? 0,
    countedCents: null,
    differenceCents: sum((j) => j.differenceCents ?? 0),
  };
}

/** The J closings stored in a period. */
function storedJs(db: DbOrTx, registerId: number, p: PlannedClosing): Promise<JTotals[]> {
  return db
    .select({
      periodStart: cashClosings.periodStart,
      movementCount: cashClosings.movementCount,
      inflowCents: cashClosings.inflowCents,
      outflowCents: cashClosings.outflowCents,
      salesCents: cashClosings.salesCents,
      balanceInitialCents: cashClosings.balanceInitialCents,
      balanceFinalCents: cashClosings.balanceFinalCents,
      differenceCents: cashClosings.differenceCents,
    })
    .from(cashClosings)
    .where(
      and(
        eq(cashClosings.registerId, registerId),
        eq(cashClosings.kind, 'J'),
        gte(cashClosings.periodStart, p.periodStart),
        lte(cashClosings.periodStart, p.periodEnd),
      ),
    );
}
