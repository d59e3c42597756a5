import { verify as verifySignature } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  CASH_MESSAGES,
  headDigest,
  linkMovement,
  signHead,
  type MovementRecord,
} from '../../../../src/domain/cash-register/index';
import type { DbOrTx } from '../../db/client';
import { cashClosings, cashMovements, cashRegisters } from '../../db/schema/index';
import { conflict } from '../../http/errors';
import type { Deps } from '../../http/types';
import type { RegisterRow } from './journal';
import { publicKeyObject, registerPublicKey, signingKey, type SigningKey } from './keys';
import { movementValues } from './records';

// The register's two chains (decision 037): records linked and signed after the heads kept in the
// register row, stored in bulk, and the heads written back with their signature (decision 077). The
// caller holds the register row FOR UPDATE (findRegister with lock) for the whole transaction.

/** A movement to link: its fields before seq, hash and signature, with its type and receipt. */
export type MovementItem = Omit<MovementRecord, 'seq' | 'prevHash' | 'hash' | 'signature' | 'keyId'> & {
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
export async function assertHeadIntact(db: DbOrTx, reg: RegisterRow, key: SigningKey): Promise<void> {
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

/** Links, signs and stores the movements after the register's head (moved in `reg`). */
export async function chainMovements(
  db: DbOrTx,
  deps: Pick<Deps, 'config' | 'now'>,
  reg: RegisterRow,
  items: MovementItem[],
) {
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
