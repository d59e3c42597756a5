// The integrity check of a register (« Vérifier l’intégrité »), run by the server (GET verify), by
// the browser on the records of GET chain, and offline on an archive: the same code everywhere.
// Checks: each link's hash, the sequence without gaps, the Ed25519 signatures, each closing anchored
// to the movement chain, each closing's totals and the perpetual grand total recomputed.
import { formatDate } from '../format';
import { GENESIS_HASH, closingCanonical, linkInput, movementCanonical } from './canonical';
import type { ClosingRecord, MovementRecord } from './chain';
import { ed25519Verifier, sha256hex, type PublicJwk, type Verifier } from './crypto';
import { dayTotals, type DayTotals } from './journal';

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
  checks: { chain: Check; sequence: Check; signatures: Check; anchors: Check; totals: Check };
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

export async function verifyChain(input: VerifyInput): Promise<VerifyReport> {
  const { registerUuid, movements, closings } = input;
  const verifiers = new Map<string, Verifier | null>();
  for (const id of new Set([...movements.map((m) => m.keyId), ...closings.map((c) => c.keyId)])) {
    const jwk = input.keys[id];
    verifiers.set(id, jwk ? await ed25519Verifier(jwk).catch(() => null) : null);
  }

  // 1. Movement chain and sequence.
  const mHashes = await hashAll(movements.map((m) => linkInput(m.prevHash, movementCanonical(registerUuid, m))));
  const mBreaks: Break[] = [];
  let gaps = 0;
  let badLinks = 0;
  movements.forEach((m, i) => {
    const prev = movements[i - 1];
    if (prev && m.seq !== prev.seq + 1) {
      gaps++;
      mBreaks.push({ kind: 'movement', seq: m.seq, reason: REASONS.gap(prev.seq + 1, m.seq) });
    } else if (!prev && m.seq === 1 && m.prevHash !== GENESIS_HASH) {
      badLinks++;
      mBreaks.push({ kind: 'movement', seq: m.seq, reason: REASONS.genesis });
    }
    if (mHashes[i] !== m.hash) {
      badLinks++;
      mBreaks.push({ kind: 'movement', seq: m.seq, reason: REASONS.content });
    } else if (prev && m.prevHash !== prev.hash) {
      badLinks++;
      mBreaks.push({ kind: 'movement', seq: m.seq, reason: REASONS.link });
    }
  });
  const last = movements.at(-1);
  if (input.expectedLast && input.expectedLast.seq > 0) {
    const found = movements.find((m) => m.seq === input.expectedLast!.seq);
    if (!found || found.hash !== input.expectedLast.hash) {
      gaps++;
      mBreaks.push({ kind: 'movement', seq: input.expectedLast.seq, reason: REASONS.tail(input.expectedLast.seq) });
    }
  }

  // 2. Closing chain.
  const cHashes = await hashAll(closings.map((c) => linkInput(c.prevHash, closingCanonical(registerUuid, c))));
  const cBreaks: Break[] = [];
  const failing = new Set<number>();
  closings.forEach((c, i) => {
    const prev = closings[i - 1];
    if (prev && c.seq !== prev.seq + 1) {
      gaps++;
      cBreaks.push({ kind: 'closing', seq: c.seq, reason: REASONS.gap(prev.seq + 1, c.seq) });
      failing.add(c.seq);
    } else if (!prev && c.seq === 1 && c.prevHash !== GENESIS_HASH) {
      badLinks++;
      cBreaks.push({ kind: 'closing', seq: c.seq, reason: REASONS.genesis });
      failing.add(c.seq);
    }
    if (cHashes[i] !== c.hash) {
      badLinks++;
      cBreaks.push({ kind: 'closing', seq: c.seq, reason: REASONS.content });
      failing.add(c.seq);
    } else if (prev && c.prevHash !== prev.hash) {
      badLinks++;
      cBreaks.push({ kind: 'closing', seq: c.seq, reason: REASONS.link });
      failing.add(c.seq);
    }
  });

  // 3. Anchors: each closing names the movement chain's last record when it was made.
  const bySeq = new Map(movements.map((m) => [m.seq, m]));
  const firstSeq = movements[0]?.seq ?? 1;
  const lastSeq = last?.seq ?? 0;
  let anchorFailures = 0;
  const anchorOk = new Map<number, boolean>();
  for (const c of closings) {
    let ok = true;
    if (c.anchorSeq === 0) ok = c.anchorHash === GENESIS_HASH;
    else if (c.anchorSeq >= firstSeq || movements.length === 0) ok = bySeq.get(c.anchorSeq)?.hash === c.anchorHash;
    anchorOk.set(c.seq, ok);
    if (!ok) {
      anchorFailures++;
      failing.add(c.seq);
      cBreaks.push({ kind: 'closing', seq: c.seq, reason: REASONS.anchor });
    }
  }

  // 4. Signatures: closings, then movements not covered by a valid signed anchor.
  const cSigs = await signaturesOf(closings, verifiers);
  let sigFailures = 0;
  let unknownKeys = 0;
  closings.forEach((c, i) => {
    if (cSigs[i] === 'ok') return;
    if (cSigs[i] === 'unknown') unknownKeys++;
    else sigFailures++;
    failing.add(c.seq);
    cBreaks.push({
      kind: 'closing',
      seq: c.seq,
      reason: cSigs[i] === 'unknown' ? REASONS.unknownKey : REASONS.signature,
    });
  });
  const firstMovementBreak = Math.min(...mBreaks.map((b) => b.seq), Number.POSITIVE_INFINITY);
  let coveredUpTo = 0;
  if (input.signatures !== 'all')
    closings.forEach((c, i) => {
      if (cSigs[i] === 'ok' && anchorOk.get(c.seq) && cHashes[i] === c.hash && c.anchorSeq < firstMovementBreak)
        coveredUpTo = Math.max(coveredUpTo, c.anchorSeq);
    });
  const toSign = movements.filter((m) => m.seq > coveredUpTo);
  const mSigs = await signaturesOf(toSign, verifiers);
  toSign.forEach((m, i) => {
    if (mSigs[i] === 'ok') return;
    if (mSigs[i] === 'unknown') unknownKeys++;
    else sigFailures++;
    mBreaks.push({
      kind: 'movement',
      seq: m.seq,
      reason: mSigs[i] === 'unknown' ? REASONS.unknownKey : REASONS.signature,
    });
  });

  // 5. Totals and the perpetual grand total.
  const byDay = new Map<string, MovementRecord[]>();
  for (const m of movements) {
    const list = byDay.get(m.day);
    if (list) list.push(m);
    else byDay.set(m.day, [m]);
  }
  const totalsOf = new Map<string, DayTotals>();
  const dayTotalsOf = (day: string) => {
    let t = totalsOf.get(day);
    if (!t) totalsOf.set(day, (t = dayTotals(byDay.get(day) ?? [])));
    return t;
  };
  const complete = closings[0]?.seq === 1;
  let totalFailures = 0;
  let prevJ: ClosingRecord | null = null;
  const js: ClosingRecord[] = [];
  for (const c of closings) {
    let ok = true;
    if (c.closingKind === 'J') {
      const t = dayTotalsOf(c.periodStart);
      ok =
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
          c.balanceInitialCents === prevJ.balanceFinalCents &&
          c.grandTotalCents === prevJ.grandTotalCents + c.salesCents;
      else if (complete) ok &&= c.balanceInitialCents === 0 && c.grandTotalCents === c.salesCents;
      prevJ = c;
      js.push(c);
    } else {
      const covered = complete || (input.period.dateStart !== null && c.periodStart >= input.period.dateStart);
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
    }
    if (!ok) {
      totalFailures++;
      failing.add(c.seq);
      cBreaks.push({ kind: 'closing', seq: c.seq, reason: REASONS.totals });
    }
  }

  // Report.
  const firstBreak =
    [...mBreaks].sort((a, b) => a.seq - b.seq)[0] ?? [...cBreaks].sort((a, b) => a.seq - b.seq)[0] ?? null;
  const chainOk = badLinks === 0;
  const sequenceOk = gaps === 0;
  const signaturesOk = sigFailures === 0 && unknownKeys === 0;
  const anchorsOk = anchorFailures === 0;
  const totalsOk = totalFailures === 0;
  const ok = chainOk && sequenceOk && signaturesOk && anchorsOk && totalsOk;
  const n = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;
  const covered = movements.length - toSign.length;
  const failingClosings = [...failing].sort((a, b) => a - b);
  const edge = (m: MovementRecord | undefined) => (m ? { seq: m.seq, hash: m.hash, at: m.at } : null);
  return {
    ok,
    checkedAt: input.checkedAt,
    period: input.period,
    movements: { count: movements.length, first: edge(movements[0]), last: edge(last) },
    closings: { count: closings.length },
    checks: {
      chain: {
        ok: chainOk,
        detail: chainOk
          ? `${n(movements.length + closings.length, 'empreinte recalculée', 'empreintes recalculées')} : chaîne intacte.`
          : `${n(badLinks, 'empreinte ne correspond', 'empreintes ne correspondent')} pas.`,
      },
      sequence: {
        ok: sequenceOk,
        detail: sequenceOk
          ? movements.length
            ? `Séquence continue du n° ${movements[0].seq} au n° ${lastSeq}.`
            : 'Aucun mouvement sur la période.'
          : `${n(gaps, 'rupture', 'ruptures')} de séquence : des enregistrements manquent.`,
      },
      signatures: {
        ok: signaturesOk,
        detail: signaturesOk
          ? `${n(closings.length + toSign.length, 'signature vérifiée', 'signatures vérifiées')}` +
            (covered > 0
              ? ` ; ${n(covered, 'mouvement couvert', 'mouvements couverts')} par la signature de la clôture qui l’ancre.`
              : '.')
          : `${n(sigFailures + unknownKeys, 'signature invalide', 'signatures invalides')}.`,
      },
      anchors: {
        ok: anchorsOk,
        detail: anchorsOk
          ? `${n(closings.length, 'clôture ancrée', 'clôtures ancrées')} à la chaîne des mouvements.`
          : `${n(anchorFailures, 'clôture n’est plus ancrée', 'clôtures ne sont plus ancrées')} à la chaîne des mouvements.`,
      },
      totals: {
        ok: totalsOk,
        detail: totalsOk
          ? 'Totaux des clôtures et grand total perpétuel recalculés : conformes.'
          : `${n(totalFailures, 'clôture a des totaux', 'clôtures ont des totaux')} qui ne correspondent plus aux mouvements.`,
      },
    },
    firstBreak,
    failingClosings,
    publicKey: { fingerprint: input.currentKey.fingerprint, jwk: { ...input.currentKey.jwk } },
    conclusion: ok
      ? INTACT_CONCLUSION
      : `Chaîne rompue : ${firstBreak ? describe(firstBreak, movements, closings) : 'voir le détail des contrôles'}.` +
        (failingClosings.length ? ` ${n(failingClosings.length, 'clôture en échec', 'clôtures en échec')}.` : ''),
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
