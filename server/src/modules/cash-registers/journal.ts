// Rows → the contract's journal and register (src/contract/cash-registers.ts).
import type { Journal, MovementEntry, MovementType } from '../../../../src/contract/cash-registers';
import {
  CATEGORIES,
  balanceFinalCents,
  cashEffectCents,
  dayTotals,
  euros,
  type MovementCategory,
  type PaymentMethod,
} from '../../../../src/domain/cash-register/index';
import type { cashClosings, cashMovementTypes, cashMovements } from '../../db/schema/index';

export type RegisterRow = {
  id: number;
  uuid: string;
  label: string;
  location: string | null;
  lastSeq: number;
  lastHash: string;
  lastClosingSeq: number;
  lastClosingHash: string;
  lastClosedDay: string | null;
  lastClosedBalanceCents: number;
  grandTotalCents: number;
  /** The signature of both heads and its key (decision 077): made again by every write (signHeadOf). */
  headSignature?: string | null;
  headKeyId?: string | null;
};
export type MovementRow = typeof cashMovements.$inferSelect;
export type ClosingRow = typeof cashClosings.$inferSelect;
/** A J closing with the name of who closed the day. */
export type DayClosing = ClosingRow & { closedBy: string | null };
export type TypeRow = typeof cashMovementTypes.$inferSelect;

export const typeDto = (t: TypeRow): MovementType => ({
  id: t.id,
  code: t.code,
  label: t.label,
  category: t.category as MovementCategory,
  vatRate: t.vatRate === null ? null : Number(t.vatRate),
  paymentMethod: t.paymentMethod as PaymentMethod | null,
  cash: t.cash as MovementType['cash'],
});

export const base = (uuid: string) => `/api/sales-register/${uuid}`;
export const receiptLink = (uuid: string, sha: string) => `${base(uuid)}/receipts/${sha}`;

function entry(registerUuid: string, m: MovementRow): MovementEntry {
  return {
    id: m.uuid,
    idTypeMouv: m.typeId,
    idTypeMouvLie: m.linkedUuid,
    amount: euros(m.amountCents),
    label: m.label,
    at: m.at.toISOString(),
    seq: m.seq,
    receipt: m.receiptSha256
      ? {
          sha256: m.receiptSha256,
          contentType: m.receiptType ?? 'application/octet-stream',
          link: receiptLink(registerUuid, m.receiptSha256),
        }
      : null,
  };
}

/** The sum of the cash effects of movements (the drawer's change over them). */
export const cashChange = (rows: ReadonlyArray<Pick<MovementRow, 'typeCode' | 'amountCents'>>) =>
  rows.reduce((s, m) => s + cashEffectCents(m.typeCode, m.amountCents), 0);

/** One day's journal: its movements (ordered by seq), its balance from `balanceInitialCents`, its J closing. */
export function buildJournal(
  reg: Pick<RegisterRow, 'id' | 'uuid'>,
  day: string,
  rows: readonly MovementRow[],
  types: ReadonlyMap<number, TypeRow>,
  balanceInitialCents: number,
  closed: boolean,
  closing: DayClosing | null,
): Journal {
  const lists = Object.fromEntries(CATEGORIES.map((c) => [c, [] as MovementEntry[]])) as Record<
    MovementCategory,
    MovementEntry[]
  >;
  for (const m of rows)
    lists[(types.get(m.typeId)?.category ?? 'summary') as MovementCategory].push(entry(reg.uuid, m));
  const totals = dayTotals(rows);
  const initial = closing ? closing.balanceInitialCents : balanceInitialCents;
  const link = `${base(reg.uuid)}/days/${day}`;
  return {
    day,
    registerDetails: {
      id: reg.id,
      closed,
      inflow: euros(totals.inflowCents),
      outflow: euros(totals.outflowCents),
      balanceInitial: euros(initial),
      balanceFinal: euros(balanceFinalCents(initial, totals)),
    },
    ...lists,
    salesByVatRate: [...totals.salesByVatRate].map(([vatRate, c]) => ({ vatRate, amount: euros(c) })),
    revenuesByPaymentMethod: [...totals.revenuesByPaymentMethod].map(([paymentMethod, c]) => ({
      paymentMethod,
      amount: euros(c),
    })),
    counted:
      closing && closing.countedCents !== null
        ? { total: euros(closing.countedCents), detail: closing.countedDetail ?? null }
        : null,
    difference: closing && closing.differenceCents !== null ? euros(closing.differenceCents) : null,
    closedAt: closing ? closing.at.toISOString() : null,
    closedBy: closing ? (closing.closedBy ?? String(closing.userId)) : null,
    links: closed ? { update: null, close: null } : { update: link, close: `${link}/close` },
  };
}
