import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { CASH_MESSAGES, INTACT_CONCLUSION, verifyArchive } from '../../src/domain/cash-register/index';
import { addDays } from '../../src/domain/dates';
import { formatDate } from '../../src/domain/format';
import { createRegister } from '../../server/src/modules/cash-registers/service';
import { allowConsoleError } from '../support/console-guard';
import { MARTIN } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Decision 077, found by attack with access to the database: the open day's
// movements deleted and the register's head (cash_registers.last_seq / last_hash) rewound, or the
// dashboards' derived totals (cash_day_totals) changed, went unseen by GET …/verify. The head is now
// signed with every write; verify checks that signature, that no record lies beyond the head, and
// the derived totals against the movements, and says in French what differs.

const ctx = useTestServer();
let company: number;
beforeAll(() => void (company = ctx.company(MARTIN)));
const api = () => ctx.server.api;
const opts = () => ({ token: ctx.demo, company });
const raw = (q: string) => ctx.server.deps.db.execute(sql.raw(q));
/** What an attacker with the database does: the append-only triggers off, the rows changed, on again. */
async function bypass(...statements: string[]) {
  await raw('alter table cash_movements disable trigger user');
  await raw('alter table cash_closings disable trigger user');
  try {
    for (const q of statements) await raw(q);
  } finally {
    await raw('alter table cash_movements enable trigger user');
    await raw('alter table cash_closings enable trigger user');
  }
}

const mv = (idTypeMouv: number, amount: number) => ({ id: randomUUID(), idTypeMouv, amount });
const typeId = async (registerId: number, code: string) =>
  (
    (await raw(`select id from cash_movement_types where register_id = ${registerId} and code = '${code}'`))
      .rows[0] as { id: number }
  ).id;

/** A register with two closed days and a third, today, open with three movements. */
async function registerWithOpenDay(base: string) {
  const { register, types } = await createRegister(ctx.server.deps.db, company, {
    label: `Intégrité ${randomUUID().slice(0, 6)}`,
    createdAt: ctx.server.deps.now(),
  });
  const type = (code: string) => types.find((t) => t.code === code)!.id;
  const days = [base, addDays(base, 1), addDays(base, 2)];
  ctx.server.setNow(new Date(`${days[2]}T15:00:00.000Z`));
  for (const [i, day] of days.entries()) {
    const res = await api().put(
      `/api/sales-register/${register.uuid}/days/${day}`,
      {
        movements: [
          ...(i === 0 ? [mv(type('fond-de-caisse'), 150)] : []),
          mv(type('vente-5.5'), 200 + i),
          mv(type('encaissement-especes'), 80),
          mv(type('encaissement-carte'), 120 + i),
        ],
      },
      opts(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (i < 2) {
      const closed = await api().put(
        `/api/sales-register/${register.uuid}/days/${day}/close`,
        { closed: true, counted: { total: res.body.registerDetails.balanceFinal, detail: null } },
        opts(),
      );
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    }
  }
  const head = async () =>
    (await raw(`select last_seq, last_hash, last_closing_seq from cash_registers where id = ${register.id}`))
      .rows[0] as { last_seq: number; last_hash: string; last_closing_seq: number };
  /** The last movement of the closed days: what a rewound head points at. */
  const [anchor] = (
    await raw(
      `select seq, hash from cash_movements where register_id = ${register.id} and day < '${days[2]}' order by seq desc limit 1`,
    )
  ).rows as Array<{ seq: number; hash: string }>;
  return {
    register,
    days,
    head,
    anchor,
    verify: () => api().get(`/api/sales-register/${register.uuid}/verify`, opts()),
  };
}

describe('a rewound head of the register is seen (point 15)', () => {
  it('the open day’s movements deleted, their totals too, and the head rewound: verify says the head is not the signed one', async () => {
    const { register, days, anchor, verify } = await registerWithOpenDay('2026-03-02');
    const intact = await verify();
    expect(intact.body.ok, JSON.stringify(intact.body.checks)).toBe(true);

    await bypass(
      `delete from cash_movements where register_id = ${register.id} and day = '${days[2]}'`,
      `delete from cash_day_totals where register_id = ${register.id} and day = '${days[2]}'`,
      `update cash_registers set last_seq = ${anchor.seq}, last_hash = '${anchor.hash}' where id = ${register.id}`,
    );
    const report = (await verify()).body;
    expect(report.ok).toBe(false);
    // The chain up to the rewound head is intact: only the head's signature tells.
    expect(report.checks.chain.ok).toBe(true);
    expect(report.checks.head.ok).toBe(false);
    expect(report.checks.head.detail).toContain(`La signature de la tête de la caisse (mouvement n° ${anchor.seq}`);
    expect(report.conclusion).toMatch(/^La signature de la tête de la caisse \(.*\) n’est pas valide/);
    expect(report.conclusion).not.toBe(INTACT_CONCLUSION);
    expect(intact.body.checks.head).toMatchObject({ ok: true });
  });

  it('the next write on the rewound head is refused (409 in French), so it cannot sign over the attack', async () => {
    const { register, days, anchor, head, verify } = await registerWithOpenDay('2026-04-27');
    await bypass(
      `delete from cash_movements where register_id = ${register.id} and day = '${days[2]}'`,
      `delete from cash_day_totals where register_id = ${register.id} and day = '${days[2]}'`,
      `update cash_registers set last_seq = ${anchor.seq}, last_hash = '${anchor.hash}' where id = ${register.id}`,
    );
    allowConsoleError(/^Caisse .* : tête dont la signature n’est pas valide .* écriture refusée\.$/);
    const sale = await api().put(
      `/api/sales-register/${register.uuid}/days/${days[2]}`,
      { movements: [mv(await typeId(register.id, 'vente-20'), 12)] },
      opts(),
    );
    expect(sale.status).toBe(409);
    expect(sale.body.message).toBe(CASH_MESSAGES.headTampered);
    const closing = await api().put(
      `/api/sales-register/${register.uuid}/days/${days[2]}/close`,
      { closed: true, counted: { total: 0, detail: null } },
      opts(),
    );
    expect(closing.status).toBe(409);
    expect(closing.body.message).toBe(CASH_MESSAGES.headTampered);
    // Nothing was stored, and the evidence stays.
    expect((await head()).last_seq).toBe(anchor.seq);
    expect((await verify()).body.checks.head.ok).toBe(false);
  });

  it('the head rewound over movements still stored: the movements beyond it are named', async () => {
    const { register, anchor, head, verify } = await registerWithOpenDay('2026-03-09');
    const { last_seq: last } = await head();
    await raw(
      `update cash_registers set last_seq = ${anchor.seq}, last_hash = '${anchor.hash}' where id = ${register.id}`,
    );
    const report = (await verify()).body;
    expect(report.ok).toBe(false);
    expect(report.checks.head.ok).toBe(false);
    expect(report.checks.head.detail).toContain(
      `le mouvement n° ${last} est enregistré et signé au-delà de la tête (n° ${anchor.seq}) : la tête a été reculée`,
    );
    // Every stored movement is read, not only those up to the head.
    expect(report.movements.last.seq).toBe(last);
  });

  it('the head rewound and its signature removed: an unsigned head is refused', async () => {
    const { register, days, anchor, verify } = await registerWithOpenDay('2026-03-16');
    await bypass(
      `delete from cash_movements where register_id = ${register.id} and day = '${days[2]}'`,
      `delete from cash_day_totals where register_id = ${register.id} and day = '${days[2]}'`,
      `update cash_registers set last_seq = ${anchor.seq}, last_hash = '${anchor.hash}', head_signature = null, head_key_id = null where id = ${register.id}`,
    );
    const report = (await verify()).body;
    expect(report.ok).toBe(false);
    expect(report.checks.head.ok).toBe(false);
    expect(report.checks.head.detail).toContain('La tête de la caisse n’est pas signée');
  });

  it('the last closing deleted and the closing head rewound: seen too (the head covers both chains)', async () => {
    const { register, days, verify } = await registerWithOpenDay('2026-03-23');
    const [last] = (
      await raw(`select seq, prev_hash from cash_closings where register_id = ${register.id} order by seq desc limit 1`)
    ).rows as Array<{ seq: number; prev_hash: string }>;
    await bypass(
      `delete from cash_closings where register_id = ${register.id} and seq = ${last.seq}`,
      `update cash_registers set last_closing_seq = ${last.seq - 1}, last_closing_hash = '${last.prev_hash}', last_closed_day = '${days[0]}' where id = ${register.id}`,
    );
    const report = (await verify()).body;
    expect(report.ok).toBe(false);
    expect(report.checks.head.ok).toBe(false);
    expect(report.checks.head.detail).toContain('La signature de la tête de la caisse');
  });

  it('the offline check of an archive taken after the attack says so too', async () => {
    const { register, days, anchor } = await registerWithOpenDay('2026-03-30');
    await bypass(
      `delete from cash_movements where register_id = ${register.id} and day = '${days[2]}'`,
      `delete from cash_day_totals where register_id = ${register.id} and day = '${days[2]}'`,
      `update cash_registers set last_seq = ${anchor.seq}, last_hash = '${anchor.hash}' where id = ${register.id}`,
    );
    const res = await api().get(
      `/api/sales-register/${register.uuid}/archive?dateStart=${days[0]}&dateEnd=${days[2]}`,
      opts(),
    );
    expect(res.status).toBe(200);
    const check = await verifyArchive(unzipSync(new Uint8Array(res.raw)), new Date());
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(false);
    expect(check.report!.checks.head!.ok).toBe(false);
    expect(check.report!.checks.head!.detail).toContain('La signature de la tête de la caisse');
  });

  it('an intact archive carries the signed head and verifies offline', async () => {
    const { register, days } = await registerWithOpenDay('2026-04-06');
    const res = await api().get(
      `/api/sales-register/${register.uuid}/archive?dateStart=${days[0]}&dateEnd=${days[2]}`,
      opts(),
    );
    const check = await verifyArchive(unzipSync(new Uint8Array(res.raw)), new Date());
    expect(check.ok, JSON.stringify(check.report?.checks)).toBe(true);
    expect(check.report!.checks.head).toMatchObject({ ok: true });
  });
});

describe('the derived day totals are checked against the movements (point 15)', () => {
  it('a day total changed: verify names the day and the type that differ, in French', async () => {
    const { register, days, verify } = await registerWithOpenDay('2026-04-13');
    await raw(
      `update cash_day_totals set amount_cents = amount_cents + 10000 where register_id = ${register.id} and day = '${days[1]}' and type_code = 'vente-5.5'`,
    );
    const report = (await verify()).body;
    expect(report.ok).toBe(false);
    // The chain itself is intact: only the dashboards' figures were changed.
    expect(report.checks.chain.ok).toBe(true);
    expect(report.checks.dayTotals.ok).toBe(false);
    expect(report.checks.dayTotals.detail).toContain(
      `${formatDate(days[1])}, « Ventes TVA 5,5 % » : 301,00\u00a0€ (1 mouvement) dans les totaux des tableaux de bord, 201,00\u00a0€ (1 mouvement) d’après les mouvements`,
    );
    expect(report.conclusion).toContain(`Totaux des tableaux de bord : ${formatDate(days[1])}, « Ventes TVA 5,5 % »`);
  });

  it('a day total removed, or one added for a type without movements: named too', async () => {
    const { register, days, verify } = await registerWithOpenDay('2026-04-20');
    await raw(
      `delete from cash_day_totals where register_id = ${register.id} and day = '${days[0]}' and type_code = 'encaissement-carte'`,
    );
    await raw(
      `insert into cash_day_totals (register_id, day, type_code, amount_cents, count) values (${register.id}, '${days[2]}', 'remise-banque', 5000, 1)`,
    );
    const report = (await verify()).body;
    expect(report.checks.dayTotals.ok).toBe(false);
    expect(report.checks.dayTotals.detail).toContain(
      `${formatDate(days[0])}, « Encaissements par carte bancaire » : 0,00\u00a0€ (0 mouvement) dans les totaux des tableaux de bord, 120,00\u00a0€ (1 mouvement) d’après les mouvements`,
    );
    expect(report.checks.dayTotals.detail).toContain(`${formatDate(days[2])}, « Remise en banque » : 50,00\u00a0€`);
  });
});

describe('the demo’s registers still verify, head and totals included', () => {
  it('every seeded register of the bakery is intact', async () => {
    ctx.server.setNow(null);
    const list = (await api().get('/api/sales-register', opts())).body as Array<{ uuid: string; label: string }>;
    expect(list.length).toBeGreaterThan(0);
    for (const r of list.filter((x) => !x.label.startsWith('Intégrité'))) {
      const report = (await api().get(`/api/sales-register/${r.uuid}/verify`, opts())).body;
      expect(report.ok, `${r.label} ${JSON.stringify(report.checks)}`).toBe(true);
      expect(report.checks.head.ok).toBe(true);
      expect(report.checks.dayTotals.ok).toBe(true);
    }
  });
});
