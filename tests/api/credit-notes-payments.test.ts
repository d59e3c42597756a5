import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInParis } from '../../src/domain/dates';
import type { InvoicePayload } from '../../src/domain/types';
import type { ToWire } from '../../src/domain/wire-names';
import { invoicePayload, line, MARTIN, today } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Decision 011: credit notes limited to what remains to be credited, invoice statuses,
// payments (partial, never more than due, validated invoices only), history, ageing of receivables.

const ctx = useTestServer();
let martin: number;
beforeAll(() => void (martin = ctx.company(MARTIN)));

const opts = (idempotencyKey?: string) => ({ token: ctx.demo, company: martin, idempotencyKey });
const TITLE = 'Votre facture contient des erreurs !';
const nb = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
// 1 × 100 € HT at 20 % → 120 € TTC; 1 × 50 € at 5,5 % → 52,75 €.
const conseil = (quantity = 1, unitPrice = 100) =>
  line({ code: 'PRE001', label: 'Conseil', quantity, unitPrice, vatRate: 20 });
const livre = (quantity = 1) => line({ code: 'LIV001', label: 'Livre', quantity, unitPrice: 50, vatRate: 5.5 });

async function validated(overrides: Partial<ToWire<InvoicePayload>> = {}) {
  const draft = await ctx.server.api.post(
    '/api/invoices',
    invoicePayload(ctx.server, { customer: { accountNumber: 'C00003' }, ...overrides }),
    opts(),
  );
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const v = await ctx.server.api.put(`/api/invoices/${draft.body.id}/validate`, {}, opts());
  expect(v.status, JSON.stringify(v.body)).toBe(200);
  return v.body.invoice;
}
const creditPayload = (inv: { id: number; customer: { accountNumber: string } }, lines: InvoicePayload['lines']) =>
  invoicePayload(ctx.server, {
    type: 'Avoir',
    customer: { accountNumber: inv.customer.accountNumber },
    dueDate: null,
    correctedInvoiceId: inv.id,
    lines,
  });
const followUp = async (id: number) => (await ctx.server.api.get(`/api/invoices/${id}/follow-up`, opts())).body;

describe('credit notes are limited to what remains to be credited', () => {
  it('a full credit note: "Avoir total", links both ways, no further credit note (422 in French)', async () => {
    const inv = await validated({ lines: [conseil(2), livre()] }); // 240 + 52,75 = 292,75 € TTC
    const cn = await validated(creditPayload(inv, [conseil(2), livre()]));
    expect(cn).toMatchObject({ type: 'Avoir', correctedInvoiceId: inv.id, correctedInvoiceNumber: inv.number });
    const f = await followUp(inv.id);
    expect(f).toMatchObject({ status: 'Avoir total', amountCredited: 292.75, amountDue: 0, creditable: 0 });
    expect(f.creditNotes.map((c: any) => [c.id, c.number, c.ttc])).toEqual([[cn.id, cn.number, 292.75]]);
    expect((await followUp(cn.id)).correctedInvoice).toEqual({ id: inv.id, number: inv.number });
    const again = await ctx.server.api.post('/api/invoices', creditPayload(inv, [conseil(1, 1)]), opts());
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      message: TITLE,
      errors: [`La facture ${inv.number} est déjà entièrement créditée : aucun nouvel avoir n’est possible.`],
    });
  });

  it('several partial credit notes up to the invoice; the one that goes past is refused with what remains', async () => {
    const inv = await validated({ lines: [conseil(3)] }); // 360 € TTC
    await validated(creditPayload(inv, [conseil(1)]));
    expect(await followUp(inv.id)).toMatchObject({
      status: 'Avoir partiel',
      statuses: ['Avoir partiel'],
      amountCredited: 120,
      amountDue: 240,
      creditable: 240,
    });
    await validated(creditPayload(inv, [conseil(1)]));
    const over = await ctx.server.api.post('/api/invoices', creditPayload(inv, [conseil(2)]), opts());
    expect(over.status).toBe(422);
    expect(over.body.errors.map(nb)).toEqual([
      `Le montant de cet avoir (240,00 € TTC) dépasse ce qui reste à créditer sur la facture ${inv.number} : 120,00 € TTC.`,
      `Au taux de TVA de 20 %, cet avoir crédite 200,00 € HT alors qu’il reste 100,00 € HT à créditer sur la facture ${inv.number}.`,
      `Ligne « Conseil » : cet avoir crédite 200,00 € HT alors qu’il reste 100,00 € HT à créditer sur cette ligne de la facture ${inv.number}.`,
    ]);
    // A VAT rate the invoice never charged cannot be credited either.
    const otherRate = await ctx.server.api.post('/api/invoices', creditPayload(inv, [livre()]), opts());
    expect(otherRate.body.errors.map(nb)).toEqual([
      `Au taux de TVA de 5,5 %, cet avoir crédite 50,00 € HT alors qu’il reste 0,00 € HT à créditer sur la facture ${inv.number}.`,
    ]);
    await validated(creditPayload(inv, [conseil(1)]));
    expect((await followUp(inv.id)).status).toBe('Avoir total');
  });

  it('two drafts that each credit everything: the second validation is refused (422), nothing numbered', async () => {
    const inv = await validated({ lines: [conseil()] });
    const a = (await ctx.server.api.post('/api/invoices', creditPayload(inv, [conseil()]), opts())).body;
    const b = (await ctx.server.api.post('/api/invoices', creditPayload(inv, [conseil()]), opts())).body;
    expect((await ctx.server.api.put(`/api/invoices/${a.id}/validate`, {}, opts())).status).toBe(200);
    const refused = await ctx.server.api.put(`/api/invoices/${b.id}/validate`, {}, opts());
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      `La facture ${inv.number} est déjà entièrement créditée : aucun nouvel avoir n’est possible.`,
    ]);
    expect((await ctx.server.api.get(`/api/invoices/${b.id}`, opts())).body).toMatchObject({
      validated: false,
      number: null,
    });
  });

  it('a fully credited invoice leaves the unpaid totals and the overdue list', async () => {
    const overdue = (await ctx.server.api.get('/api/factures?state=overdue', opts())).body;
    const target = overdue.items[0];
    const dashBefore = (await ctx.server.api.get('/api/factures/etat', opts())).body;
    const inv = (await ctx.server.api.get(`/api/invoices/${target.id}`, opts())).body;
    await validated(creditPayload(inv, inv.lines));
    const after = (await ctx.server.api.get('/api/factures?state=overdue', opts())).body;
    expect(after.items.map((i: any) => i.id)).not.toContain(target.id);
    expect(
      (await ctx.server.api.get('/api/factures?state=unpaid&pageSize=500', opts())).body.items.map((i: any) => i.id),
    ).not.toContain(target.id);
    const dash = (await ctx.server.api.get('/api/factures/etat', opts())).body;
    expect(dash.overdueCount).toBe(dashBefore.overdueCount - 1);
    expect(dash.unpaidAmount).toBeCloseTo(dashBefore.unpaidAmount - inv.totals.ttc, 2);
    const row = (await ctx.server.api.get(`/api/factures?q=${inv.number}`, opts())).body.items[0];
    expect(row.invoice).toMatchObject({ overdue: false, amountCredited: inv.totals.ttc, amountPaid: 0 });
  });
});

describe('payments', () => {
  it('partial payment, overpayment refused, then paid in full; statuses and history follow', async () => {
    const inv = await validated({ lines: [conseil(1, 250)] }); // 300 € TTC
    expect((await followUp(inv.id)).status).toBe('Validée');
    const t = today(ctx.server);
    const part = await ctx.server.api.post(
      `/api/invoices/${inv.id}/payments`,
      { date: t, means: 'cheque', amount: '120,50' },
      opts(),
    );
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body).toMatchObject({
      status: 'Partiellement payée',
      amountPaid: 120.5,
      amountDue: 179.5,
      payments: [{ date: t, means: 'cheque', meansLabel: 'Chèque', amount: 120.5 }],
    });
    expect(part.body.invoice.paidAt).toBeNull();
    const over = await ctx.server.api.post(
      `/api/invoices/${inv.id}/payments`,
      { date: t, means: 'virement', amount: 179.51 },
      opts(),
    );
    expect(over.status).toBe(422);
    expect(nb(over.body.errors[0])).toBe('Le montant dépasse le reste à payer (179,50 €).');
    const future = await ctx.server.api.post(
      `/api/invoices/${inv.id}/payments`,
      { date: addDays(t, 1), means: 'virement', amount: 0 },
      opts(),
    );
    expect(future.body.errors).toEqual([
      'La date du paiement ne peut pas être postérieure à aujourd’hui.',
      'Le montant du paiement doit être supérieur à 0 €.',
    ]);
    const badMeans = await ctx.server.api.post(
      `/api/invoices/${inv.id}/payments`,
      { date: t, means: 'bitcoin', amount: 1 },
      opts(),
    );
    expect(badMeans.status).toBe(400);
    expect(badMeans.body.field).toBe('means');
    const rest = await ctx.server.api.post(
      `/api/invoices/${inv.id}/payments`,
      { date: t, means: 'virement', amount: 179.5 },
      opts(),
    );
    expect(rest.body).toMatchObject({ status: 'Payée', amountDue: 0 });
    expect(rest.body.invoice.paidAt).toBe(t);
    expect(rest.body.history.map((h: any) => nb(h.label))).toEqual([
      'Facture créée',
      `Validée sous le n° ${inv.number}`,
      `Paiement de 120,50 € reçu le ${t.split('-').reverse().join('/')} (Chèque)`,
      `Paiement de 179,50 € reçu le ${t.split('-').reverse().join('/')} (Virement) : facture payée`,
    ]);
    const nothing = await ctx.server.api.post(
      `/api/invoices/${inv.id}/payments`,
      { date: t, means: 'virement', amount: 1 },
      opts(),
    );
    expect(nothing.body.errors).toEqual(['Cette facture ne présente plus aucun reste à payer.']);
  });

  it('only a validated invoice is paid (409), never a credit note; the same Idempotency-Key records once', async () => {
    const draft = (await ctx.server.api.post('/api/invoices', invoicePayload(ctx.server), opts())).body;
    const refused = await ctx.server.api.post(
      `/api/invoices/${draft.id}/payments`,
      { date: today(ctx.server), means: 'carte', amount: 1 },
      opts(),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Seule une facture validée peut être marquée comme payée.');
    const inv = await validated({ lines: [conseil()] });
    const cn = await validated(creditPayload(inv, [conseil(1, 10)]));
    expect(
      (
        await ctx.server.api.post(
          `/api/invoices/${cn.id}/payments`,
          { date: today(ctx.server), means: 'carte', amount: 1 },
          opts(),
        )
      ).status,
    ).toBe(409);
    const body = { date: today(ctx.server), means: 'especes', amount: 10 };
    const first = await ctx.server.api.post(`/api/invoices/${inv.id}/payments`, body, opts('pay-once-1'));
    const second = await ctx.server.api.post(`/api/invoices/${inv.id}/payments`, body, opts('pay-once-1'));
    expect(second.body).toEqual(first.body);
    // 120 TTC − 12 credited − 10 paid
    expect(await followUp(inv.id)).toMatchObject({
      amountPaid: 10,
      amountDue: 98,
      statuses: ['Partiellement payée', 'Avoir partiel'],
    });
  });

  it('the earlier PUT …/payment still marks paid (payment of the rest due) and unpaid (payments cleared)', async () => {
    const inv = await validated({ lines: [conseil()], payementMode: 'Virement bancaire' });
    await ctx.server.api.post(
      `/api/invoices/${inv.id}/payments`,
      { date: today(ctx.server), means: 'cheque', amount: 20 },
      opts(),
    );
    const paid = await ctx.server.api.put(`/api/invoices/${inv.id}/payment`, { paidAt: today(ctx.server) }, opts());
    expect(paid.status).toBe(200);
    expect(paid.body.paidAt).toBe(today(ctx.server));
    const f = await followUp(inv.id);
    expect(f.payments.map((p: any) => [p.means, p.amount])).toEqual([
      ['cheque', 20],
      ['virement', 100],
    ]);
    expect(f.status).toBe('Payée');
    const undone = await ctx.server.api.put(`/api/invoices/${inv.id}/payment`, { paidAt: null }, opts());
    expect(undone.body.paidAt).toBeNull();
    expect(await followUp(inv.id)).toMatchObject({ status: 'Validée', amountPaid: 0, payments: [], amountDue: 120 });
    expect((await followUp(inv.id)).history.at(-1).label).toBe('Paiements annulés : facture marquée non payée');
  });

  it('history names the recipient of the mail', async () => {
    const inv = await validated({ customer: { accountNumber: 'C00001' }, lines: [conseil()] });
    expect((await ctx.server.api.post(`/api/business-files/${inv.id}/send`, { type: 'Facture' }, opts())).status).toBe(
      200,
    );
    const f = await followUp(inv.id);
    expect(f.status).toBe('Envoyée');
    expect(f.history.map((h: any) => h.kind)).toEqual(['created', 'validated', 'sent']);
    expect(f.history[2].label).toBe('Envoyée à comptabilite.hotelduparc@example.fr');
  });
});

describe('the demo’s histories', () => {
  it('each invoice and credit note was created on its billing date, before it was validated', async () => {
    const list = (await ctx.server.api.get('/api/factures?validated=true&pageSize=50', opts())).body;
    const items = list.items as Array<{ id: number; number: string; invoice: { createdAt: string } }>;
    expect(items.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const inv of items) {
      const history = (await followUp(inv.id)).history as Array<{ kind: string; at: string }>;
      const [created, validated] = history;
      // Until now a seeded invoice said « Facture créée » on the day the demo was loaded, after its validation.
      if (created.kind !== 'created' || validated.kind !== 'validated' || created.at > validated.at)
        wrong.push(`${inv.number} : ${history.map((h) => `${h.kind} ${h.at}`).join(', ')}`);
      else if (todayInParis(new Date(created.at)) !== inv.invoice.createdAt)
        wrong.push(`${inv.number} : créée le ${created.at}, facturée le ${inv.invoice.createdAt}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('GET /api/factures/balance-agee', () => {
  it('puts each rest due in its bucket of days past due, and sums it per customer (hand-computed)', async () => {
    const t = today(ctx.server);
    const later = new Date(Date.parse(`${addDays(t, 100)}T12:00:00Z`));
    // 100 days on, the token of today has expired: a fresh sign-in reads the ageing then.
    const ageingLater = async () => {
      ctx.server.setNow(later);
      try {
        const fresh = (await ctx.server.api.login('demo')).token;
        return (await ctx.server.api.get('/api/factures/balance-agee', { token: fresh, company: martin })).body;
      } finally {
        ctx.server.setNow(null);
      }
    };
    const before = await ageingLater();
    const c3 = before.customers.find((c: any) => c.accountNumber === 'C00003') ?? { amount: 0, overdue: 0, count: 0 };
    // Due dates relative to today; seen 100 days later they are 0, 100, 70, 40 and 15 days past due.
    const a = await validated({ lines: [conseil(1, 100)], dueDate: addDays(t, 100) }); // 120, 40 paid → 80 not due yet
    const b = await validated({ lines: [conseil(1, 200)], dueDate: t }); // 240, 60 credited → 180 in > 90
    await validated({ lines: [conseil(1, 300)], dueDate: addDays(t, 30) }); // 360 in 61–90
    await validated({ lines: [conseil(1, 400)], dueDate: addDays(t, 60) }); // 480 in 31–60
    await validated({ lines: [conseil(1, 500)], dueDate: addDays(t, 85) }); // 600 in 0–30
    await ctx.server.api.post(`/api/invoices/${a.id}/payments`, { date: t, means: 'virement', amount: 40 }, opts());
    await validated(creditPayload(b, [conseil(1, 50)]));
    const after = await ageingLater();
    const delta = after.buckets.map((x: any, i: number) => [
      x.key,
      x.label,
      Math.round((x.amount - before.buckets[i].amount) * 100) / 100,
    ]);
    expect(delta).toEqual([
      ['notDue', 'À échoir', 80],
      ['d0_30', '0 à 30 jours', 600],
      ['d31_60', '31 à 60 jours', 480],
      ['d61_90', '61 à 90 jours', 360],
      ['d90plus', 'Plus de 90 jours', 180],
    ]);
    const mine = after.customers.find((c: any) => c.accountNumber === 'C00003');
    expect(mine.amount - c3.amount).toBeCloseTo(1700, 2);
    expect(mine.overdue - c3.overdue).toBeCloseTo(1620, 2);
    expect(mine.count - c3.count).toBe(5);
    expect(after.total - before.total).toBeCloseTo(1700, 2);
  });

  it('is in the OpenAPI document with the payment routes', async () => {
    const paths = Object.keys((await ctx.server.api.get('/api/openapi.json')).body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/factures/balance-agee',
        '/api/invoices/{id}/payments',
        '/api/invoices/{id}/follow-up',
        '/api/invoices/{id}/payment',
      ]),
    );
  });
});
