import { and, eq, inArray } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Journal, NewMovement } from '../../../../src/contract/cash-registers';
import { CASH_MESSAGES, DIFFERENCE_CODE, checkAmount } from '../../../../src/domain/cash-register/index';
import type { DbOrTx } from '../../db/client';
import { cashMovements } from '../../db/schema/index';
import { HttpError, conflict } from '../../http/errors';
import type { Deps } from '../../http/types';
import { assertHeadIntact, chainMovements, saveHeads } from './chain';
import { correctionErrors, storedColumns, type StoredMovement } from './corrections';
import type { RegisterRow, TypeRow } from './journal';
import { signingKey } from './keys';
import { journalOf } from './reads';
import { readReceipt, receiptSha, storeReceipt, type ReceiptIn } from './receipts';
import { checkDay, findRegister, isClosed, typeMap, typesOf, type Actor } from './registers';

// New movements on an open day (decision 037): checked one by one, a replayed id answered as before
// (decision 075), corrections bounded, receipts stored, then linked and signed after the head.

export const sameIdOtherMovement = (i: number) =>
  `Le mouvement « movements[${i}] » reprend l’identifiant d’un mouvement déjà enregistré, avec un autre contenu (même identifiant, autre mouvement) : rien n’a été enregistré.`;

/** The label a movement is stored with: the one typed, else its type's (NFC, as the chain records it). */
const storedLabel = (label: string | null | undefined, type: TypeRow | undefined) =>
  ((label ?? '').trim() || (type?.label ?? '')).normalize('NFC');

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

type MovementError = { index: number; message: string; field: string };
type Accepted = { index: number; m: NewMovement; cents: number; receipt: ReceiptIn | null; type: TypeRow };

/** The register's movements this request names: by their own ids, and those its corrections correct. */
async function knownMovements(db: DbOrTx, reg: RegisterRow, movements: NewMovement[]): Promise<StoredMovement[]> {
  const uuids = movements.map((m) => m.id.toLowerCase());
  const linkedIds = movements.flatMap((m) => (m.idTypeMouvLie ? [m.idTypeMouvLie.toLowerCase()] : []));
  return db
    .select(storedColumns)
    .from(cashMovements)
    .where(and(eq(cashMovements.registerId, reg.id), inArray(cashMovements.uuid, [...uuids, ...linkedIds])));
}

/** Each movement checked in order: the refusals, and the movements to store (not the replays). */
function checkMovements(movements: NewMovement[], day: string, types: Map<number, TypeRow>, known: StoredMovement[]) {
  const knownByUuid = new Map(known.map((k) => [k.uuid, k]));
  const errors: MovementError[] = [];
  // What each id of this request stands for: a second occurrence must be the same movement.
  const seen = new Map<string, string>();
  const accepted: Accepted[] = [];
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
  return { errors, accepted };
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
  const known = await knownMovements(db, reg, movements);
  const { errors, accepted } = checkMovements(movements, day, types, known);
  // A correction cancels at most what it corrects, net of the corrections before it, this
  // request's included (decision 075).
  const corrections = accepted.filter((a) => a.m.idTypeMouvLie);
  if (corrections.length) {
    errors.push(...(await correctionErrors(db, reg, known, corrections)));
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
