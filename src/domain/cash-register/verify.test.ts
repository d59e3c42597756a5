import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, linkInput, movementCanonical, type MovementFields } from './canonical';
import {
  linkClosing,
  linkMovement,
  signHead,
  type ClosingRecord,
  type MovementRecord,
  type RegisterHead,
  type Signer,
} from './chain';
import { bytesToBase64url, keyFingerprint, sha256hex, type PublicJwk } from './crypto';
import { dayTotals } from './journal';
import { plannedClosings } from './closings';
import { INTACT_CONCLUSION, verifyChain } from './verify';

// The attacks of modules-stack-notes B.3 on a chain built with WebCrypto keys (as in a browser).
const REGISTER = '7d0f5a52-6c43-4a39-9f0b-2a4f1c7e8b11';

async function keyPair() {
  type Key = Parameters<typeof crypto.subtle.exportKey>[1];
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as {
    publicKey: Key;
    privateKey: Key;
  };
  const jwk = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as PublicJwk;
  const fingerprint = await keyFingerprint(jwk);
  const signer: Signer = {
    keyId: fingerprint,
    sha256hex,
    sign: async (hash) =>
      bytesToBase64url(
        new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, new TextEncoder().encode(hash))),
      ),
  };
  return { jwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x } as PublicJwk, fingerprint, signer };
}

/** Ten days of six movements, each closed (J, and M at the month's end). */
async function build(signer: Signer) {
  const movements: MovementRecord[] = [];
  const closings: ClosingRecord[] = [];
  let head = GENESIS_HASH;
  let cHead = GENESIS_HASH;
  let balance = 0;
  let grand = 0;
  let prevDay: string | null = null;
  const js: ClosingRecord[] = [];
  for (let d = 0; d < 10; d++) {
    const day = `2026-11-${String(21 + d).padStart(2, '0')}`.replace('2026-11-31', '2026-12-01');
    const fields: Array<Omit<MovementFields, 'seq'>> = [
      ['vente-5.5', 30_000 + d],
      ['vente-20', 5_000],
      ['encaissement-especes', 15_000],
      ['encaissement-carte', 20_000 + d],
      ['depense-especes', 1_200],
      ['remise-banque', 10_000],
    ].map(([typeCode, amountCents], i) => ({
      uuid: `00000000-0000-4000-8000-${String(d * 10 + i).padStart(12, '0')}`,
      day,
      at: `${day}T17:00:0${i}.000Z`,
      typeCode: typeCode as string,
      linked: null,
      amountCents: amountCents as number,
      label: i === 0 ? 'Pain et viennoiseries' : 'Ligne',
      userId: 7,
      receiptSha256: null,
    }));
    const dayRecords: MovementRecord[] = [];
    for (const f of fields) {
      const rec = await linkMovement(REGISTER, head, { ...f, seq: movements.length + 1 }, signer);
      movements.push(rec);
      dayRecords.push(rec);
      head = rec.hash;
    }
    const t = dayTotals(dayRecords);
    for (const p of plannedClosings(day, prevDay)) {
      const inPeriod = js.filter((j) => j.periodStart >= p.periodStart && j.periodStart <= p.periodEnd);
      const sum = (f: (j: ClosingRecord) => number) => inPeriod.reduce((s, j) => s + f(j), 0);
      if (p.kind === 'J') grand += t.salesCents;
      const rec = await linkClosing(
        REGISTER,
        cHead,
        {
          seq: closings.length + 1,
          closingKind: p.kind,
          periodStart: p.periodStart,
          periodEnd: p.periodEnd,
          anchorSeq: movements.length,
          anchorHash: head,
          grandTotalCents: grand,
          at: `${day}T19:00:00.000Z`,
          userId: 7,
          ...(p.kind === 'J'
            ? {
                movementCount: t.count,
                inflowCents: t.inflowCents,
                outflowCents: t.outflowCents,
                salesCents: t.salesCents,
                balanceInitialCents: balance,
                balanceFinalCents: balance + t.inflowCents - t.outflowCents,
                countedCents: balance + t.inflowCents - t.outflowCents,
                differenceCents: 0,
              }
            : {
                movementCount: sum((j) => j.movementCount),
                inflowCents: sum((j) => j.inflowCents),
                outflowCents: sum((j) => j.outflowCents),
                salesCents: sum((j) => j.salesCents),
                balanceInitialCents: inPeriod[0].balanceInitialCents,
                balanceFinalCents: inPeriod.at(-1)!.balanceFinalCents,
                countedCents: null,
                differenceCents: 0,
              }),
        },
        signer,
      );
      closings.push(rec);
      cHead = rec.hash;
      if (p.kind === 'J') {
        js.push(rec);
        balance = rec.balanceFinalCents;
      }
    }
    prevDay = day;
  }
  return { movements, closings };
}

describe('the chain’s verification (server, browser and archive alike)', async () => {
  const key = await keyPair();
  const built = await build(key.signer);
  const check = (movements: MovementRecord[], closings: ClosingRecord[], signatures: 'all' | 'anchored' = 'anchored') =>
    verifyChain({
      registerUuid: REGISTER,
      movements,
      closings,
      keys: { [key.fingerprint]: key.jwk },
      currentKey: { fingerprint: key.fingerprint, jwk: key.jwk },
      period: { dateStart: null, dateEnd: null },
      checkedAt: '2026-12-02T08:00:00.000Z',
      signatures,
    });

  it('an intact chain verifies, with the legal wording', async () => {
    const report = await check(built.movements, built.closings, 'all');
    expect(report.ok).toBe(true);
    expect(report.conclusion).toBe(INTACT_CONCLUSION);
    expect(report.movements).toMatchObject({ count: 60, first: { seq: 1 }, last: { seq: 60 } });
    expect(report.closings.count).toBe(11);
    expect(report.publicKey.fingerprint).toBe(key.fingerprint);
  });

  it('an amount changed: first break at that movement, the closings after it fail', async () => {
    const movements = built.movements.map((m) => (m.seq === 23 ? { ...m, amountCents: m.amountCents + 100 } : m));
    const report = await check(movements, built.closings);
    expect(report.ok).toBe(false);
    expect(report.firstBreak).toMatchObject({ kind: 'movement', seq: 23 });
    expect(report.checks.totals.ok).toBe(false);
    expect(report.failingClosings).toContain(4);
    expect(report.conclusion).toContain('mouvement n° 23 du 24/11/2026');
  });

  it('a movement deleted: a gap names the next one, and a closing loses its anchor when its last movement goes', async () => {
    const report = await check(
      built.movements.filter((m) => m.seq !== 30),
      built.closings,
    );
    expect(report.firstBreak).toMatchObject({ kind: 'movement', seq: 31 });
    expect(report.checks.sequence.ok).toBe(false);
    expect(report.checks.anchors.ok).toBe(false);
    expect(report.failingClosings.length).toBeGreaterThan(0);
    const tail = await verifyChain({
      registerUuid: REGISTER,
      movements: built.movements.slice(0, -1),
      closings: built.closings,
      keys: { [key.fingerprint]: key.jwk },
      currentKey: { fingerprint: key.fingerprint, jwk: key.jwk },
      period: { dateStart: null, dateEnd: null },
      checkedAt: 'x',
      expectedLast: { seq: 60, hash: built.movements[59].hash },
    });
    expect(tail.ok).toBe(false);
  });

  it('an amount changed and the chain re-hashed without the key: signatures and anchors fail', async () => {
    const attacker = await keyPair();
    const forged: MovementRecord[] = [];
    let prev = GENESIS_HASH;
    for (const m of built.movements) {
      const changed = m.seq === 23 ? { ...m, amountCents: 1 } : m;
      const hash = await sha256hex(linkInput(prev, movementCanonical(REGISTER, changed)));
      forged.push({
        ...changed,
        prevHash: prev,
        hash,
        signature: m.seq >= 23 ? await attacker.signer.sign(hash) : m.signature,
      });
      prev = hash;
    }
    const report = await check(forged, built.closings);
    expect(report.checks.chain.ok).toBe(true);
    expect(report.checks.signatures.ok).toBe(false);
    expect(report.checks.anchors.ok).toBe(false);
    expect(report.firstBreak).toMatchObject({ kind: 'movement', seq: 23 });
  });

  it('a label stored decomposed (e + U+0301) still verifies (NFC)', async () => {
    const accent = { ...built.movements[0], label: 'Cafe\u0301 et pâtisserie' };
    const nfc = await linkMovement(REGISTER, GENESIS_HASH, { ...accent, label: 'Café et pâtisserie' }, key.signer);
    const stored = { ...nfc, label: 'Cafe\u0301 et pâtisserie' };
    const report = await check([stored], [], 'all');
    expect(report.ok).toBe(true);
  });
});

describe('the register’s signed head and the derived day totals (decision 077)', async () => {
  const key = await keyPair();
  const built = await build(key.signer);
  const last = (n: number) => built.movements[n - 1]!;
  const closing = built.closings.at(-1)!;
  const headAt = (seq: number) => ({
    seq,
    hash: last(seq).hash,
    closingSeq: closing.seq,
    closingHash: closing.hash,
  });
  const check = (
    movements: MovementRecord[],
    head: RegisterHead,
    more: Partial<Parameters<typeof verifyChain>[0]> = {},
  ) =>
    verifyChain({
      registerUuid: REGISTER,
      movements,
      closings: built.closings,
      keys: { [key.fingerprint]: key.jwk },
      currentKey: { fingerprint: key.fingerprint, jwk: key.jwk },
      period: { dateStart: null, dateEnd: null },
      checkedAt: '2026-12-02T08:00:00.000Z',
      head,
      wholeChains: true,
      ...more,
    });

  it('a head signed with the installation’s key verifies', async () => {
    const report = await check(built.movements, await signHead(REGISTER, headAt(60), key.signer));
    expect(report.ok).toBe(true);
    expect(report.checks.head).toEqual({ ok: true, detail: 'Tête signée (mouvement n° 60, clôture n° 11).' });
  });

  it('a tail deleted and the head moved back onto it, keeping the old signature: the signature fails', async () => {
    const signed = await signHead(REGISTER, headAt(60), key.signer);
    const rewound = { ...signed, ...headAt(54) };
    const report = await check(built.movements.slice(0, 54), rewound);
    expect(report.ok).toBe(false);
    expect(report.checks.chain.ok).toBe(true);
    expect(report.checks.head!.detail).toMatch(
      /^La signature de la tête de la caisse \(mouvement n° 54, clôture n° 11\) n’est pas valide/,
    );
  });

  it('a record’s own signature cannot stand for the head’s (its own tag), nor can another key’s', async () => {
    const borrowed = { ...headAt(54), signature: last(54).signature, keyId: key.fingerprint };
    expect((await check(built.movements.slice(0, 54), borrowed)).checks.head!.ok).toBe(false);
    const attacker = await keyPair();
    const forged = await signHead(REGISTER, headAt(54), attacker.signer);
    expect((await check(built.movements.slice(0, 54), forged)).checks.head!.detail).toContain('nomme une clé inconnue');
  });

  it('a head behind stored records, or naming a record that is not there, is named', async () => {
    const behind = await check(built.movements, await signHead(REGISTER, headAt(54), key.signer));
    expect(behind.checks.head!.detail).toMatch(
      /^Le mouvement n° 60 est enregistré et signé au-delà de la tête \(n° 54\) : la tête a été reculée ; la clôture n° 10 ancre le mouvement n° 60/,
    );
    const period = await check(built.movements.slice(0, 30), await signHead(REGISTER, headAt(54), key.signer), {
      wholeChains: false,
      stored: { movementSeq: 60, closingSeq: 11 },
    });
    expect(period.checks.head!.ok).toBe(false);
    const missing = await check(built.movements.slice(0, 59), await signHead(REGISTER, headAt(60), key.signer));
    expect(missing.checks.head!.detail).toContain('mouvement n° 60 de la tête est absent ou modifié');
  });

  it('derived day totals that differ from the movements are named by day and type', async () => {
    const head = await signHead(REGISTER, headAt(60), key.signer);
    const totals = built.movements.map((m) => ({
      day: m.day,
      typeCode: m.typeCode,
      amountCents: m.amountCents,
      count: 1,
    }));
    expect((await check(built.movements, head, { dayTotals: totals })).checks.dayTotals).toEqual({
      ok: true,
      detail: 'Totaux des tableaux de bord recalculés sur 10 jours : conformes aux mouvements.',
    });
    const changed = totals.map((t, i) => (i === 6 ? { ...t, amountCents: t.amountCents + 1 } : t));
    const report = await check(built.movements, head, { dayTotals: changed });
    expect(report.ok).toBe(false);
    expect(report.checks.dayTotals!.detail).toBe(
      'Un total diffère des mouvements : 22/11/2026, « Ventes TVA 5,5 % » : 300,02\u00a0€ (1 mouvement) dans les totaux des tableaux de bord, 300,01\u00a0€ (1 mouvement) d’après les mouvements.',
    );
  });
});
