// The integrity check of a register (« Vérifier l’intégrité »), run by the server (GET verify), by
// the browser on the records of GET chain, and offline on an archive: the same code everywhere.
// Checks: each link's hash, the sequence without gaps, the Ed25519 signatures, each closing anchored
// to the movement chain, each closing's totals and the perpetual grand total recomputed; when given
// (decision 077), the register's signed head and the dashboards' derived day totals.
import { formatCount, formatDate, formatMoney } from '../format';
import { euros } from './amounts';
import { GENESIS_HASH, closingCanonical, linkInput, movementCanonical } from './canonical';
import { headDigest, type ClosingRecord, type MovementRecord, type RegisterHead } from './chain';
import { ed25519Verifier, sha256hex, type PublicJwk, type Verifier } from './crypto';
import { dayTotals, type DayTotals } from './journal';
import { MOVEMENT_TYPES, movementTypeOf } from './movement-types';

export const INTACT_CONCLUSION = 'Aucune donnée ne peut être altérée sans rompre la chaîne.';

export interface VerifyInput {
  registerUuid: string;
  /** Ordered by seq: the whole chain, or a contiguous extract of it. */
  movements: readonly MovementRecord[];
  closings: readonly ClosingRecord[];
  /** Every public key the records may name, by fingerprint (key rotation). */
  keys: Readonly<Record<string, PublicJwk>>;
  /** The installation's current key, shown in the report. */
  currentKey: { fingerprint: string; jwk: PublicJwk };
  period: { dateStart: string | null; dateEnd: string | null };
  checkedAt: string;
  /**
   * 'anchored' (default): every closing's signature, and the signature of every movement not covered
   * by a valid signed closing anchoring an intact chain after it (a signed anchor authenticates every
   * hash before it). 'all': every movement's signature too.
   */
  signatures?: 'all' | 'anchored';
  /** The register's last movement as its row records it: a deleted tail shows. */
  expectedLast?: { seq: number; hash: string } | null;
  /**
   * The register's signed head, as its row keeps it (decision 077): its signature must verify, no
   * record may lie beyond it, and with `wholeChains` it must be both chains' last records. A deleted
   * tail with a rewound head shows: the rewound head has no valid signature (the key is not beside
   * the database) and an older one's was overwritten.
   */
  head?: RegisterHead | null;
  /** `movements` and `closings` are the register's whole chains (GET verify without a period). */
  wholeChains?: boolean;
  /** The highest seqs stored for the register, when the extract may stop short of them (a period). */
  stored?: { movementSeq: number; closingSeq: number };
  /**
   * The dashboards' derived totals (cash_day_totals) of the period's days (every day when whole):
   * compared with the movements' sums per day and type, in French where they differ.
   */
  dayTotals?: ReadonlyArray<DerivedDayTotal>;
}

export interface DerivedDayTotal {
  day: string;
  typeCode: string;
  amountCents: number;
  count: number;
}

interface Check {
  ok: boolean;
  detail: string;
}

export interface VerifyReport {
  ok: boolean;
  checkedAt: string;
  period: { dateStart: string | null; dateEnd: string | null };
  movements: {
    count: number;
    first: { seq: number; hash: string; at: string } | null;
    last: { seq: number; hash: string; at: string } | null;
  };
  closings: { count: number };
  checks: {
    chain: Check;
    sequence: Check;
    signatures: Check;
    anchors: Check;
    totals: Check;
    /** The register's signed head (when the input gives it). */
    head?: Check;
    /** The dashboards' derived totals against the movements (when the input gives them). */
    dayTotals?: Check;
  };
  firstBreak: { kind: 'movement' | 'closing'; seq: number; reason: string } | null;
  failingClosings: number[];
  publicKey: { fingerprint: string; jwk: Record<string, string> };
  conclusion: string;
}

type Break = { kind: 'movement' | 'closing'; seq: number; reason: string };

const REASONS = {
  content: 'le contenu de l’enregistrement ne correspond plus à son empreinte (une valeur a été modifiée)',
  link: 'l’empreinte précédente ne correspond pas à l’enregistrement qui le précède',
  genesis: 'le premier enregistrement de la chaîne ne part pas de l’origine',
  gap: (expected: number, found: number) =>
    `numéro de séquence ${expected} attendu, ${found} trouvé : un enregistrement a été supprimé`,
  signature: 'la signature Ed25519 n’est pas valide (enregistrement recalculé sans la clé de l’installation)',
  unknownKey: 'la signature nomme une clé inconnue',
  anchor: 'la clôture n’est plus ancrée au mouvement qu’elle scellait',
  totals: 'les totaux de la clôture ne correspondent plus aux mouvements',
  tail: (seq: number) => `le dernier mouvement enregistré (n° ${seq}) est absent ou modifié`,
};

/** Hashes in parallel batches (each link is checked on its own stored previous hash). */
async function hashAll(inputs: string[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < inputs.length; i += 1000)
    out.push(...(await Promise.all(inputs.slice(i, i + 1000).map((s) => sha256hex(s)))));
  return out;
}

async function signaturesOf(
  items: ReadonlyArray<{ hash: string; signature: string; keyId: string }>,
  verifiers: Map<string, Verifier | null>,
): Promise<Array<'ok' | 'bad' | 'unknown'>> {
  const out: Array<'ok' | 'bad' | 'unknown'> = [];
  for (let i = 0; i < items.length; i += 500) {
    const batch = items.slice(i, i + 500).map(async (r) => {
      const v = verifiers.get(r.keyId);
      if (!v) return 'unknown' as const;
      return (await v(r.hash, r.signature)) ? ('ok' as const) : ('bad' as const);
    });
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

/** What the checks found, counted as they go (the report's details are these counts). */
interface Tally {
  gaps: number;
  badLinks: number;
  anchorFailures: number;
  sigFailures: number;
  unknownKeys: number;
  totalFailures: number;
  mBreaks: Break[];
  cBreaks: Break[];
  /** The closings that fail any check, by sequence number. */
  failing: Set<number>;
}

type ChainRecord = { seq: number; prevHash: string; hash: string };

/** A chain's sequence and links: each record follows the previous one, its hash is its content's. */
function chainBreaks(
  kind: Break['kind'],
  records: readonly ChainRecord[],
  hashes: readonly string[],
  tally: Tally,
): Break[] {
  const breaks: Break[] = [];
  const add = (seq: number, reason: string) => breaks.push({ kind, seq, reason });
  records.forEach((r, i) => {
    const prev = records[i - 1];
    if (prev && r.seq !== prev.seq + 1) {
      tally.gaps++;
      add(r.seq, REASONS.gap(prev.seq + 1, r.seq));
    } else if (!prev && r.seq === 1 && r.prevHash !== GENESIS_HASH) {
      tally.badLinks++;
      add(r.seq, REASONS.genesis);
    }
    if (hashes[i] !== r.hash) {
      tally.badLinks++;
      add(r.seq, REASONS.content);
    } else if (prev && r.prevHash !== prev.hash) {
      tally.badLinks++;
      add(r.seq, REASONS.link);
    }
  });
  return breaks;
}

/** The movement chain still ends where the register said it last did (no record cut off its tail). */
function tailCheck(input: VerifyInput, tally: Tally) {
  const expected = input.expectedLast;
  if (!expected || expected.seq <= 0) return;
  const found = input.movements.find((m) => m.seq === expected.seq);
  if (!found || found.hash !== expected.hash) {
    tally.gaps++;
    tally.mBreaks.push({ kind: 'movement', seq: expected.seq, reason: REASONS.tail(expected.seq) });
  }
}

/** Anchors: each closing names the movement chain's last record when it was made. */
function anchorsCheck(input: VerifyInput, tally: Tally): Map<number, boolean> {
  const { movements, closings } = input;
  const bySeq = new Map(movements.map((m) => [m.seq, m]));
  const firstSeq = movements[0]?.seq ?? 1;
  const anchorOk = new Map<number, boolean>();
  for (const c of closings) {
    let ok = true;
    if (c.anchorSeq === 0) ok = c.anchorHash === GENESIS_HASH;
    else if (c.anchorSeq >= firstSeq || movements.length === 0) ok = bySeq.get(c.anchorSeq)?.hash === c.anchorHash;
    anchorOk.set(c.seq, ok);
    if (!ok) {
      tally.anchorFailures++;
      tally.failing.add(c.seq);
      tally.cBreaks.push({ kind: 'closing', seq: c.seq, reason: REASONS.anchor });
    }
  }
  return anchorOk;
}

/** Counts a signature that is not 'ok' and answers its break's reason. */
function signatureProblem(result: 'unknown' | 'bad', tally: Tally): string {
  if (result === 'unknown') tally.unknownKeys++;
  else tally.sigFailures++;
  return result === 'unknown' ? REASONS.unknownKey : REASONS.signature;
}

/**
 * Signatures: the closings', then the movements' not covered by a valid signed anchor (all of them
 * with `signatures: 'all'`). Answers the movements whose signatures were checked.
 */
async function signaturesCheck(
  input: VerifyInput,
  verifiers: Map<string, Verifier | null>,
  cHashes: readonly string[],
  anchorOk: Map<number, boolean>,
  tally: Tally,
): Promise<MovementRecord[]> {
  const { movements, closings } = input;
  const cSigs = await signaturesOf(closings, verifiers);
  closings.forEach((c, i) => {
    const sig = cSigs[i]!;
    if (sig === 'ok') return;
    tally.failing.add(c.seq);
    tally.cBreaks.push({ kind: 'closing', seq: c.seq, reason: signatureProblem(sig, tally) });
  });
  const firstMovementBreak = Math.min(...tally.mBreaks.map((b) => b.seq), Number.POSITIVE_INFINITY);
  let coveredUpTo = 0;
  if (input.signatures !== 'all')
    closings.forEach((c, i) => {
      if (cSigs[i] === 'ok' && anchorOk.get(c.seq) && cHashes[i] === c.hash && c.anchorSeq < firstMovementBreak)
        coveredUpTo = Math.max(coveredUpTo, c.anchorSeq);
    });
  const toSign = movements.filter((m) => m.seq > coveredUpTo);
  const mSigs = await signaturesOf(toSign, verifiers);
  toSign.forEach((m, i) => {
    const sig = mSigs[i]!;
    if (sig === 'ok') return;
    tally.mBreaks.push({ kind: 'movement', seq: m.seq, reason: signatureProblem(sig, tally) });
  });
  return toSign;
}

/** A day's closing (J) against its movements and the previous J: balances and the perpetual grand total. */
function dayClosingOk(c: ClosingRecord, t: DayTotals, prevJ: ClosingRecord | null, complete: boolean): boolean {
  let ok =
    c.periodStart === c.periodEnd &&
    c.movementCount === t.count &&
    c.inflowCents === t.inflowCents &&
    c.outflowCents === t.outflowCents &&
    c.salesCents === t.salesCents &&
    c.balanceFinalCents === c.balanceInitialCents + t.inflowCents - t.outflowCents &&
    (c.differenceCents === null || c.differenceCents === t.differenceCents) &&
    (c.countedCents === null || c.countedCents === c.balanceFinalCents);
  if (prevJ)
    ok &&=
      c.balanceInitialCents === prevJ.balanceFinalCents && c.grandTotalCents === prevJ.grandTotalCents + c.salesCents;
  else if (complete) ok &&= c.balanceInitialCents === 0 && c.grandTotalCents === c.salesCents;
  return ok;
}

/** A period's closing against the day closings it covers (when the period is read whole). */
function periodClosingOk(
  c: ClosingRecord,
  js: readonly ClosingRecord[],
  covered: boolean,
  prevJ: ClosingRecord | null,
) {
  let ok = true;
  if (covered) {
    const inPeriod = js.filter((j) => j.periodStart >= c.periodStart && j.periodStart <= c.periodEnd);
    const sum = (f: (j: ClosingRecord) => number) => inPeriod.reduce((s, j) => s + f(j), 0);
    ok =
      inPeriod.length > 0 &&
      c.movementCount === sum((j) => j.movementCount) &&
      c.inflowCents === sum((j) => j.inflowCents) &&
      c.outflowCents === sum((j) => j.outflowCents) &&
      c.salesCents === sum((j) => j.salesCents) &&
      c.differenceCents === sum((j) => j.differenceCents ?? 0) &&
      c.balanceInitialCents === inPeriod[0].balanceInitialCents &&
      c.balanceFinalCents === inPeriod.at(-1)!.balanceFinalCents;
  }
  if (prevJ) ok &&= c.grandTotalCents === prevJ.grandTotalCents;
  return ok;
}

/** Totals and the perpetual grand total of every closing, recomputed from the movements. */
function totalsCheck(input: VerifyInput, tally: Tally) {
  const { movements, closings } = input;
  const byDay = new Map<string, MovementRecord[]>();
  for (const m of movements) {
    const list = byDay.get(m.day);
    if (list) list.push(m);
    else byDay.set(m.day, [m]);
  }
  const complete = closings[0]?.seq === 1;
  let prevJ: ClosingRecord | null = null;
  const js: ClosingRecord[] = [];
  for (const c of closings) {
    let ok: boolean;
    if (c.closingKind === 'J') {
      ok = dayClosingOk(c, dayTotals(byDay.get(c.periodStart) ?? []), prevJ, complete);
      prevJ = c;
      js.push(c);
    } else {
      const covered = complete || (input.period.dateStart !== null && c.periodStart >= input.period.dateStart);
      ok = periodClosingOk(c, js, covered, prevJ);
    }
    if (!ok) {
      tally.totalFailures++;
      tally.failing.add(c.seq);
      tally.cBreaks.push({ kind: 'closing', seq: c.seq, reason: REASONS.totals });
    }
  }
}

export async function verifyChain(input: VerifyInput): Promise<VerifyReport> {
  const { registerUuid, movements, closings } = input;
  const verifiers = new Map<string, Verifier | null>();
  for (const id of new Set([...movements.map((m) => m.keyId), ...closings.map((c) => c.keyId)])) {
    const jwk = input.keys[id];
    verifiers.set(id, jwk ? await ed25519Verifier(jwk).catch(() => null) : null);
  }
  const tally: Tally = {
    gaps: 0,
    badLinks: 0,
    anchorFailures: 0,
    sigFailures: 0,
    unknownKeys: 0,
    totalFailures: 0,
    mBreaks: [],
    cBreaks: [],
    failing: new Set(),
  };

  // 1. Movement chain and sequence.
  const mHashes = await hashAll(movements.map((m) => linkInput(m.prevHash, movementCanonical(registerUuid, m))));
  tally.mBreaks.push(...chainBreaks('movement', movements, mHashes, tally));
  tailCheck(input, tally);
  // 2. Closing chain.
  const cHashes = await hashAll(closings.map((c) => linkInput(c.prevHash, closingCanonical(registerUuid, c))));
  for (const b of chainBreaks('closing', closings, cHashes, tally)) {
    tally.cBreaks.push(b);
    tally.failing.add(b.seq);
  }
  // 3. Anchors. 4. Signatures.
  const anchorOk = anchorsCheck(input, tally);
  const toSign = await signaturesCheck(input, verifiers, cHashes, anchorOk, tally);
  // 5. Totals and the perpetual grand total.
  totalsCheck(input, tally);
  // 6. The register's signed head, and the dashboards' derived totals.
  const head = input.head ? await headCheck(input, verifiers) : undefined;
  const derived = input.dayTotals ? derivedTotalsCheck(input.dayTotals, movements, input.period) : undefined;
  return reportOf(input, tally, toSign.length, head, derived);
}

const n = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

/** Each check of the report, with its detail in French. */
function checksOf(
  input: VerifyInput,
  tally: Tally,
  signed: number,
): Omit<VerifyReport['checks'], 'head' | 'dayTotals'> {
  const { movements, closings } = input;
  const chainOk = tally.badLinks === 0;
  const sequenceOk = tally.gaps === 0;
  const signaturesOk = tally.sigFailures === 0 && tally.unknownKeys === 0;
  const anchorsOk = tally.anchorFailures === 0;
  const totalsOk = tally.totalFailures === 0;
  const covered = movements.length - signed;
  const sequence = movements.length
    ? `Séquence continue du n° ${movements[0].seq} au n° ${movements.at(-1)?.seq ?? 0}.`
    : 'Aucun mouvement sur la période.';
  return {
    chain: {
      ok: chainOk,
      detail: chainOk
        ? `${n(movements.length + closings.length, 'empreinte recalculée', 'empreintes recalculées')} : chaîne intacte.`
        : `${n(tally.badLinks, 'empreinte ne correspond', 'empreintes ne correspondent')} pas.`,
    },
    sequence: {
      ok: sequenceOk,
      detail: sequenceOk
        ? sequence
        : `${n(tally.gaps, 'rupture', 'ruptures')} de séquence : des enregistrements manquent.`,
    },
    signatures: {
      ok: signaturesOk,
      detail: signaturesOk
        ? `${n(closings.length + signed, 'signature vérifiée', 'signatures vérifiées')}` +
          (covered > 0
            ? ` ; ${n(covered, 'mouvement couvert', 'mouvements couverts')} par la signature de la clôture qui l’ancre.`
            : '.')
        : `${n(tally.sigFailures + tally.unknownKeys, 'signature invalide', 'signatures invalides')}.`,
    },
    anchors: {
      ok: anchorsOk,
      detail: anchorsOk
        ? `${n(closings.length, 'clôture ancrée', 'clôtures ancrées')} à la chaîne des mouvements.`
        : `${n(tally.anchorFailures, 'clôture n’est plus ancrée', 'clôtures ne sont plus ancrées')} à la chaîne des mouvements.`,
    },
    totals: {
      ok: totalsOk,
      detail: totalsOk
        ? 'Totaux des clôtures et grand total perpétuel recalculés : conformes.'
        : `${n(tally.totalFailures, 'clôture a des totaux', 'clôtures ont des totaux')} qui ne correspondent plus aux mouvements.`,
    },
  };
}

type HeadResult = Awaited<ReturnType<typeof headCheck>>;
type DerivedResult = ReturnType<typeof derivedTotalsCheck>;

/** The conclusion when something failed: where the chain broke, the head's problem, the dashboards' first difference. */
function failureConclusion(
  input: VerifyInput,
  recordsOk: boolean,
  firstBreak: Break | null,
  failingClosings: number[],
  head: HeadResult | undefined,
  derived: DerivedResult | undefined,
): string {
  const broken = firstBreak ? describe(firstBreak, input.movements, input.closings) : 'voir le détail des contrôles';
  const failing = failingClosings.length
    ? ` ${n(failingClosings.length, 'clôture en échec', 'clôtures en échec')}.`
    : '';
  const others = (count: number) => (count > 1 ? ` (et ${n(count - 1, 'autre', 'autres')})` : '');
  return [
    ...(recordsOk ? [] : [`Chaîne rompue : ${broken}.${failing}`]),
    ...(head && !head.ok ? [head.detail] : []),
    ...(derived && !derived.ok
      ? [`Totaux des tableaux de bord : ${derived.differences[0]}${others(derived.differences.length)}.`]
      : []),
  ].join(' ');
}

function reportOf(
  input: VerifyInput,
  tally: Tally,
  signed: number,
  head: HeadResult | undefined,
  derived: DerivedResult | undefined,
): VerifyReport {
  const { movements, closings } = input;
  const firstBreak =
    [...tally.mBreaks].sort((a, b) => a.seq - b.seq)[0] ?? [...tally.cBreaks].sort((a, b) => a.seq - b.seq)[0] ?? null;
  const checks = checksOf(input, tally, signed);
  const recordsOk = Object.values(checks).every((c) => c.ok);
  const ok = recordsOk && head?.ok !== false && derived?.ok !== false;
  const failingClosings = [...tally.failing].sort((a, b) => a - b);
  const edge = (m: MovementRecord | undefined) => (m ? { seq: m.seq, hash: m.hash, at: m.at } : null);
  return {
    ok,
    checkedAt: input.checkedAt,
    period: input.period,
    movements: { count: movements.length, first: edge(movements[0]), last: edge(movements.at(-1)) },
    closings: { count: closings.length },
    checks: {
      ...checks,
      ...(head ? { head: { ok: head.ok, detail: head.detail } } : {}),
      ...(derived ? { dayTotals: { ok: derived.ok, detail: derived.detail } } : {}),
    },
    firstBreak,
    failingClosings,
    publicKey: { fingerprint: input.currentKey.fingerprint, jwk: { ...input.currentKey.jwk } },
    conclusion: ok
      ? INTACT_CONCLUSION
      : failureConclusion(input, recordsOk, firstBreak, failingClosings, head, derived),
  };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The register's head: signed with a key of the installation, not behind any stored record and,
 * over the whole chains, their very last records. Problems in French, lower case, in that order.
 */
async function headCheck(
  input: VerifyInput,
  verifiers: Map<string, Verifier | null>,
): Promise<{ ok: boolean; detail: string; problems: string[] }> {
  const h = input.head!;
  const { movements, closings } = input;
  const where = `mouvement n° ${h.seq}, clôture n° ${h.closingSeq}`;
  const empty =
    h.seq === 0 &&
    h.closingSeq === 0 &&
    movements.length === 0 &&
    closings.length === 0 &&
    !input.stored?.movementSeq &&
    !input.stored?.closingSeq;
  const problems = [...(await headSignatureProblems(input, verifiers, empty, where)), ...headPositionProblems(input)];
  if (problems.length) return { ok: false, detail: `${capitalised(problems.join(' ; '))}.`, problems };
  const other =
    h.keyId && h.keyId !== input.currentKey.fingerprint
      ? ` ; signée par une clé précédente de l’installation (${h.keyId.slice(0, 16)}…), qui sera remplacée au prochain mouvement`
      : '';
  return {
    ok: true,
    detail: empty ? 'Caisse sans enregistrement : tête à l’origine.' : `Tête signée (${where})${other}.`,
    problems,
  };
}

/** The head's signature: there (but for an empty register), by a known key of the installation, valid. */
async function headSignatureProblems(
  input: VerifyInput,
  verifiers: Map<string, Verifier | null>,
  empty: boolean,
  where: string,
): Promise<string[]> {
  const h = input.head!;
  const problems: string[] = [];
  if (h.signature === null || h.keyId === null) {
    if (!empty)
      problems.push(
        `la tête de la caisse n’est pas signée (${where}) : elle a été réécrite hors du portail, ou la caisse n’a rien enregistré depuis la version qui signe les têtes (elle le sera à son prochain mouvement)`,
      );
  } else {
    let verifier = verifiers.get(h.keyId);
    if (verifier === undefined) {
      const jwk = input.keys[h.keyId];
      verifier = jwk ? await ed25519Verifier(jwk).catch(() => null) : null;
      verifiers.set(h.keyId, verifier);
    }
    if (!verifier) problems.push(`la signature de la tête de la caisse (${where}) nomme une clé inconnue`);
    else if (!(await verifier(await headDigest(input.registerUuid, h, sha256hex), h.signature)))
      problems.push(
        `la signature de la tête de la caisse (${where}) n’est pas valide : la tête a été réécrite sans la clé de l’installation (mouvements supprimés ou tête reculée)`,
      );
  }
  return problems;
}

/** Where the head stands: no record signed beyond it, and the records it names there and unchanged. */
function headPositionProblems(input: VerifyInput): string[] {
  const h = input.head!;
  const { movements, closings } = input;
  const problems: string[] = [];
  // Nothing signed may lie beyond the head: a head moved back over records still stored.
  const lastMovement = Math.max(movements.at(-1)?.seq ?? 0, input.stored?.movementSeq ?? 0);
  if (lastMovement > h.seq)
    problems.push(
      `le mouvement n° ${lastMovement} est enregistré et signé au-delà de la tête (n° ${h.seq}) : la tête a été reculée`,
    );
  const lastClosing = Math.max(closings.at(-1)?.seq ?? 0, input.stored?.closingSeq ?? 0);
  if (lastClosing > h.closingSeq)
    problems.push(
      `la clôture n° ${lastClosing} est enregistrée et signée au-delà de la tête (n° ${h.closingSeq}) : la tête a été reculée`,
    );
  const ahead = closings.find((c) => c.anchorSeq > h.seq);
  if (ahead)
    problems.push(
      `la clôture n° ${ahead.seq} ancre le mouvement n° ${ahead.anchorSeq}, au-delà de la tête (n° ${h.seq})`,
    );
  // The head names records: they must be there (whole chains) and be those.
  const named = movements.find((m) => m.seq === h.seq);
  if (named ? named.hash !== h.hash : input.wholeChains && h.seq > 0)
    problems.push(`le mouvement n° ${h.seq} de la tête est absent ou modifié`);
  else if (h.seq === 0 && h.hash !== GENESIS_HASH) problems.push('la tête des mouvements ne part pas de l’origine');
  const namedClosing = closings.find((c) => c.seq === h.closingSeq);
  if (namedClosing ? namedClosing.hash !== h.closingHash : input.wholeChains && h.closingSeq > 0)
    problems.push(`la clôture n° ${h.closingSeq} de la tête est absente ou modifiée`);
  else if (h.closingSeq === 0 && h.closingHash !== GENESIS_HASH)
    problems.push('la tête des clôtures ne part pas de l’origine');
  return problems;
}

const CATALOGUE_ORDER = new Map(MOVEMENT_TYPES.map((t, i) => [t.code, i]));

/** The derived day totals against the movements' sums, per day and type, over the period's days. */
function derivedTotalsCheck(
  stored: ReadonlyArray<DerivedDayTotal>,
  movements: readonly MovementRecord[],
  period: { dateStart: string | null; dateEnd: string | null },
): { ok: boolean; detail: string; differences: string[] } {
  const inPeriod = (day: string) =>
    (period.dateStart === null || day >= period.dateStart) && (period.dateEnd === null || day <= period.dateEnd);
  const key = (day: string, code: string) => `${day} ${code}`;
  const expected = new Map<string, { day: string; typeCode: string; amountCents: number; count: number }>();
  for (const m of movements) {
    if (!inPeriod(m.day)) continue;
    const k = key(m.day, m.typeCode);
    const t = expected.get(k);
    if (t) {
      t.amountCents += m.amountCents;
      t.count++;
    } else expected.set(k, { day: m.day, typeCode: m.typeCode, amountCents: m.amountCents, count: 1 });
  }
  const found = new Map(stored.filter((t) => inPeriod(t.day)).map((t) => [key(t.day, t.typeCode), t]));
  const keys = [...new Set([...expected.keys(), ...found.keys()])].sort((a, b) => {
    const [da, ca] = [a.slice(0, 10), a.slice(11)];
    const [db, cb] = [b.slice(0, 10), b.slice(11)];
    return da !== db ? (da < db ? -1 : 1) : (CATALOGUE_ORDER.get(ca) ?? 99) - (CATALOGUE_ORDER.get(cb) ?? 99);
  });
  const differences: string[] = [];
  const figure = (t: { amountCents: number; count: number } | undefined) =>
    `${formatMoney(euros(t?.amountCents ?? 0))} (${formatCount(t?.count ?? 0, 'mouvement')})`;
  for (const k of keys) {
    const e = expected.get(k);
    const f = found.get(k);
    if (e && f && e.amountCents === f.amountCents && e.count === f.count) continue;
    const day = k.slice(0, 10);
    const code = k.slice(11);
    differences.push(
      `${formatDate(day)}, « ${movementTypeOf(code)?.label ?? code} » : ${figure(f)} dans les totaux des tableaux de bord, ${figure(e)} d’après les mouvements`,
    );
  }
  const days = new Set(keys.map((k) => k.slice(0, 10))).size;
  if (differences.length)
    return {
      ok: false,
      detail: `${differences.length > 1 ? `${differences.length} totaux diffèrent` : 'Un total diffère'} des mouvements : ${differences.join(' ; ')}.`,
      differences,
    };
  return {
    ok: true,
    detail: `Totaux des tableaux de bord recalculés sur ${formatCount(days, 'jour')} : conformes aux mouvements.`,
    differences,
  };
}

function describe(b: Break, movements: readonly MovementRecord[], closings: readonly ClosingRecord[]): string {
  if (b.kind === 'movement') {
    const m = movements.find((x) => x.seq === b.seq);
    return `mouvement n° ${b.seq}${m ? ` du ${formatDate(m.day)}` : ''}, ${b.reason}`;
  }
  const c = closings.find((x) => x.seq === b.seq);
  return `clôture n° ${b.seq}${c ? ` (${c.closingKind}, ${formatDate(c.periodStart)})` : ''}, ${b.reason}`;
}
