import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { createRegister } from '../../server/src/modules/cash-registers/service';
import { MARTIN } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Decision 075, found by attack on « Mes caisses »:
// 7. a correction named a 1 € sale and took a million euros off it (200): a correction may at most
//    cancel what it corrects, net of the corrections before it, and never turn its sign;
// 8. a movement id sent again with another amount or type was answered 200 and silently ignored:
//    it is 422, as an Idempotency-Key reused for another request; the same movement again stays 200.

const ctx = useTestServer();
let company: number;
beforeAll(() => void (company = ctx.company(MARTIN)));
const api = () => ctx.server.api;
const opts = () => ({ token: ctx.demo, company });

const DAY = '2026-06-01';
async function fresh() {
  const { register, types } = await createRegister(ctx.server.deps.db, company, {
    label: `Test ${randomUUID().slice(0, 6)}`,
    createdAt: ctx.server.deps.now(),
  });
  ctx.server.setNow(new Date(`${addDays(DAY, 1)}T10:00:00.000Z`));
  return { uuid: register.uuid, type: (code: string) => types.find((t) => t.code === code)!.id };
}
type Reg = Awaited<ReturnType<typeof fresh>>;
const mv = (idTypeMouv: number, amount: number, over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  idTypeMouv,
  amount,
  ...over,
});
const put = (reg: Reg, movements: unknown[], day = DAY) =>
  api().put(`/api/sales-register/${reg.uuid}/days/${day}`, { movements }, opts());
const records = async (reg: Reg) =>
  (await api().get(`/api/sales-register/${reg.uuid}/chain`, opts())).body.records.length as number;
const fix = (original: { id: string; idTypeMouv: number }, amount: number) =>
  mv(original.idTypeMouv, amount, { idTypeMouvLie: original.id, label: 'Correction' });

describe('a correction is bounded by what it corrects (point 7)', () => {
  it('cannot take a million euros off a 1 € sale: 422 in French, nothing stored', async () => {
    const reg = await fresh();
    const sale = mv(reg.type('vente-20'), 1);
    expect((await put(reg, [sale])).status).toBe(200);
    const before = await records(reg);
    const res = await put(reg, [fix(sale, -1_000_000)]);
    expect(res.status).toBe(422);
    expect(res.body.field).toBe('movements[0].amount');
    expect(res.body.message).toBe(
      'La correction « movements[0].amount » retire plus que ce qui reste du mouvement corrigé : 1,00\u00a0€ au plus.',
    );
    expect(res.body.errors).toEqual([res.body.message]);
    expect(await records(reg)).toBe(before);
  });

  it('may cancel it exactly, net of the corrections before it; then nothing more', async () => {
    const reg = await fresh();
    const sale = mv(reg.type('vente-10'), 10);
    await put(reg, [sale]);
    expect((await put(reg, [fix(sale, -4)])).status).toBe(200);
    const over = await put(reg, [fix(sale, -6.01)]);
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(
      'La correction « movements[0].amount » retire plus que ce qui reste du mouvement corrigé : 6,00\u00a0€ au plus.',
    );
    expect((await put(reg, [fix(sale, -6)])).status).toBe(200);
    const cancelled = await put(reg, [fix(sale, -0.01)]);
    expect(cancelled.status).toBe(422);
    expect(cancelled.body.message).toBe(
      'Le mouvement corrigé est déjà entièrement annulé par ses corrections : la correction « movements[0].amount » ne peut plus rien lui retirer.',
    );
    // Adding back is a correction too (a sale entered too low).
    expect((await put(reg, [fix(sale, 2.5)])).status).toBe(200);
  });

  it('counts the corrections of one request together', async () => {
    const reg = await fresh();
    const expense = mv(reg.type('depense-especes'), 10, { label: 'Farine' });
    await put(reg, [mv(reg.type('fond-de-caisse'), 100), expense]);
    const before = await records(reg);
    const res = await put(reg, [fix(expense, -6), fix(expense, -6)]);
    expect(res.status).toBe(422);
    expect(res.body.field).toBe('movements[1].amount');
    expect(res.body.message).toContain('4,00\u00a0€ au plus');
    expect(await records(reg)).toBe(before);
  });

  it('a correction of a correction keeps both signs: it gives back at most what was taken', async () => {
    const reg = await fresh();
    const sale = mv(reg.type('vente-5.5'), 10);
    await put(reg, [sale]);
    const first = fix(sale, -4);
    await put(reg, [first]);
    const back = await put(reg, [fix(first, 5)]);
    expect(back.status).toBe(422);
    expect(back.body.message).toBe(
      'La correction « movements[0].amount » rend plus que ce que la correction corrigée a retiré : 4,00\u00a0€ au plus.',
    );
    // Taking more off through the correction would take the sale below zero.
    const under = await put(reg, [fix(first, -7)]);
    expect(under.status).toBe(422);
    expect(under.body.message).toContain('6,00\u00a0€ au plus');
    expect((await put(reg, [fix(first, 4)])).status).toBe(200);
  });
});

describe('the same movement id with another movement (point 8)', () => {
  const SAME_ID =
    'Le mouvement « movements[0] » reprend l’identifiant d’un mouvement déjà enregistré, avec un autre contenu (même identifiant, autre mouvement) : rien n’a été enregistré.';

  it('another amount or type: 422, nothing stored; the same movement again: 200, stored once', async () => {
    const reg = await fresh();
    const sale = mv(reg.type('vente-20'), 20);
    expect((await put(reg, [sale])).status).toBe(200);
    const before = await records(reg);
    for (const other of [
      { ...sale, amount: 25 },
      { ...sale, idTypeMouv: reg.type('vente-10') },
      { ...sale, label: 'Autre libellé' },
    ]) {
      const res = await put(reg, [other]);
      expect(res.status, JSON.stringify(other)).toBe(422);
      expect(res.body).toMatchObject({ message: SAME_ID, field: 'movements[0].id', errors: [SAME_ID] });
    }
    const elsewhere = await put(reg, [sale], addDays(DAY, 1));
    expect(elsewhere.status).toBe(422);
    expect(await records(reg)).toBe(before);
    const again = await put(reg, [sale]);
    expect(again.status).toBe(200);
    expect(again.body.sales).toHaveLength(1);
    expect(await records(reg)).toBe(before);
  });

  it('twice in one request with two contents: 422 naming the second', async () => {
    const reg = await fresh();
    const sale = mv(reg.type('vente-20'), 20);
    const res = await put(reg, [sale, { ...sale, amount: 21 }]);
    expect(res.status).toBe(422);
    expect(res.body.field).toBe('movements[1].id');
    expect(await records(reg)).toBe(0);
    expect((await put(reg, [sale, sale])).status).toBe(200);
    expect(await records(reg)).toBe(1);
  });
});
