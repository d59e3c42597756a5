// The canonical forms the chain hashes (modules-stack-notes B.3): arrays of strings and integers
// only, so JSON.stringify gives the same bytes in every JS engine (no key order, no float format).
// Labels are NFC-normalised: a label stored decomposed (e + U+0301) still verifies.

export const CHAIN_VERSION = 1;
/** The previous hash of the first record of a chain. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields of a movement the chain covers. */
export interface MovementFields {
  seq: number;
  uuid: string;
  day: string;
  /** ISO instant in UTC with milliseconds (Date.toISOString). */
  at: string;
  typeCode: string;
  linked: string | null;
  amountCents: number;
  label: string;
  userId: number;
  receiptSha256: string | null;
}

export type ClosingKind = 'J' | 'M' | 'A';

/** The fields of a closing (Z) the chain covers. */
export interface ClosingFields {
  seq: number;
  closingKind: ClosingKind;
  periodStart: string;
  periodEnd: string;
  movementCount: number;
  /** The movement chain's last record when the closing was made: anchors it. */
  anchorSeq: number;
  anchorHash: string;
  inflowCents: number;
  outflowCents: number;
  salesCents: number;
  /** Perpetual grand total of sales, never reset. */
  grandTotalCents: number;
  balanceInitialCents: number;
  balanceFinalCents: number;
  countedCents: number | null;
  differenceCents: number | null;
  at: string;
  userId: number;
}

const int = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`entier attendu : ${n}`);
  return n;
};

export function movementCanonical(registerUuid: string, m: MovementFields): string {
  return JSON.stringify([
    'MVT',
    CHAIN_VERSION,
    registerUuid,
    int(m.seq),
    m.uuid,
    m.day,
    m.at,
    m.typeCode,
    m.linked ?? '',
    int(m.amountCents),
    m.label.normalize('NFC'),
    int(m.userId),
    m.receiptSha256 ?? '',
  ]);
}

export function closingCanonical(registerUuid: string, c: ClosingFields): string {
  return JSON.stringify([
    'Z',
    CHAIN_VERSION,
    registerUuid,
    int(c.seq),
    c.closingKind,
    c.periodStart,
    c.periodEnd,
    int(c.movementCount),
    int(c.anchorSeq),
    c.anchorHash,
    int(c.inflowCents),
    int(c.outflowCents),
    int(c.salesCents),
    int(c.grandTotalCents),
    int(c.balanceInitialCents),
    int(c.balanceFinalCents),
    c.countedCents === null ? '' : int(c.countedCents),
    c.differenceCents === null ? '' : int(c.differenceCents),
    c.at,
    int(c.userId),
  ]);
}

/** The heads of a register's two chains, as its row keeps them: the last movement and the last closing. */
export interface HeadFields {
  seq: number;
  hash: string;
  closingSeq: number;
  closingHash: string;
}

/**
 * The register's head (decision 077), signed with every write: its own tag, so no record's signature
 * (over a record's hash) can stand for a head's, and an older head, once overwritten, has no
 * signature left to show.
 */
export function headCanonical(registerUuid: string, h: HeadFields): string {
  return JSON.stringify(['TETE', CHAIN_VERSION, registerUuid, int(h.seq), h.hash, int(h.closingSeq), h.closingHash]);
}

/** What each link hashes: the previous hash, a line feed, the canonical form. */
export const linkInput = (prevHash: string, canonical: string) => `${prevHash}\n${canonical}`;
