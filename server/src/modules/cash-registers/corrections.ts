import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { correctionProblem, type CorrectedStep } from '../../../../src/domain/cash-register/index';
import type { DbOrTx } from '../../db/client';
import { cashMovements } from '../../db/schema/index';
import type { RegisterRow } from './journal';

// Corrections (decision 075): a correction is a movement naming the one it corrects, of the same
// type, and it cancels at most what that one still counts, net of the corrections made before it.

/** What a movement already stored is compared on when its id comes again. */
export const storedColumns = {
  uuid: cashMovements.uuid,
  seq: cashMovements.seq,
  day: cashMovements.day,
  typeId: cashMovements.typeId,
  linkedUuid: cashMovements.linkedUuid,
  amountCents: cashMovements.amountCents,
  label: cashMovements.label,
  receiptSha256: cashMovements.receiptSha256,
};
export interface StoredMovement {
  uuid: string;
  seq: number;
  day: string;
  typeId: number;
  linkedUuid: string | null;
  amountCents: number;
  label: string;
  receiptSha256: string | null;
}

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

/**
 * The refusals of this request's corrections, each bounded by what it corrects net of the
 * corrections before it, this request's earlier ones included.
 */
export async function correctionErrors(
  db: DbOrTx,
  reg: RegisterRow,
  known: StoredMovement[],
  corrections: Array<{ index: number; m: { id: string; idTypeMouvLie?: string | null | undefined }; cents: number }>,
) {
  const errors: Array<{ index: number; message: string; field: string }> = [];
  const tree = await correctionTree(db, reg, known);
  for (const a of corrections) {
    const uuid = a.m.id.toLowerCase();
    const linked = a.m.idTypeMouvLie!.toLowerCase();
    const problem = correctionProblem(tree.chainOf(linked), a.cents, `movements[${a.index}].amount`);
    if (problem) errors.push({ index: a.index, field: `movements[${a.index}].amount`, message: problem });
    else tree.add({ uuid, linkedUuid: linked, amountCents: a.cents });
  }
  return errors;
}
