import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './users';

// Cash registers (« Mes caisses », decision 037). Movements and closings are append-only (triggers
// in server/drizzle/0002_cash_registers_append_only.sql refuse UPDATE, DELETE and TRUNCATE) and
// chained per register: the register row holds the chains' heads, taken FOR UPDATE by every write.

const cents = (name: string) => bigint(name, { mode: 'number' });
const ZERO_HASH = '0'.repeat(64);

export const cashRegisters = pgTable(
  'cash_registers',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    label: text('label').notNull(),
    location: text('location'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Head of the movement chain. */
    lastSeq: integer('last_seq').notNull().default(0),
    lastHash: text('last_hash').notNull().default(ZERO_HASH),
    /** Head of the closing chain. */
    lastClosingSeq: integer('last_closing_seq').notNull().default(0),
    lastClosingHash: text('last_closing_hash').notNull().default(ZERO_HASH),
    /** The last day closed (J), its balanceFinal and the perpetual grand total after it. */
    lastClosedDay: date('last_closed_day', { mode: 'string' }),
    lastClosedBalanceCents: cents('last_closed_balance_cents').notNull().default(0),
    grandTotalCents: cents('grand_total_cents').notNull().default(0),
    /**
     * The Ed25519 signature of both heads (register uuid, last seq and hash, last closing seq and
     * hash), made again with every write, and its key (decision 077): a head rewound over a deleted
     * tail has no valid signature. Null on a register not written since heads are signed.
     */
    headSignature: text('head_signature'),
    headKeyId: text('head_key_id'),
  },
  (t) => [index('cash_registers_company_idx').on(t.companyId)],
);

/** A register's movement types (src/domain/cash-register/movement-types.ts), with their per-register id. */
export const cashMovementTypes = pgTable(
  'cash_movement_types',
  {
    id: serial('id').primaryKey(),
    registerId: integer('register_id')
      .notNull()
      .references(() => cashRegisters.id),
    code: text('code').notNull(),
    label: text('label').notNull(),
    category: text('category').notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }),
    paymentMethod: text('payment_method'),
    cash: text('cash').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('cash_movement_types_register_code_idx').on(t.registerId, t.code)],
);

/** One movement of a day's journal: append-only, chained and signed. */
export const cashMovements = pgTable(
  'cash_movements',
  {
    registerId: integer('register_id')
      .notNull()
      .references(() => cashRegisters.id),
    seq: integer('seq').notNull(),
    /** Chosen by the device that entered it: a replay is recognised. */
    uuid: uuid('uuid').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => cashMovementTypes.id),
    typeCode: text('type_code').notNull(),
    linkedUuid: uuid('linked_uuid'),
    amountCents: cents('amount_cents').notNull(),
    label: text('label').notNull(),
    userId: integer('user_id').notNull(),
    receiptSha256: text('receipt_sha256'),
    receiptType: text('receipt_type'),
    receiptName: text('receipt_name'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    signature: text('signature').notNull(),
    keyId: text('key_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.registerId, t.seq] }),
    uniqueIndex('cash_movements_register_uuid_idx').on(t.registerId, t.uuid),
    index('cash_movements_register_day_idx').on(t.registerId, t.day),
    index('cash_movements_receipt_idx')
      .on(t.receiptSha256)
      .where(sql`receipt_sha256 is not null`),
  ],
);

/** A closing (J: day, M: month, A: year): append-only, its own chain, anchored to the movements'. */
export const cashClosings = pgTable(
  'cash_closings',
  {
    registerId: integer('register_id')
      .notNull()
      .references(() => cashRegisters.id),
    seq: integer('seq').notNull(),
    kind: char('kind', { length: 1 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    movementCount: integer('movement_count').notNull(),
    anchorSeq: integer('anchor_seq').notNull(),
    anchorHash: text('anchor_hash').notNull(),
    inflowCents: cents('inflow_cents').notNull(),
    outflowCents: cents('outflow_cents').notNull(),
    salesCents: cents('sales_cents').notNull(),
    grandTotalCents: cents('grand_total_cents').notNull(),
    balanceInitialCents: cents('balance_initial_cents').notNull(),
    balanceFinalCents: cents('balance_final_cents').notNull(),
    countedCents: cents('counted_cents'),
    differenceCents: cents('difference_cents'),
    /** The count by notes and coins (value in euros as text → how many), when given. */
    countedDetail: jsonb('counted_detail').$type<Record<string, number> | null>(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    userId: integer('user_id').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    signature: text('signature').notNull(),
    keyId: text('key_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.registerId, t.seq] }),
    index('cash_closings_register_kind_idx').on(t.registerId, t.kind, t.periodStart),
  ],
);

/** Every public key that signed records here (key rotation): verification still works after a change. */
export const cashSigningKeys = pgTable('cash_signing_keys', {
  fingerprint: text('fingerprint').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Totals per register, day and movement type, kept with every movement in the same transaction: what
 * the dashboards read (derived data, not part of the chain; verification never trusts it).
 */
export const cashDayTotals = pgTable(
  'cash_day_totals',
  {
    registerId: integer('register_id')
      .notNull()
      .references(() => cashRegisters.id),
    day: date('day', { mode: 'string' }).notNull(),
    typeCode: text('type_code').notNull(),
    amountCents: cents('amount_cents').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.registerId, t.day, t.typeCode] })],
);
