import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dueDateFor } from '../../src/domain/dates';
import { customers } from '../../server/src/db/schema/index';
import {
  companyId,
  GARAGE,
  line,
  MARTIN,
  NO_INVOICING,
  pdfText,
  quotePayload,
  today,
} from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Quotes (decision 003): numbered at creation, the quote checks (QUO-1 to QUO-10), states and transitions, conversion
// into a pre-filled draft invoice, previews, lists.

const ctx = useTestServer();
let martin: number;
beforeAll(() => void (martin = ctx.company(MARTIN)));

const opts = () => ({ token: ctx.demo, company: martin });
const seq = (number: string) => Number(number.split('-')[1]);

async function create(overrides = {}) {
  const res = await ctx.server.api.post('/api/estimates', quotePayload(ctx.server, overrides), opts());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('POST/PUT/GET /api/estimates', () => {
  it('numbers a quote at creation (gapless D series) in state « En cours »', async () => {
    const first = await create();
    const second = await create();
    expect(first).toMatchObject({
      state: 'En cours',
      customer: { accountNumber: 'C00002', socialReason: 'Le Bistrot Gourmand' },
      totals: { ht: 240, tva: 13.2, ttc: 253.2 },
      invoiceId: null,
    });
    expect(first.number).toMatch(new RegExp(`^D${today(ctx.server).slice(0, 4)}-\\d{4}$`));
    expect(seq(second.number)).toBe(seq(first.number) + 1);
    expect((await ctx.server.api.get(`/api/estimates/${first.id}`, opts())).body).toEqual(first);
  });

  it('422 lists every broken quote check (QUO-1 to QUO-10) and takes no number', async () => {
    const before = (await ctx.server.api.get('/api/estimates?pageSize=1', opts())).body.items[0].number;
    const t = today(ctx.server);
    const res = await ctx.server.api.post(
      '/api/estimates',
      quotePayload(ctx.server, {
        customer: { accountNumber: 'C00005' },
        validatedAt: addDays(t, -1),
        vatClause: 'Autoliquidation',
        lines: [line({ quantity: 0 }), line({ unitPrice: 0 }), line()],
      }),
      opts(),
    );
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'Votre devis contient des erreurs !',
      errors: [
        'La date de validité ne peut pas être antérieure à la date de création.',
        'Vous ne pouvez pas avoir de clause de TVA si vous avez de la TVA.',
        "Vous ne pouvez pas avoir d'article avec une quantité de 0.",
        "Vous ne pouvez pas avoir d'article avec un prix unitaire de 0€.",
        "Votre client n'a aucune adresse de configurée.",
      ],
    });
    const empty = await ctx.server.api.post('/api/estimates', { lines: [] }, opts());
    expect(empty.body.errors).toEqual([
      'Votre devis ne contient aucun article.',
      'Votre devis ne contient pas de date de création.',
      'Votre devis ne contient pas de date de validité.',
      'Vous ne pouvez pas faire un devis de 0€ ou moins.',
    ]);
    const next = await create();
    expect(seq(next.number)).toBe(seq(before) + 1);
  });

  it('updates an open quote; its number never changes', async () => {
    const quote = await create();
    const res = await ctx.server.api.put(
      `/api/estimates/${quote.id}`,
      { ...quote, designation: 'Deux pièces montées', lines: [line({ quantity: 4, unitPrice: 120 })] },
      opts(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: quote.id,
      number: quote.number,
      designation: 'Deux pièces montées',
      totals: { ht: 480 },
    });
  });
});

describe('PATCH /api/estimates/:id (state)', () => {
  it('follows the allowed transitions and freezes « Annulé » and « Facturé » quotes', async () => {
    const quote = await create();
    const accepted = await ctx.server.api.patch(`/api/estimates/${quote.id}`, { state: 'Accepté' }, opts());
    expect(accepted.status).toBe(200);
    expect(accepted.body.state).toBe('Accepté');
    // The bare label (QUO-13: "a PATCH carrying the label") and the same state again are fine.
    expect((await ctx.server.api.patch(`/api/estimates/${quote.id}`, 'En cours', opts())).body.state).toBe('En cours');
    expect((await ctx.server.api.patch(`/api/estimates/${quote.id}`, { state: 'En cours' }, opts())).status).toBe(200);
    const unknown = await ctx.server.api.patch(`/api/estimates/${quote.id}`, { state: 'Signé' }, opts());
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      'L’état « Signé » n’existe pas. États possibles : En cours, Accepté, Facturé, Annulé.',
    );
    const invoiced = await ctx.server.api.patch(`/api/estimates/${quote.id}`, { state: 'Facturé' }, opts());
    expect(invoiced.status).toBe(409);
    expect(invoiced.body.message).toBe('Le devis ne peut pas passer de l’état « En cours » à l’état « Facturé ».');
    expect((await ctx.server.api.patch(`/api/estimates/${quote.id}`, { state: 'Annulé' }, opts())).body.state).toBe(
      'Annulé',
    );
    const reopen = await ctx.server.api.patch(`/api/estimates/${quote.id}`, { state: 'En cours' }, opts());
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toBe('Le devis ne peut pas passer de l’état « Annulé » à l’état « En cours ».');
    const edit = await ctx.server.api.put(`/api/estimates/${quote.id}`, quotePayload(ctx.server), opts());
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Ce devis ne peut plus être modifié.');
  });
});

describe('POST /api/estimates/:id/convert', () => {
  it('turns an accepted quote into a pre-filled draft invoice and marks it « Facturé »', async () => {
    const quote = await create({
      billingAdress: 'Le Bistrot Gourmand – Compta, 1 rue X, 75011 Paris',
      vatClause: '',
      designation: 'Mariage Garnier',
    });
    const early = await ctx.server.api.post(`/api/estimates/${quote.id}/convert`, undefined, opts());
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Ce devis doit être accepté avant d’être transformé en facture.');
    await ctx.server.api.patch(`/api/estimates/${quote.id}`, { state: 'Accepté' }, opts());
    const res = await ctx.server.api.post(`/api/estimates/${quote.id}/convert`, undefined, opts());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [bistrot] = await ctx.server.deps.db
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, martin), eq(customers.accountNumber, 'C00002')));
    expect(res.body).toMatchObject({
      type: 'Facture',
      payementMode: '',
      validated: false,
      number: null,
      estimateId: quote.id,
      estimate: { id: quote.id, number: quote.number },
      designation: 'Mariage Garnier',
      billingAdress: quote.billingAdress,
      customer: { accountNumber: 'C00002' },
      createdAt: today(ctx.server),
      dueDate: dueDateFor(today(ctx.server), bistrot.paymentDelay),
      totals: quote.totals,
    });
    expect(res.body.lines).toEqual(quote.lines);
    const after = (await ctx.server.api.get(`/api/estimates/${quote.id}`, opts())).body;
    expect(after).toMatchObject({
      state: 'Facturé',
      invoiceId: res.body.id,
      invoice: { id: res.body.id, number: null },
    });
    const twice = await ctx.server.api.post(`/api/estimates/${quote.id}/convert`, undefined, opts());
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Ce devis a déjà été facturé.');
    // The invoice list shows where the draft came from.
    const row = (await ctx.server.api.get('/api/factures?validated=false&pageSize=500', opts())).body.items.find(
      (i: any) => i.id === res.body.id,
    );
    expect(row.estimate).toEqual({ id: quote.id, number: quote.number });
  });

  it('deleting the draft gives the quote back (« Accepté »), so it can be converted again', async () => {
    const quote = await create();
    await ctx.server.api.patch(`/api/estimates/${quote.id}`, { state: 'Accepté' }, opts());
    const invoice = (await ctx.server.api.post(`/api/estimates/${quote.id}/convert`, undefined, opts())).body;
    expect((await ctx.server.api.delete(`/api/invoices/${invoice.id}`, opts())).status).toBe(204);
    expect((await ctx.server.api.get(`/api/estimates/${quote.id}`, opts())).body).toMatchObject({
      state: 'Accepté',
      invoiceId: null,
    });
    expect((await ctx.server.api.post(`/api/estimates/${quote.id}/convert`, undefined, opts())).status).toBe(201);
  });

  it('a cancelled quote is not converted', async () => {
    const quote = await create();
    await ctx.server.api.patch(`/api/estimates/${quote.id}`, { state: 'Annulé' }, opts());
    const res = await ctx.server.api.post(`/api/estimates/${quote.id}/convert`, undefined, opts());
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Ce devis est annulé : il ne peut pas être transformé en facture.');
  });
});

describe('quote PDFs', () => {
  it('POST /api/estimates/preview renders the unsaved quote with the watermark; GET …/pdf the numbered one', async () => {
    const preview = await ctx.server.api.post('/api/estimates/preview', quotePayload(ctx.server), opts());
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(preview.raw);
    expect(text).toContain('DEVIS (brouillon)');
    expect(text).toContain('Aperçu');
    expect(text).toContain('253,20 €');
    const quote = await create();
    const pdf = await ctx.server.api.get(`/api/estimates/${quote.id}/pdf`, opts());
    const saved = await pdfText(pdf.raw);
    expect(saved).toContain(`DEVIS n° ${quote.number}`);
    expect(saved).not.toContain('Aperçu');
    expect(pdf.headers.get('content-disposition')).toContain(`Devis_Le_Bistrot_Gourmand_${quote.number}.pdf`);
    expect((await ctx.server.api.post('/api/estimates/preview', { lines: {} }, opts())).status).toBe(400);
  });
});

describe('GET /api/estimates (list)', () => {
  it('sorts by number descending, filters by state, customer, search and period, pages', async () => {
    const all = (await ctx.server.api.get('/api/estimates?pageSize=500', opts())).body;
    // Whole numbers (D2026-0012): each year's series starts again at 1, and comes first once it has.
    const numbers: string[] = all.items.map((q: { number: string }) => q.number);
    expect(numbers).toEqual([...numbers].sort().reverse());
    expect(all.items[0]).toEqual({
      id: expect.any(Number),
      number: expect.any(String),
      state: expect.any(String),
      createdAt: expect.any(String),
      validatedAt: expect.any(String),
      customer: { socialReason: expect.any(String), name: expect.any(String), accountNumber: expect.any(String) },
      ht: expect.any(Number),
      ttc: expect.any(Number),
      invoiceId: null,
    });
    for (const state of ['En cours', 'Accepté', 'Facturé', 'Annulé']) {
      const res = (await ctx.server.api.get(`/api/estimates?state=${encodeURIComponent(state)}&pageSize=500`, opts()))
        .body;
      expect(res.total, state).toBeGreaterThan(0);
      expect(res.items.every((q: any) => q.state === state)).toBe(true);
    }
    expect((await ctx.server.api.get('/api/estimates?state=Perdu', opts())).status).toBe(400);
    const bistrot = (await ctx.server.api.get('/api/estimates?customer=C00002&pageSize=500', opts())).body;
    expect(bistrot.items.every((q: any) => q.customer.accountNumber === 'C00002')).toBe(true);
    const search = (
      await ctx.server.api.get(`/api/estimates?q=${encodeURIComponent('bistrot gourmand')}&pageSize=500`, opts())
    ).body;
    expect(search.total).toBe(bistrot.total);
    const t = today(ctx.server);
    const period = (await ctx.server.api.get(`/api/estimates?from=${t}&to=${t}&pageSize=500`, opts())).body;
    expect(period.items.every((q: any) => q.createdAt === t)).toBe(true);
    const page = (await ctx.server.api.get('/api/estimates?page=2&pageSize=2', opts())).body;
    expect(page.items.map((q: any) => q.id)).toEqual(all.items.slice(2, 4).map((q: any) => q.id));
  });
});

describe('scope and rights', () => {
  it('another company’s quote is 404; no invoicing right is 403', async () => {
    const quote = await create();
    const garage = { token: ctx.demo, company: companyId(ctx.server, GARAGE) };
    const res = await ctx.server.api.get(`/api/estimates/${quote.id}`, garage);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Ce devis est introuvable.');
    expect((await ctx.server.api.patch(`/api/estimates/${quote.id}`, { state: 'Accepté' }, garage)).status).toBe(404);
    expect((await ctx.server.api.post(`/api/estimates/${quote.id}/convert`, undefined, garage)).status).toBe(404);
    const plume = { token: ctx.demo, company: companyId(ctx.server, NO_INVOICING) };
    expect((await ctx.server.api.get('/api/estimates', plume)).status).toBe(403);
    expect((await ctx.server.api.post('/api/estimates', quotePayload(ctx.server), plume)).status).toBe(403);
  });
});
