import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { CASH_MESSAGES, MOVEMENT_TYPES } from '../../../../src/domain/cash-register/index';
import { isIsoDate } from '../../../../src/domain/dates';
import type { DbOrTx } from '../../db/client';
import { cashMovementTypes, cashRegisters } from '../../db/schema/index';
import { HttpError, notFound } from '../../http/errors';
import type { RegisterRow, TypeRow } from './journal';

// A company's registers and their movement types (decision 037): found by uuid or id, made with the
// catalogue's types; the day a write names checked against the register's last closed day.

export const registerColumns = {
  id: cashRegisters.id,
  uuid: cashRegisters.uuid,
  label: cashRegisters.label,
  location: cashRegisters.location,
  lastSeq: cashRegisters.lastSeq,
  lastHash: cashRegisters.lastHash,
  lastClosingSeq: cashRegisters.lastClosingSeq,
  lastClosingHash: cashRegisters.lastClosingHash,
  lastClosedDay: cashRegisters.lastClosedDay,
  lastClosedBalanceCents: cashRegisters.lastClosedBalanceCents,
  grandTotalCents: cashRegisters.grandTotalCents,
  headSignature: cashRegisters.headSignature,
  headKeyId: cashRegisters.headKeyId,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The company's register by uuid (404 for another company's, never revealing it exists). */
export async function findRegister(db: DbOrTx, companyId: number, uuid: string, lock = false): Promise<RegisterRow> {
  if (!UUID.test(uuid)) throw notFound(CASH_MESSAGES.registerNotFound);
  const q = db
    .select(registerColumns)
    .from(cashRegisters)
    .where(and(eq(cashRegisters.uuid, uuid), eq(cashRegisters.companyId, companyId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(CASH_MESSAGES.registerNotFound);
  return row;
}

export async function findRegisterById(db: DbOrTx, companyId: number, id: number): Promise<RegisterRow> {
  const [row] = await db
    .select(registerColumns)
    .from(cashRegisters)
    .where(and(eq(cashRegisters.id, id), eq(cashRegisters.companyId, companyId)));
  if (!row) throw notFound(CASH_MESSAGES.registerNotFound);
  return row;
}

export async function typesOf(db: DbOrTx, registerIds: number[]): Promise<TypeRow[]> {
  if (registerIds.length === 0) return [];
  return db
    .select()
    .from(cashMovementTypes)
    .where(inArray(cashMovementTypes.registerId, registerIds))
    .orderBy(asc(cashMovementTypes.registerId), asc(cashMovementTypes.position));
}
export const typeMap = (rows: TypeRow[]) => new Map(rows.map((t) => [t.id, t]));

/** A new register with the catalogue's movement types; returns its row. */
export async function createRegister(
  db: DbOrTx,
  companyId: number,
  values: { label: string; location?: string | null; uuid?: string; createdAt: Date },
) {
  const [reg] = await db
    .insert(cashRegisters)
    .values({
      companyId,
      label: values.label,
      location: values.location ?? null,
      uuid: values.uuid ?? randomUUID(),
      createdAt: values.createdAt,
    })
    .returning();
  const types = await db
    .insert(cashMovementTypes)
    .values(
      MOVEMENT_TYPES.map((t, position) => ({
        registerId: reg.id,
        code: t.code,
        label: t.label,
        category: t.category,
        vatRate: t.vatRate === null ? null : String(t.vatRate),
        paymentMethod: t.paymentMethod,
        cash: t.cash,
        position,
      })),
    )
    .returning();
  return { register: reg, types };
}

export const isClosed = (reg: RegisterRow, day: string) => reg.lastClosedDay !== null && day <= reg.lastClosedDay;

export interface Actor {
  userId: number;
  now: Date;
  today: string;
}

/** The day a write names: a date, and not after today (422 otherwise). */
export function checkDay(day: string, today: string) {
  if (!isIsoDate(day))
    throw new HttpError(422, 'La date de la journée est invalide (AAAA-MM-JJ).', {
      field: 'day',
      errors: ['La date de la journée est invalide (AAAA-MM-JJ).'],
    });
  if (day > today)
    throw new HttpError(422, CASH_MESSAGES.futureDay, { field: 'day', errors: [CASH_MESSAGES.futureDay] });
}
