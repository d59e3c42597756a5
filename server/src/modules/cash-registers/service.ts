import { createHash, randomUUID, verify as verifySignature } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Journal, NewMovement, Register } from '../../../../src/contract/cash-registers';
import {
  CASH_MESSAGES,
  DIFFERENCE_CODE,
  MOVEMENT_TYPES,
  balanceFinalCents,
  checkAmount,
  checkCounted,
  correctionProblem,
  countDetailCents,
  dayTotals,
  euros,
  headDigest,
  linkClosing,
  linkMovement,
  plannedClosings,
  signHead,
  type ClosingRecord,
  type CorrectedStep,
  type MovementRecord,
  type PlannedClosing,
} from '../../../../src/domain/cash-register/index';
import Decimal from 'decimal.js';
import { isIsoDate } from '../../../../src/domain/dates';
import type { DbOrTx } from '../../db/client';
import { cashClosings, cashMovementTypes, cashMovements, cashRegisters } from '../../db/schema/index';
import { HttpError, conflict, notFound } from '../../http/errors';
import type { Deps } from '../../http/types';
import {
  base,
  buildJournal,
  cashChange,
  type ClosingRow,
  type MovementRow,
  type RegisterRow,
  type TypeRow,
} from './journal';
import { holdBlobs, storageFor } from '../documents/service';
import { whenTransactionEnds } from '../../db/request-tx';
import { joinPerson, personColumns } from '../users/service';
import { publicKeyObject, registerPublicKey, signingKey, type SigningKey } from './keys';
import { readReceipt, type ReceiptIn } from './receipts';

// The cash registers' database work (decision 037). Every write takes the register row FOR UPDATE,
// reads the chains' heads, inserts the linked and signed records and moves the heads, in one
// transaction: the server assigns seq and hash, never a device.

const registerColumns = {
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
const typeMap = (rows: TypeRow[]) => new Map(rows.map((t) => [t.id, t]));

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

const isClosed = (reg: RegisterRow, day: string) => reg.lastClosedDay !== null && day <= reg.lastClosedDay;

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
async function openDaysOf(db: DbOrTx, reg: RegisterRow, today: string): Promise<string[]> {
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

export interface Actor {
  userId: number;
  now: Date;
  today: string;
}

function checkDay(day: string, today: string) {
  if (!isIsoDate(day))
    throw new HttpError(422, 'La date de la journée est invalide (AAAA-MM-JJ).', {
      field: 'day',
      errors: ['La date de la journée est invalide (AAAA-MM-JJ).'],
    });
  if (day > today)
    throw new HttpError(422, CASH_MESSAGES.futureDay, { field: 'day', errors: [CASH_MESSAGES.futureDay] });
}

type MovementItem = Omit<MovementRecord, 'seq' | 'prevHash' | 'hash' | 'signature' | 'keyId'> & {
  typeId: number;
  receiptType: string | null;
  receiptName: string | null;
};

const CLOSING_COLUMNS = [
  'register_id',
  'seq',
  'kind',
  'period_start',
  'period_end',
  'movement_count',
  'anchor_seq',
  'anchor_hash',
  'inflow_cents',
  'outflow_cents',
  'sales_cents',
  'grand_total_cents',
  'balance_initial_cents',
  'balance_final_cents',
  'counted_cents',
  'difference_cents',
  'counted_detail',
  'at',
  'user_id',
  'prev_hash',
  'hash',
  'signature',
  'key_id',
].join(', ');

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Inserts closings in bulk (one JSON parameter per batch). */
export async function insertClosings(db: DbOrTx, rows: Array<typeof cashClosings.$inferInsert>) {
  for (let i = 0; i < rows.length; i += 5_000) {
    const batch = rows
      .slice(i, i + 5_000)
      .map((c) =>
        Object.fromEntries(Object.entries(c).map(([k, v]) => [snake(k), v instanceof Date ? v.toISOString() : v])),
      );
    await db.execute(
      sql`insert into cash_closings (${sql.raw(CLOSING_COLUMNS)}) select ${sql.raw(CLOSING_COLUMNS)} from json_populate_recordset(null::cash_closings, ${JSON.stringify(batch)}::json)`,
    );
  }
}

/** Links and signs `items` after the register's head (moved in `reg`, and signed); returns the rows to insert. */
export async function linkMovementRows(reg: RegisterRow, items: MovementItem[], key: SigningKey) {
  const rows: Array<typeof cashMovements.$inferInsert> = [];
  for (const item of items) {
    const { typeId, receiptType, receiptName, ...fields } = item;
    const rec = await linkMovement(reg.uuid, reg.lastHash, { ...fields, seq: reg.lastSeq + 1 }, key.signer);
    rows.push({ ...movementValues(reg.id, rec), typeId, receiptType, receiptName });
    reg.lastSeq = rec.seq;
    reg.lastHash = rec.hash;
  }
  await signHeadOf(reg, key);
  return rows;
}

const headOf = (reg: RegisterRow) => ({
  seq: reg.lastSeq,
  hash: reg.lastHash,
  closingSeq: reg.lastClosingSeq,
  closingHash: reg.lastClosingHash,
});

/**
 * Signs the register's heads as they now stand in `reg` (saved by saveHeads), decision 077. Only the
 * latest head's signature is kept: a head moved back has none, unless made with the key.
 */
export async function signHeadOf(reg: RegisterRow, key: SigningKey): Promise<void> {
  const signed = await signHead(reg.uuid, headOf(reg), key.signer);
  reg.headSignature = signed.signature;
  reg.headKeyId = signed.keyId;
}

/**
 * Before a write extends the register: its head must be the one last signed, and no stored record
 * may lie beyond it. Else the write would sign over a deleted tail or a rewound head and erase the
 * evidence (decision 077): 409, nothing stored. A head never signed (a register written before
 * heads were signed) is signed by this write, and said in the log.
 */
async function assertHeadIntact(db: DbOrTx, reg: RegisterRow, key: SigningKey): Promise<void> {
  const [stored] = (
    await db.execute<{ movements: number | null; closings: number | null }>(sql`
      select (select max(seq) from cash_movements where register_id = ${reg.id}) as movements,
             (select max(seq) from cash_closings where register_id = ${reg.id}) as closings`)
  ).rows;
  const beyond = Number(stored?.movements ?? 0) > reg.lastSeq || Number(stored?.closings ?? 0) > reg.lastClosingSeq;
  let signed: boolean | null = null;
  if (reg.headSignature && reg.headKeyId) {
    const publicKey = await publicKeyObject(db, key, reg.headKeyId);
    const digest = await headDigest(reg.uuid, headOf(reg), key.signer.sha256hex);
    signed =
      !!publicKey && verifySignature(null, Buffer.from(digest), publicKey, Buffer.from(reg.headSignature, 'base64url'));
  }
  if (beyond || signed === false) {
    console.error(
      `Caisse ${reg.uuid} : tête ${beyond ? 'derrière des enregistrements stockés' : 'dont la signature n’est pas valide'} (mouvement n° ${reg.lastSeq}, clôture n° ${reg.lastClosingSeq}) : écriture refusée.`,
    );
    throw conflict(CASH_MESSAGES.headTampered);
  }
  if (signed === null && (reg.lastSeq > 0 || reg.lastClosingSeq > 0))
    console.warn(
      `Caisse ${reg.uuid} : tête non signée (mouvement n° ${reg.lastSeq}, clôture n° ${reg.lastClosingSeq}), signée par cette écriture.`,
    );
}

async function chainMovements(db: DbOrTx, deps: Pick<Deps, 'config' | 'now'>, reg: RegisterRow, items: MovementItem[]) {
  const key = await signingKey(deps.config);
  await registerPublicKey(db, key, deps.now());
  const rows = await linkMovementRows(reg, items, key);
  await insertMovements(db, rows);
}

const MOVEMENT_COLUMNS = [
  'register_id',
  'seq',
  'uuid',
  'day',
  'at',
  'type_id',
  'type_code',
  'linked_uuid',
  'amount_cents',
  'label',
  'user_id',
  'receipt_sha256',
  'receipt_type',
  'receipt_name',
  'prev_hash',
  'hash',
  'signature',
  'key_id',
].join(', ');

/**
 * Inserts movements and adds them to the dashboards' day totals. In bulk: each batch is one JSON
 * parameter (json_populate_recordset), far cheaper to send and parse than thousands of parameters.
 */
export async function insertMovements(db: DbOrTx, rows: Array<typeof cashMovements.$inferInsert>) {
  for (let i = 0; i < rows.length; i += 10_000) {
    const batch = rows.slice(i, i + 10_000).map((m) => ({
      register_id: m.registerId,
      seq: m.seq,
      uuid: m.uuid,
      day: m.day,
      at: m.at instanceof Date ? m.at.toISOString() : m.at,
      type_id: m.typeId,
      type_code: m.typeCode,
      linked_uuid: m.linkedUuid ?? null,
      amount_cents: m.amountCents,
      label: m.label,
      user_id: m.userId,
      receipt_sha256: m.receiptSha256 ?? null,
      receipt_type: m.receiptType ?? null,
      receipt_name: m.receiptName ?? null,
      prev_hash: m.prevHash,
      hash: m.hash,
      signature: m.signature,
      key_id: m.keyId,
    }));
    await db.execute(
      sql`insert into cash_movements (${sql.raw(MOVEMENT_COLUMNS)}) select ${sql.raw(MOVEMENT_COLUMNS)} from json_populate_recordset(null::cash_movements, ${JSON.stringify(batch)}::json)`,
    );
  }
  const totals = new Map<
    string,
    { register_id: number; day: string; type_code: string; amount_cents: number; count: number }
  >();
  for (const m of rows) {
    const k = `${m.registerId} ${m.day} ${m.typeCode}`;
    const t = totals.get(k);
    if (t) {
      t.amount_cents += m.amountCents;
      t.count += 1;
    } else
      totals.set(k, {
        register_id: m.registerId,
        day: m.day,
        type_code: m.typeCode,
        amount_cents: m.amountCents,
        count: 1,
      });
  }
  const list = [...totals.values()];
  for (let i = 0; i < list.length; i += 10_000)
    await db.execute(sql`insert into cash_day_totals (register_id, day, type_code, amount_cents, count)
      select register_id, day, type_code, amount_cents, count
      from json_populate_recordset(null::cash_day_totals, ${JSON.stringify(list.slice(i, i + 10_000))}::json)
      on conflict (register_id, day, type_code) do update
      set amount_cents = cash_day_totals.amount_cents + excluded.amount_cents, count = cash_day_totals.count + excluded.count`);
}

function movementValues(registerId: number, r: MovementRecord) {
  return {
    registerId,
    seq: r.seq,
    uuid: r.uuid,
    day: r.day,
    at: new Date(r.at),
    typeCode: r.typeCode,
    linkedUuid: r.linked,
    amountCents: r.amountCents,
    label: r.label,
    userId: r.userId,
    receiptSha256: r.receiptSha256,
    prevHash: r.prevHash,
    hash: r.hash,
    signature: r.signature,
    keyId: r.keyId,
  };
}

/** What a movement already stored is compared on when its id comes again. */
const storedColumns = {
  uuid: cashMovements.uuid,
  seq: cashMovements.seq,
  day: cashMovements.day,
  typeId: cashMovements.typeId,
  linkedUuid: cashMovements.linkedUuid,
  amountCents: cashMovements.amountCents,
  label: cashMovements.label,
  receiptSha256: cashMovements.receiptSha256,
};
interface StoredMovement {
  uuid: string;
  seq: number;
  day: string;
  typeId: number;
  linkedUuid: string | null;
  amountCents: number;
  label: string;
  receiptSha256: string | null;
}

export const sameIdOtherMovement = (i: number) =>
  `Le mouvement « movements[${i}] » reprend l’identifiant d’un mouvement déjà enregistré, avec un autre contenu (même identifiant, autre mouvement) : rien n’a été enregistré.`;

/** The label a movement is stored with: the one typed, else its type's (NFC, as the chain records it). */
const storedLabel = (label: string | null | undefined, type: TypeRow | undefined) =>
  ((label ?? '').trim() || (type?.label ?? '')).normalize('NFC');

/** A receipt's SHA-256 as storeReceipt computes it (the same base64 decoding as readReceipt). */
const receiptSha = (r: NonNullable<NewMovement['receipt']>) =>
  createHash('sha256')
    .update(Buffer.from(r.base64.replace(/^data:[^,]*,/, ''), 'base64'))
    .digest('hex');

/** A movement's content in one text: day, type, amount, correction, label, receipt. */
function contentOf(m: NewMovement, day: string, types: Map<number, TypeRow>): string {
  const cents = typeof m.amount === 'number' ? new Decimal(m.amount).times(100).toNumber() : null;
  return JSON.stringify([
    day,
    m.idTypeMouv,
    cents,
    m.idTypeMouvLie ? m.idTypeMouvLie.toLowerCase() : null,
    storedLabel(m.label, types.get(m.idTypeMouv)),
    m.receipt ? receiptSha(m.receipt) : null,
  ]);
}
const storedContent = (s: StoredMovement) =>
  JSON.stringify([s.day, s.typeId, s.amountCents, s.linkedUuid, s.label, s.receiptSha256]);

type TreeNode = { uuid: string; linkedUuid: string | null; amountCents: number };

/**
 * The movements named by this request's corrections, up to their originals, and every correction
 * made since under those originals: what a new correction is bounded by. Corrections come after
 * what they correct in the chain, so those of an original are among the movements after it.
 */
async function correctionTree(db: DbOrTx, reg: RegisterRow, known: StoredMovement[]) {
  const nodes = new Map<string, TreeNode & { seq?: number }>(known.map((k) => [k.uuid, k]));
  // Up to the originals (a correction of a correction names a correction).
  for (;;) {
    const missing = [...nodes.values()].flatMap((n) =>
      n.linkedUuid && !nodes.has(n.linkedUuid) ? [n.linkedUuid] : [],
    );
    if (missing.length === 0) break;
    const rows = await db
      .select(storedColumns)
      .from(cashMovements)
      .where(and(eq(cashMovements.registerId, reg.id), inArray(cashMovements.uuid, [...new Set(missing)])));
    if (rows.length === 0) break;
    for (const r of rows) nodes.set(r.uuid, r);
  }
  const firstSeq = Math.min(...[...nodes.values()].map((n) => n.seq ?? Infinity));
  if (Number.isFinite(firstSeq)) {
    const later = await db
      .select({
        uuid: cashMovements.uuid,
        linkedUuid: cashMovements.linkedUuid,
        amountCents: cashMovements.amountCents,
      })
      .from(cashMovements)
      .where(
        and(
          eq(cashMovements.registerId, reg.id),
          gt(cashMovements.seq, firstSeq),
          sql`${cashMovements.linkedUuid} is not null`,
        ),
      );
    for (const r of later) if (!nodes.has(r.uuid)) nodes.set(r.uuid, r);
  }
  const children = new Map<string, string[]>();
  const link = (n: TreeNode) => {
    if (!n.linkedUuid) return;
    const list = children.get(n.linkedUuid);
    if (list) list.push(n.uuid);
    else children.set(n.linkedUuid, [n.uuid]);
  };
  for (const n of nodes.values()) link(n);
  const net = (uuid: string, depth = 0): number =>
    nodes.get(uuid)!.amountCents +
    (depth > 1000 ? 0 : (children.get(uuid) ?? []).reduce((sum, c) => sum + net(c, depth + 1), 0));
  return {
    /** The corrected movement, then each one it corrects in turn, with their nets. */
    chainOf(uuid: string): CorrectedStep[] {
      const chain: CorrectedStep[] = [];
      for (let u: string | null = uuid; u && nodes.has(u) && chain.length <= 1000; u = nodes.get(u)!.linkedUuid)
        chain.push({ amountCents: nodes.get(u)!.amountCents, netCents: net(u) });
      return chain;
    },
    add(n: TreeNode) {
      nodes.set(n.uuid, n);
      link(n);
    },
  };
}

/** PUT …/days/:day: new movements on an open day (never a change: a correction is a movement). */
export async function addMovements(
  deps: Deps,
  companyId: number,
  uuid: string,
  day: string,
  movements: NewMovement[],
  actor: Actor,
): Promise<Journal> {
  checkDay(day, actor.today);
  const db = deps.db;
  const reg = await findRegister(db, companyId, uuid, true);
  if (isClosed(reg, day)) throw conflict(CASH_MESSAGES.closedDay);
  await assertHeadIntact(db, reg, await signingKey(deps.config));
  const types = typeMap(await typesOf(db, [reg.id]));
  const uuids = movements.map((m) => m.id.toLowerCase());
  const linkedIds = movements.flatMap((m) => (m.idTypeMouvLie ? [m.idTypeMouvLie.toLowerCase()] : []));
  const known = await db
    .select(storedColumns)
    .from(cashMovements)
    .where(and(eq(cashMovements.registerId, reg.id), inArray(cashMovements.uuid, [...uuids, ...linkedIds])));
  const knownByUuid = new Map(known.map((k) => [k.uuid, k]));
  const errors: Array<{ index: number; message: string; field: string }> = [];
  // What each id of this request stands for: a second occurrence must be the same movement.
  const seen = new Map<string, string>();
  const accepted: Array<{ index: number; m: NewMovement; cents: number; receipt: ReceiptIn | null; type: TypeRow }> =
    [];
  movements.forEach((m, i) => {
    const id = m.id.toLowerCase();
    const field = (name: string) => `movements[${i}].${name}`;
    // Already stored, or earlier in this request (a replay of the same movement): not stored again,
    // same answer. The same id with another movement is refused, as an Idempotency-Key reused for
    // another request (decision 075).
    const stored = knownByUuid.get(id);
    const first = seen.get(id);
    if (stored || first !== undefined) {
      const content = contentOf(m, day, types);
      if ((stored ? storedContent(stored) : first) !== content)
        errors.push({ index: i, field: field('id'), message: sameIdOtherMovement(i) });
      return;
    }
    seen.set(id, contentOf(m, day, types));
    const type = types.get(m.idTypeMouv);
    if (!type) {
      errors.push({
        index: i,
        field: field('idTypeMouv'),
        message: `Le type de mouvement « ${field('idTypeMouv')} » n’existe pas dans cette caisse.`,
      });
      return;
    }
    if (type.code === DIFFERENCE_CODE) {
      errors.push({
        index: i,
        field: field('idTypeMouv'),
        message: 'L’écart de caisse est enregistré par la clôture de la journée, pas saisi.',
      });
      return;
    }
    const linked = m.idTypeMouvLie ? m.idTypeMouvLie.toLowerCase() : null;
    if (linked) {
      const original = knownByUuid.get(linked);
      if (!original)
        throw new HttpError(
          404,
          `Le mouvement corrigé (« ${field('idTypeMouvLie')} ») est introuvable dans cette caisse.`,
          {
            field: field('idTypeMouvLie'),
          },
        );
      if (original.typeId !== type.id)
        errors.push({
          index: i,
          field: field('idTypeMouv'),
          message: `Une correction (« ${field('idTypeMouv')} ») doit avoir le type du mouvement qu’elle corrige.`,
        });
    }
    const amount = checkAmount(m.amount, field('amount'), { correction: !!linked });
    if (!amount.ok) {
      errors.push({ index: i, field: field('amount'), message: amount.message });
      return;
    }
    accepted.push({
      index: i,
      m,
      cents: amount.cents,
      type,
      receipt: m.receipt ? readReceipt(m.receipt, field('receipt')) : null,
    });
  });
  // A correction cancels at most what it corrects, net of the corrections before it, this
  // request's included (decision 075).
  const corrections = accepted.filter((a) => a.m.idTypeMouvLie);
  if (corrections.length) {
    const tree = await correctionTree(db, reg, known);
    for (const a of corrections) {
      const uuid = a.m.id.toLowerCase();
      const linked = a.m.idTypeMouvLie!.toLowerCase();
      const problem = correctionProblem(tree.chainOf(linked), a.cents, `movements[${a.index}].amount`);
      if (problem) errors.push({ index: a.index, field: `movements[${a.index}].amount`, message: problem });
      else tree.add({ uuid, linkedUuid: linked, amountCents: a.cents });
    }
    errors.sort((x, y) => x.index - y.index);
  }
  if (errors.length)
    throw new HttpError(422, errors[0].message, { field: errors[0].field, errors: errors.map((e) => e.message) });
  const at = actor.now.toISOString();
  const stored = await Promise.all(accepted.map((a) => (a.receipt ? storeReceipt(deps, a.receipt) : null)));
  await chainMovements(
    db,
    deps,
    reg,
    accepted.map((a, i) => ({
      uuid: a.m.id.toLowerCase(),
      day,
      at,
      typeCode: a.type.code,
      typeId: a.type.id,
      linked: a.m.idTypeMouvLie ? a.m.idTypeMouvLie.toLowerCase() : null,
      amountCents: a.cents,
      label: ((a.m.label ?? '').trim() || a.type.label).normalize('NFC'),
      userId: actor.userId,
      receiptSha256: stored[i],
      receiptType: a.receipt?.contentType ?? null,
      receiptName: a.receipt?.fileName ?? null,
    })),
  );
  await saveHeads(db, reg);
  return journalOf(db, reg, day, actor.today);
}

/**
 * Places the bytes in the documents' store, held (blob-guard) from before they are placed until the
 * movement's transaction ends: a withdrawn inbox deposit of the same photo meanwhile keeps them.
 */
async function storeReceipt(deps: Deps, receipt: ReceiptIn): Promise<string> {
  const sha256 = createHash('sha256').update(receipt.bytes).digest('hex');
  const release = await holdBlobs(deps.state, [sha256]);
  whenTransactionEnds(release);
  await storageFor(deps).put(receipt.bytes);
  return sha256;
}

/** How many movements keep a receipt's stored bytes (registered with the documents' blob guard). */
export async function receiptsUsingBlob(db: DbOrTx, sha256: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(cashMovements).where(eq(cashMovements.receiptSha256, sha256));
  return n;
}

/** Writes the chains' heads kept in `reg` to the register row. */
export async function saveHeads(db: DbOrTx, reg: RegisterRow) {
  await db
    .update(cashRegisters)
    .set({
      lastSeq: reg.lastSeq,
      lastHash: reg.lastHash,
      lastClosingSeq: reg.lastClosingSeq,
      lastClosingHash: reg.lastClosingHash,
      lastClosedDay: reg.lastClosedDay,
      lastClosedBalanceCents: reg.lastClosedBalanceCents,
      grandTotalCents: reg.grandTotalCents,
      headSignature: reg.headSignature ?? null,
      headKeyId: reg.headKeyId ?? null,
    })
    .where(eq(cashRegisters.id, reg.id));
}

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
  const made = await closingRows(reg, day, dayRows, total.cents, counted.detail, actor, key, differenceType, (p) =>
    storedJs(db, reg.id, p),
  );
  await insertMovements(db, made.movements);
  await insertClosings(db, made.closings);
  await saveHeads(db, reg);
  return journalOf(db, reg, day, actor.today);
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

function closingValues(registerId: number, c: ClosingRecord) {
  return {
    registerId,
    seq: c.seq,
    kind: c.closingKind,
    periodStart: c.periodStart,
    periodEnd: c.periodEnd,
    movementCount: c.movementCount,
    anchorSeq: c.anchorSeq,
    anchorHash: c.anchorHash,
    inflowCents: c.inflowCents,
    outflowCents: c.outflowCents,
    salesCents: c.salesCents,
    grandTotalCents: c.grandTotalCents,
    balanceInitialCents: c.balanceInitialCents,
    balanceFinalCents: c.balanceFinalCents,
    countedCents: c.countedCents,
    differenceCents: c.differenceCents,
    at: new Date(c.at),
    userId: c.userId,
    prevHash: c.prevHash,
    hash: c.hash,
    signature: c.signature,
    keyId: c.keyId,
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

export const toMovementRecord = (m: MovementRow): MovementRecord => ({
  seq: m.seq,
  uuid: m.uuid,
  day: m.day,
  at: m.at.toISOString(),
  typeCode: m.typeCode,
  linked: m.linkedUuid,
  amountCents: m.amountCents,
  label: m.label,
  userId: m.userId,
  receiptSha256: m.receiptSha256,
  prevHash: m.prevHash,
  hash: m.hash,
  signature: m.signature,
  keyId: m.keyId,
});

export const toClosingRecord = (c: ClosingRow): ClosingRecord => ({
  seq: c.seq,
  closingKind: c.kind as ClosingRecord['closingKind'],
  periodStart: c.periodStart,
  periodEnd: c.periodEnd,
  movementCount: c.movementCount,
  anchorSeq: c.anchorSeq,
  anchorHash: c.anchorHash,
  inflowCents: c.inflowCents,
  outflowCents: c.outflowCents,
  salesCents: c.salesCents,
  grandTotalCents: c.grandTotalCents,
  balanceInitialCents: c.balanceInitialCents,
  balanceFinalCents: c.balanceFinalCents,
  countedCents: c.countedCents,
  differenceCents: c.differenceCents,
  at: c.at.toISOString(),
  userId: c.userId,
  prevHash: c.prevHash,
  hash: c.hash,
  signature: c.signature,
  keyId: c.keyId,
});

/** A receipt of one of the register's movements, by its SHA-256. */
export async function findReceipt(db: DbOrTx, registerId: number, sha256: string) {
  if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
  const [row] = await db
    .select({ sha256: cashMovements.receiptSha256, contentType: cashMovements.receiptType })
    .from(cashMovements)
    .where(and(eq(cashMovements.registerId, registerId), eq(cashMovements.receiptSha256, sha256)))
    .limit(1);
  return row?.sha256 ? { sha256: row.sha256, contentType: row.contentType ?? 'application/octet-stream' } : null;
}
