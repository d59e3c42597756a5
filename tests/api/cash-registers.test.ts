import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInParis } from '../../src/domain/dates';
import { unzipSync, strFromU8, zipSync } from 'fflate';
import {
  INTACT_CONCLUSION,
  linkInput,
  movementCanonical,
  verifyArchive,
  verifyChain,
} from '../../src/domain/cash-register/index';
import { memberships } from '../../server/src/db/schema/index';
import { createRegister } from '../../server/src/modules/cash-registers/service';
import { MARTIN } from '../support/invoice-helpers';
import { upload, uploadForm } from '../support/uploads';
import { useTestServer } from '../support/use-test-server';
import { createHash } from 'node:crypto';

// Decision 037: cash registers. Each scenario works on a register of its own, created in
// the test's copy of the seeded database, with the server's clock set where the scenario needs it.

const CLOSED = 'Cette journée est clôturée : saisissez un mouvement correctif sur une journée ouverte.';
const CAFE = 'Café des Arts';

const ctx = useTestServer();
let company: number;
beforeAll(() => void (company = ctx.company(MARTIN)));

const api = () => ctx.server.api;
const opts = (over: Record<string, unknown> = {}) => ({ token: ctx.demo, company, ...over });
const at = (day: string) => new Date(`${day}T10:00:00.000Z`);

/** A new register of the bakery with its types: { uuid, id, type(code) → id }. */
async function fresh(companyId = company) {
  const { register, types } = await createRegister(ctx.server.deps.db, companyId, {
    label: `Test ${randomUUID().slice(0, 6)}`,
    createdAt: ctx.server.deps.now(),
  });
  return { uuid: register.uuid, id: register.id, type: (code: string) => types.find((t) => t.code === code)!.id };
}
type Reg = Awaited<ReturnType<typeof fresh>>;

const mv = (idTypeMouv: number, amount: number, over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  idTypeMouv,
  amount,
  ...over,
});
const put = (reg: Reg, day: string, movements: unknown[], o: Record<string, unknown> = {}) =>
  api().put(`/api/sales-register/${reg.uuid}/days/${day}`, { movements }, opts(o));
const close = (reg: Reg, day: string, total: number, detail: Record<string, number> | null = null) =>
  api().put(`/api/sales-register/${reg.uuid}/days/${day}/close`, { closed: true, counted: { total, detail } }, opts());
const verify = (reg: Reg, query = '') => api().get(`/api/sales-register/${reg.uuid}/verify${query}`, opts());

/** A register with three closed days and a fourth open, the clock on that fourth day. */
async function withDays(base = '2026-03-02') {
  const reg = await fresh();
  const days = [base, addDays(base, 1), addDays(base, 2), addDays(base, 3)];
  ctx.server.setNow(at(days[3]));
  for (const [i, day] of days.entries()) {
    const res = await put(reg, day, [
      ...(i === 0 ? [mv(reg.type('fond-de-caisse'), 150)] : []),
      mv(reg.type('vente-5.5'), 300 + i),
      mv(reg.type('vente-20'), 100),
      mv(reg.type('encaissement-especes'), 120.5),
      mv(reg.type('encaissement-carte'), 279.5 + i),
      mv(reg.type('depense-especes'), 10),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (i < 3) expect((await close(reg, day, res.body.registerDetails.balanceFinal)).status).toBe(200);
  }
  return { reg, days };
}

describe('cash registers: reading', () => {
  it('lists the bakery’s seeded registers with today, links and a grand total; types by register', async () => {
    ctx.server.setNow(null);
    const res = await api().get('/api/sales-register', opts());
    expect(res.status).toBe(200);
    const counter = res.body.find((r: any) => r.label === 'Caisse comptoir');
    expect(counter.today.day).toBe(todayInParis(new Date()));
    expect(counter.grandTotal).toBeGreaterThan(100_000);
    expect(counter.links.verify).toBe(`/api/sales-register/${counter.uuid}/verify`);
    const types = await api().get(counter.links.typeOfMovement, opts());
    expect(types.status).toBe(200);
    expect(types.body.map((t: any) => t.label)).toContain('Remise en banque');
    const history = await api().get(
      `${counter.links.history}?dateStart=${addDays(counter.today.day, -40)}&dateEnd=${counter.today.day}`,
      opts(),
    );
    expect(history.status).toBe(200);
    expect(history.body.days.length).toBeGreaterThan(20);
    const closedDay = history.body.days.find((d: any) => d.registerDetails.closed);
    expect(closedDay.links).toEqual({ update: null, close: null });
    // The seeded chain verifies (real hashes and signatures).
    const report = await api().get(counter.links.verify, opts());
    expect(report.body.ok, JSON.stringify(report.body.checks)).toBe(true);
    expect(report.body.conclusion).toBe(INTACT_CONCLUSION);
  });

  it('another company’s register is not found (404), and its own list does not show it', async () => {
    const cafe = await fresh(ctx.company(CAFE));
    for (const path of [`/api/sales-register/${cafe.uuid}/verify`, `/api/sales-register/${cafe.id}/type-of-movement`])
      expect((await api().get(path, opts())).status, path).toBe(404);
    expect((await put(cafe, todayInParis(new Date()), [mv(cafe.type('vente-20'), 1)])).status).toBe(404);
    const list = await api().get('/api/sales-register', opts());
    expect(list.body.map((r: any) => r.uuid)).not.toContain(cafe.uuid);
  });
});

describe('cash registers: the day’s journal', () => {
  it('balance rule: balanceInitial is the previous day’s balanceFinal; final = initial + cash in − cash out', async () => {
    const { reg, days } = await withDays();
    const res = await api().get(
      `/api/sales-register/${reg.uuid}/history?dateStart=${days[0]}&dateEnd=${days[3]}`,
      opts(),
    );
    const d = res.body.days;
    expect(d.map((j: any) => j.day)).toEqual(days);
    expect(d[0].registerDetails).toMatchObject({
      closed: true,
      balanceInitial: 0,
      inflow: 270.5,
      outflow: 10,
      balanceFinal: 260.5,
    });
    for (let i = 1; i < 4; i++) {
      expect(d[i].registerDetails.balanceInitial).toBe(d[i - 1].registerDetails.balanceFinal);
      expect(d[i].registerDetails.balanceFinal).toBe(d[i].registerDetails.balanceInitial + 120.5 - 10);
    }
    expect(d[3].registerDetails.closed).toBe(false);
    expect(d[3].links.update).toBe(`/api/sales-register/${reg.uuid}/days/${days[3]}`);
    expect(d[3].salesByVatRate).toEqual(
      expect.arrayContaining([
        { vatRate: 5.5, amount: 303 },
        { vatRate: 20, amount: 100 },
      ]),
    );
  });

  it('a closed day refuses every write with 409, nothing stored; a correction on an open day keeps the original', async () => {
    const { reg, days } = await withDays('2026-04-06');
    const before = await api().get(`/api/sales-register/${reg.uuid}/chain`, opts());
    for (const day of [days[1], addDays(days[0], -1)]) {
      const res = await put(reg, day, [mv(reg.type('vente-20'), 5)]);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(CLOSED);
    }
    expect((await close(reg, days[1], 1)).status).toBe(409);
    const original = (
      await api().get(`/api/sales-register/${reg.uuid}/history?dateStart=${days[1]}&dateEnd=${days[1]}`, opts())
    ).body.days[0].sales[0];
    const fix = await put(reg, days[3], [
      mv(original.idTypeMouv, -50, { idTypeMouvLie: original.id, label: 'Correction' }),
    ]);
    expect(fix.status).toBe(200);
    expect(fix.body.sales.at(-1)).toMatchObject({ amount: -50, idTypeMouvLie: original.id });
    const after = await api().get(`/api/sales-register/${reg.uuid}/chain`, opts());
    expect(after.body.records.length).toBe(before.body.records.length + 1);
    const again = (
      await api().get(`/api/sales-register/${reg.uuid}/history?dateStart=${days[1]}&dateEnd=${days[1]}`, opts())
    ).body.days[0];
    expect(again.sales[0]).toEqual(original);
    // A negative amount without the original named, a correction of another type: refused.
    const bad = await put(reg, days[3], [mv(reg.type('vente-20'), -5)]);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('movements[0].amount');
    const missing = await put(reg, days[3], [mv(reg.type('vente-20'), -5, { idTypeMouvLie: randomUUID() })]);
    expect(missing.status).toBe(404);
  });

  it('bad amounts, unknown types, a future day: 422 naming the field, nothing stored', async () => {
    const reg = await fresh();
    const today = todayInParis(new Date());
    ctx.server.setNow(null);
    const cases: Array<[unknown, string]> = [
      [12.345, 'movements[0].amount'],
      [0, 'movements[0].amount'],
      [-3, 'movements[0].amount'],
    ];
    for (const [amount, field] of cases) {
      const res = await put(reg, today, [mv(reg.type('vente-10'), amount as number)]);
      expect(res.status, String(amount)).toBe(422);
      expect(res.body.message).toContain(field);
      expect(res.body.field).toBe(field);
    }
    const typeless = await put(reg, today, [mv(reg.type('vente-10'), 1), mv(999_999, 1)]);
    expect(typeless.status).toBe(422);
    expect(typeless.body.field).toBe('movements[1].idTypeMouv');
    const future = await put(reg, addDays(today, 1), [mv(reg.type('vente-10'), 1)]);
    expect(future.status).toBe(422);
    expect((await close(reg, addDays(today, 1), 0)).status).toBe(422);
    const chain = await api().get(`/api/sales-register/${reg.uuid}/chain`, opts());
    expect(chain.body.records).toEqual([]);
  });

  it('closing: an earlier open day blocks (409 naming it), the count records the écart, and a replay stores once', async () => {
    const reg = await fresh();
    const [d1, d2] = ['2026-05-12', '2026-05-13'];
    ctx.server.setNow(at(d2));
    await put(reg, d1, [mv(reg.type('fond-de-caisse'), 100), mv(reg.type('encaissement-especes'), 50)]);
    await put(reg, d2, [mv(reg.type('encaissement-especes'), 20)]);
    const early = await close(reg, d2, 170);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('La journée du 12/05/2026 n’est pas clôturée : clôturez-la d’abord.');
    const closed = await close(reg, d1, 147.5);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      difference: -2.5,
      counted: { total: 147.5 },
      links: { update: null, close: null },
    });
    expect(closed.body.summary[0]).toMatchObject({ amount: -2.5, label: 'Écart de caisse' });
    expect(closed.body.registerDetails.balanceFinal).toBe(147.5);
    expect((await close(reg, d1, 147.5)).status).toBe(409);
    // The same movement twice (a replayed outbox item), and the same Idempotency-Key: one record.
    const same = mv(reg.type('vente-20'), 20);
    const key = `cash-${randomUUID()}`;
    const first = await put(reg, d2, [same], { idempotencyKey: key });
    const replay = await put(reg, d2, [same], { idempotencyKey: key });
    const other = await put(reg, d2, [same]);
    expect([first.status, replay.status, other.status]).toEqual([200, 200, 200]);
    expect(replay.body).toEqual(first.body);
    expect(other.body.sales).toHaveLength(1);
    const detail = await close(reg, d2, 167.5, { '50': 3, '10': 1, '5': 1, '2': 1, '0.5': 1 });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.difference).toBe(0);
    expect(detail.body.counted.detail).toEqual({ '50': 3, '10': 1, '5': 1, '2': 1, '0.5': 1 });
  });
});

describe('cash registers: rights', () => {
  it('view reads, edit writes; without mesCaisses nothing', async () => {
    const reg = await fresh();
    ctx.server.setNow(null);
    const where = and(eq(memberships.userId, ctx.server.seed!.demoUserId), eq(memberships.companyId, company));
    const [row] = await ctx.server.deps.db.select().from(memberships).where(where);
    const set = (permissions: string[] | null) =>
      ctx.server.deps.db
        .update(memberships)
        .set({
          appRights: [
            ...row.appRights.filter((r) => r.label !== 'mesCaisses'),
            ...(permissions ? [{ label: 'mesCaisses', permissions: permissions as never, children: [] }] : []),
          ],
        })
        .where(where);
    try {
      await set(['view']);
      expect((await api().get('/api/sales-register', opts())).status).toBe(200);
      expect((await put(reg, todayInParis(new Date()), [mv(reg.type('vente-20'), 1)])).status).toBe(403);
      expect((await close(reg, todayInParis(new Date()), 0)).status).toBe(403);
      await set(null);
      expect((await api().get('/api/sales-register', opts())).status).toBe(403);
      expect((await verify(reg)).status).toBe(403);
    } finally {
      await ctx.server.deps.db.update(memberships).set({ appRights: row.appRights }).where(where);
    }
  });
});

describe('cash registers: monthly and yearly closings, grand total', () => {
  it('the last day of a month closes the month, the 31/12 the year; a month ending on closed days is closed by the next closing', async () => {
    const reg = await fresh();
    ctx.server.setNow(at('2026-02-02'));
    const day = async (d: string, sales: number) => {
      expect(
        (await put(reg, d, [mv(reg.type('vente-10'), sales), mv(reg.type('encaissement-carte'), sales)])).status,
      ).toBe(200);
      expect((await close(reg, d, 0)).status).toBe(200);
    };
    await day('2025-12-30', 100);
    await day('2025-12-31', 200);
    await day('2026-01-29', 50); // the 30th and 31st had no activity
    await day('2026-02-01', 25);
    const chain = await api().get(`/api/sales-register/${reg.uuid}/chain`, opts());
    const closings = chain.body.records.filter((r: any) => r.closingKind);
    expect(closings.map((c: any) => `${c.closingKind} ${c.periodStart} ${c.grandTotalCents}`)).toEqual([
      'J 2025-12-30 10000',
      'J 2025-12-31 30000',
      'M 2025-12-01 30000',
      'A 2025-01-01 30000',
      'J 2026-01-29 35000',
      'M 2026-01-01 35000',
      'J 2026-02-01 37500',
    ]);
    expect(closings[2]).toMatchObject({ salesCents: 30000, movementCount: 4, periodEnd: '2025-12-31' });
    expect(closings[3]).toMatchObject({ salesCents: 30000, periodEnd: '2025-12-31' });
    expect(closings[5]).toMatchObject({ salesCents: 5000, periodEnd: '2026-01-31' });
    const list = await api().get('/api/sales-register', opts());
    expect(list.body.find((r: any) => r.uuid === reg.uuid).grandTotal).toBe(375);
    expect((await verify(reg)).body.ok).toBe(true);
  });
});

describe('cash registers: tamper evidence (server and the browser’s code)', () => {
  const raw = (q: string) => ctx.server.deps.db.execute(sql.raw(q));
  const bypass = async (table: string, q: string) => {
    await raw(`alter table ${table} disable trigger user`);
    try {
      await raw(q);
    } finally {
      await raw(`alter table ${table} enable trigger user`);
    }
  };
  /** The browser's check: the chain's records verified by the rulebook with every signature. */
  async function browserCheck(reg: Reg) {
    const chain = (await api().get(`/api/sales-register/${reg.uuid}/chain`, opts())).body;
    const keys = chain.publicKeys;
    return verifyChain({
      registerUuid: reg.uuid,
      movements: chain.records.filter((r: any) => 'typeCode' in r),
      closings: chain.records.filter((r: any) => 'closingKind' in r),
      keys,
      currentKey: { fingerprint: Object.keys(keys)[0], jwk: Object.values(keys)[0] as never },
      period: { dateStart: null, dateEnd: null },
      checkedAt: new Date().toISOString(),
      signatures: 'all',
    });
  }

  it('the database refuses UPDATE, DELETE and TRUNCATE of movements and closings (42501)', async () => {
    const { reg } = await withDays('2026-06-01');
    for (const q of [
      `update cash_movements set amount_cents = 1 where register_id = ${reg.id}`,
      `delete from cash_closings where register_id = ${reg.id}`,
      'truncate cash_movements cascade',
    ])
      await expect(raw(q), q).rejects.toMatchObject({ cause: expect.objectContaining({ code: '42501' }) });
  });

  it('an amount changed: verify names the record and the closings whose totals fail', async () => {
    const { reg } = await withDays('2026-06-08');
    expect((await verify(reg)).body.ok).toBe(true);
    await bypass(
      'cash_movements',
      `update cash_movements set amount_cents = amount_cents + 100 where register_id = ${reg.id} and seq = 3`,
    );
    const report = (await verify(reg)).body;
    expect(report.ok).toBe(false);
    expect(report.firstBreak).toMatchObject({ kind: 'movement', seq: 3 });
    expect(report.checks.chain.ok).toBe(false);
    expect(report.failingClosings).toContain(1);
    expect(report.conclusion).toContain('mouvement n° 3');
    expect((await browserCheck(reg)).firstBreak).toMatchObject({ kind: 'movement', seq: 3 });
  });

  it('a record deleted: a gap in the sequence, the closing fails its anchor or totals', async () => {
    const { reg } = await withDays('2026-06-15');
    await bypass('cash_movements', `delete from cash_movements where register_id = ${reg.id} and seq = 8`);
    const report = (await verify(reg)).body;
    expect(report.checks.sequence.ok).toBe(false);
    expect(report.firstBreak).toMatchObject({ kind: 'movement', seq: 9 });
    expect(report.failingClosings.length).toBeGreaterThan(0);
    expect((await browserCheck(reg)).ok).toBe(false);
  });

  it('an amount changed and the whole chain re-hashed without the key: signatures and anchors fail', async () => {
    const { reg } = await withDays('2026-06-22');
    const rows = (
      await raw(`select *, day::text as day_text from cash_movements where register_id = ${reg.id} order by seq`)
    ).rows as any[];
    let prev = rows[0].prev_hash;
    await raw('alter table cash_movements disable trigger user');
    try {
      for (const r of rows) {
        const amount = Number(r.amount_cents) + (r.seq === 4 ? 1000 : 0);
        const canonical = movementCanonical(reg.uuid, {
          seq: r.seq,
          uuid: r.uuid,
          day: r.day_text,
          at: new Date(r.at).toISOString(),
          typeCode: r.type_code,
          linked: r.linked_uuid,
          amountCents: amount,
          label: r.label,
          userId: r.user_id,
          receiptSha256: r.receipt_sha256,
        });
        const hash = createHash('sha256').update(linkInput(prev, canonical)).digest('hex');
        await raw(
          `update cash_movements set amount_cents = ${amount}, prev_hash = '${prev}', hash = '${hash}' where register_id = ${reg.id} and seq = ${r.seq}`,
        );
        prev = hash;
      }
      await raw(`update cash_registers set last_hash = '${prev}' where id = ${reg.id}`);
    } finally {
      await raw('alter table cash_movements enable trigger user');
    }
    const report = (await verify(reg)).body;
    expect(report.ok).toBe(false);
    expect(report.checks.chain.ok).toBe(true);
    expect(report.checks.signatures.ok).toBe(false);
    expect(report.checks.anchors.ok).toBe(false);
    expect(report.firstBreak).toMatchObject({ kind: 'movement', seq: 4 });
    const browser = await browserCheck(reg);
    expect(browser.checks.signatures.ok).toBe(false);
  });
});

describe('cash registers: receipts and the archive', () => {
  it('a receipt photo is checked by content, kept and read back; another type is refused (415)', async () => {
    const reg = await fresh();
    ctx.server.setNow(null);
    const today = todayInParis(new Date());
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from(randomUUID()),
    ]);
    const receipt = (bytes: Buffer) => ({
      fileName: 'ticket.png',
      contentType: 'image/png',
      base64: bytes.toString('base64'),
    });
    const refused = await put(reg, today, [
      mv(reg.type('depense-especes'), 12, { receipt: receipt(Buffer.from('MZ not an image')) }),
    ]);
    expect(refused.status).toBe(415);
    const big = Buffer.concat([png, Buffer.alloc(4 * 1024 * 1024)]);
    const tooBig = await put(reg, today, [mv(reg.type('depense-especes'), 12, { receipt: receipt(big) })]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('Le justificatif « movements[0].receipt » dépasse 4 Mo.');
    const ok = await put(reg, today, [mv(reg.type('depense-especes'), 12, { receipt: receipt(png) })]);
    expect(ok.status).toBe(200);
    const link = ok.body.expenses[0].receipt.link;
    const file = await api().get(link, opts());
    expect(file.status).toBe(200);
    expect(Buffer.from(file.raw).equals(png)).toBe(true);

    // The same photo deposited in the inbox, then withdrawn: the store shares the bytes, and the
    // receipt still names them, so they stay.
    const deposited = await upload(api(), uploadForm([{ bytes: png, name: 'ticket.png', type: 'image/png' }], 43), {
      token: ctx.demo,
      company,
    });
    expect(deposited.status).toBe(201);
    const withdrawn = await api().delete(`/api/my-inbox/documents/${deposited.body.items[0].id}`, opts());
    expect(withdrawn.status).toBe(204);
    const again = await api().get(link, opts());
    expect(again.status).toBe(200);
    expect(Buffer.from(again.raw).equals(png)).toBe(true);
  });
});

describe('cash registers: archive', () => {
  it('a period’s zip holds the chain, CSV, keys, a signed manifest and a LISEZMOI; it verifies offline, and not once altered', async () => {
    const { reg, days } = await withDays('2026-07-06');
    const res = await api().get(
      `/api/sales-register/${reg.uuid}/archive?dateStart=${days[0]}&dateEnd=${days[3]}`,
      opts(),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.raw));
    expect(Object.keys(files).sort()).toEqual(
      [
        'LISEZMOI.txt',
        'chaine.json',
        'cles-publiques.json',
        'clotures.csv',
        'manifeste.json',
        'manifeste.sig',
        'mouvements.csv',
      ].sort(),
    );
    expect(strFromU8(files['LISEZMOI.txt'])).toContain('npm run verify-cash-archive');
    expect(strFromU8(files['LISEZMOI.txt'])).not.toMatch(/certifié NF525 par|est certifié/);
    expect(strFromU8(files['mouvements.csv']).split('\r\n').length).toBeGreaterThan(20);
    const check = await verifyArchive(files, new Date());
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    expect(check.report!.closings.count).toBe(3);
    // One amount changed in the chain: the manifest and the chain both say so.
    const chain = JSON.parse(strFromU8(files['chaine.json']));
    chain.movements[2].amountCents += 1;
    const altered = { ...files, 'chaine.json': new TextEncoder().encode(JSON.stringify(chain)) };
    const bad = await verifyArchive(unzipSync(zipSync(altered)), new Date());
    expect(bad.ok).toBe(false);
    expect(bad.problems).toContain('Le fichier chaine.json a été modifié.');
    expect(bad.report!.firstBreak).toMatchObject({ kind: 'movement', seq: 3 });
  });
});

describe('cash registers: dashboards', () => {
  it('sales per day and month with last year, revenues by means of payment, cash at stake, monthly result', async () => {
    const reg = await fresh();
    ctx.server.setNow(at('2026-08-04'));
    const q = `?dateStart=2026-08-01&dateEnd=2026-08-04&register=${reg.uuid}`;
    await put(reg, '2025-08-03', [mv(reg.type('vente-20'), 120)]);
    await close(reg, '2025-08-03', 0);
    await put(reg, '2026-08-03', [
      mv(reg.type('fond-de-caisse'), 100),
      mv(reg.type('vente-20'), 120),
      mv(reg.type('vente-5.5'), 211),
      mv(reg.type('encaissement-especes'), 200),
      mv(reg.type('encaissement-carte'), 131),
      mv(reg.type('depense-especes'), 20),
      mv(reg.type('remise-banque'), 150),
    ]);
    await close(reg, '2026-08-03', 125);
    await put(reg, '2026-08-04', [mv(reg.type('encaissement-especes'), 10)]);
    const sales = (await api().get(`/api/sales-register/dashboard/sales${q}`, opts())).body;
    expect(sales.days.find((d: any) => d.day === '2026-08-03')).toEqual({
      day: '2026-08-03',
      amount: 331,
      previousYear: 120,
    });
    expect(sales.months).toEqual([{ month: '2026-08', amount: 331, previousYear: 120 }]);
    expect([sales.total, sales.previousYearTotal]).toEqual([331, 120]);
    const revenues = (await api().get(`/api/sales-register/dashboard/revenues${q}`, opts())).body;
    expect(revenues.total).toBe(341);
    expect(revenues.byPaymentMethod).toContainEqual({ paymentMethod: 'especes', label: 'Espèces', amount: 210 });
    const stake = (await api().get(`/api/sales-register/dashboard/result-stake${q}`, opts())).body;
    expect(stake).toEqual({
      cashInDrawers: 135,
      bankDeposits: 150,
      cashExpenses: 20,
      differences: -5,
      differenceDays: 1,
      openDays: 1,
    });
    const monthly = (await api().get(`/api/sales-register/dashboard/result-monthly${q}`, opts())).body;
    expect(monthly.months).toEqual([{ month: '2026-08', salesExclTax: 300, expenses: 20, result: 280 }]);
    // Company-wide (no register): the seeded registers add up too.
    const all = await api().get('/api/sales-register/dashboard/sales?dateStart=2026-08-01&dateEnd=2026-08-04', opts());
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(331);
  });
});
