import { and, asc, desc, eq, gt, gte, lt, lte } from 'drizzle-orm';
import type { Journal, Register } from '../../../../src/contract/cash-registers';
import { balanceFinalCents, dayTotals, euros } from '../../../../src/domain/cash-register/index';
import type { DbOrTx } from '../../db/client';
import { cashClosings, cashMovements, cashRegisters } from '../../db/schema/index';
import { joinPerson, personColumns } from '../users/service';
import { base, buildJournal, cashChange, type MovementRow, type RegisterRow } from './journal';
import { isClosed, registerColumns, typeMap, typesOf } from './registers';

// What the screens of « Mes caisses » read (decision 037): the registers with their open days, and
// the journals of a period, each with the drawer's running balance.

/** Movements of days after the last closed one up to `until` (excluded): the open tail before a day. */
async function openTail(db: DbOrTx, reg: RegisterRow, until: string): Promise<MovementRow[]> {
  return db
    .select()
    .from(cashMovements)
    .where(
      and(
        eq(cashMovements.registerId, reg.id),
        reg.lastClosedDay ? gt(cashMovements.day, reg.lastClosedDay) : undefined,
        lt(cashMovements.day, until),
      ),
    )
    .orderBy(asc(cashMovements.seq));
}

/** The journals of the days between two dates that exist: days with movements, and today. */
export async function journals(
  db: DbOrTx,
  reg: RegisterRow,
  dateStart: string,
  dateEnd: string,
  today: string,
): Promise<Journal[]> {
  const [rows, closings, types] = await Promise.all([
    db
      .select()
      .from(cashMovements)
      .where(
        and(eq(cashMovements.registerId, reg.id), gte(cashMovements.day, dateStart), lte(cashMovements.day, dateEnd)),
      )
      .orderBy(asc(cashMovements.seq)),
    db
      .select({ closing: cashClosings, ...personColumns })
      .from(cashClosings)
      .leftJoin(...joinPerson(cashClosings.userId))
      .where(
        and(
          eq(cashClosings.registerId, reg.id),
          eq(cashClosings.kind, 'J'),
          gte(cashClosings.periodStart, dateStart),
          lte(cashClosings.periodStart, dateEnd),
        ),
      ),
    typesOf(db, [reg.id]),
  ]);
  const byDay = new Map<string, MovementRow[]>();
  for (const m of rows) {
    const list = byDay.get(m.day);
    if (list) list.push(m);
    else byDay.set(m.day, [m]);
  }
  if (today >= dateStart && today <= dateEnd && !byDay.has(today)) byDay.set(today, []);
  const jByDay = new Map(
    closings.map(({ closing, firstName, userName }) => [
      closing.periodStart,
      { ...closing, closedBy: [firstName, userName].filter(Boolean).join(' ') || null },
    ]),
  );
  const days = [...byDay.keys()].sort();
  let balance = days.length > 0 ? await balanceBefore(db, reg, days[0]) : 0;
  const tm = typeMap(types);
  return days.map((day) => {
    const list = byDay.get(day)!;
    const j = jByDay.get(day) ?? null;
    const journal = buildJournal(reg, day, list, tm, balance, isClosed(reg, day), j);
    balance = j ? j.balanceFinalCents : balanceFinalCents(balance, dayTotals(list));
    return journal;
  });
}

/** The drawer before a day: the last closed day's balance and the open days' effects, or the last J before it. */
async function balanceBefore(db: DbOrTx, reg: RegisterRow, day: string): Promise<number> {
  if (!isClosed(reg, day)) return reg.lastClosedBalanceCents + cashChange(await openTail(db, reg, day));
  const [prev] = await db
    .select({ final: cashClosings.balanceFinalCents })
    .from(cashClosings)
    .where(and(eq(cashClosings.registerId, reg.id), eq(cashClosings.kind, 'J'), lt(cashClosings.periodStart, day)))
    .orderBy(desc(cashClosings.periodStart))
    .limit(1);
  return prev?.final ?? 0;
}

export async function journalOf(db: DbOrTx, reg: RegisterRow, day: string, today: string): Promise<Journal> {
  const [j] = await journals(db, reg, day, day, today);
  if (j) return j;
  // A day without movements (the shop was closed): an empty journal at the running balance.
  return buildJournal(reg, day, [], new Map(), await balanceBefore(db, reg, day), isClosed(reg, day), null);
}

export function registerLinks(reg: Pick<RegisterRow, 'id' | 'uuid'>) {
  return {
    history: `${base(reg.uuid)}/history`,
    typeOfMovement: `/api/sales-register/${reg.id}/type-of-movement`,
    verify: `${base(reg.uuid)}/verify`,
    chain: `${base(reg.uuid)}/chain`,
    archive: `${base(reg.uuid)}/archive`,
  };
}

/** Days before today with movements and not closed yet (oldest first). */
export async function openDaysOf(db: DbOrTx, reg: RegisterRow, today: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ day: cashMovements.day })
    .from(cashMovements)
    .where(
      and(
        eq(cashMovements.registerId, reg.id),
        reg.lastClosedDay ? gt(cashMovements.day, reg.lastClosedDay) : undefined,
        lt(cashMovements.day, today),
      ),
    )
    .orderBy(asc(cashMovements.day));
  return rows.map((r) => r.day);
}

export async function registerSummary(db: DbOrTx, reg: RegisterRow, today: string): Promise<Omit<Register, 'today'>> {
  const openDays = await openDaysOf(db, reg, today);
  return {
    id: reg.id,
    uuid: reg.uuid,
    label: reg.label,
    location: reg.location,
    currentDay: openDays[0] ?? today,
    openDays,
    lastClosedDay: reg.lastClosedDay,
    grandTotal: euros(reg.grandTotalCents),
    links: registerLinks(reg),
  };
}

export async function listRegisters(db: DbOrTx, companyId: number, today: string): Promise<Register[]> {
  const regs = await db
    .select(registerColumns)
    .from(cashRegisters)
    .where(eq(cashRegisters.companyId, companyId))
    .orderBy(asc(cashRegisters.id));
  return Promise.all(
    regs.map(async (reg) => ({
      ...(await registerSummary(db, reg, today)),
      today: await journalOf(db, reg, today, today),
    })),
  );
}
