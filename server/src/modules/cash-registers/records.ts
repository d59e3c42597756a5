import type { ClosingRecord, MovementRecord } from '../../../../src/domain/cash-register/index';
import type { ClosingRow, MovementRow } from './journal';

// A chained record (src/domain/cash-register: what is hashed and signed) and the row that stores it.

/** A linked movement's row values. */
export function movementValues(registerId: number, r: MovementRecord) {
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

/** A linked closing's row values. */
export function closingValues(registerId: number, c: ClosingRecord) {
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
