import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { memberships } from '../../server/src/db/schema/index';
import {
  companyId,
  GARAGE,
  invoicePayload,
  isPdf,
  line,
  MARTIN,
  NO_INVOICING,
  pdfText,
  STARTER,
  today,
} from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Invoices (decision 003): drafts written through the rulebook, reading, deleting, previews, lists,
// dashboard figures, the customer sheet, company scope and rights.

const ctx = useTestServer();
let martin: number;
beforeAll(() => void (martin = ctx.company(MARTIN)));

const opts = () => ({ token: ctx.demo, company: martin });
const TITLE = 'Votre facture contient des erreurs !';

describe('POST/PUT/GET/DELETE /api/invoices', () => {
  it('creates a draft with the rulebook’s totals and reads it back', async () => {
    const res = await ctx.server.api.post('/api/invoices', invoicePayload(ctx.server), opts());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      designation: 'Réception du 14 juillet',
      type: 'Facture',
      validated: false,
      number: null,
      validatedAt: null,
      sentAt: null,
      paidAt: null,
      customer: { accountNumber: 'C00001', socialReason: 'Hôtel du Parc', name: 'Lemoine' },
      totals: { ht: 203, tva: 19.72, ttc: 222.72 },
      vatBreakdown: [
        { rate: 10, base: 190, vat: 19 },
        { rate: 5.5, base: 13, vat: 0.72 },
      ],
    });
    expect(res.body.lines.map((l: { total: number }) => l.total)).toEqual([13, 190]);
    const read = await ctx.server.api.get(`/api/invoices/${res.body.id}`, opts());
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it('updates a draft (PUT) and recomputes its totals; the client’s line totals are ignored', async () => {
    const created = (await ctx.server.api.post('/api/invoices', invoicePayload(ctx.server), opts())).body;
    const res = await ctx.server.api.put(
      `/api/invoices/${created.id}`,
      { ...created, designation: 'Modifiée', lines: [line({ quantity: 3, total: 999 })] },
      opts(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      designation: 'Modifiée',
      totals: { ht: 3.9, tva: 0.21, ttc: 4.11 },
    });
    expect(res.body.lines[0].total).toBe(3.9);
  });

  it('422 lists every broken invoice check (INV-1 to INV-15), in the spec’s words, and stores nothing', async () => {
    const before = (await ctx.server.api.get('/api/factures?pageSize=1', opts())).body.total;
    const nextYear = `${Number(today(ctx.server).slice(0, 4)) + 1}-01-15`;
    const res = await ctx.server.api.post(
      '/api/invoices',
      invoicePayload(ctx.server, {
        customer: { accountNumber: 'C00005' }, // no address at all
        createdAt: nextYear,
        dueDate: addDays(nextYear, -1),
        vatClause: 'Autoliquidation',
        lines: [line({ quantity: 0 }), line({ unitPrice: 0 }), line()],
      }),
      opts(),
    );
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: TITLE,
      errors: [
        "La date de facturation est postérieure à la clôture de l'exercice comptable.",
        "La date d'échéance ne peut pas être antérieure à la date de facturation.",
        'Vous ne pouvez pas avoir de clause de TVA si vous avez de la TVA.',
        "Vous ne pouvez pas avoir d'article avec une quantité de 0.",
        "Vous ne pouvez pas avoir d'article avec un prix unitaire de 0€.",
        "Votre client n'a aucune adresse de configurée.",
      ],
    });
    const empty = await ctx.server.api.post(
      '/api/invoices',
      { type: 'Facture', customer: null, createdAt: '', dueDate: null, lines: [] },
      opts(),
    );
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual([
      'Votre facture ne contient aucun article.',
      'Votre facture ne contient pas de client.',
      'Votre facture ne contient pas de date de facturation.',
      "Votre facture ne contient pas de date d'échéance.",
      'Vous ne pouvez pas faire une facture de 0€ ou moins.',
    ]);
    const avoir = await ctx.server.api.post(
      '/api/invoices',
      { type: 'Avoir', lines: [{ code: 'CC', type: 'Commentaire', label: 'Note' }] },
      opts(),
    );
    expect(avoir.body.errors).toEqual([
      'Votre avoir ne contient aucun article.',
      'Votre avoir ne contient pas de client.',
      'Votre avoir ne contient pas de date de facturation.',
      'Vous ne pouvez pas faire un avoir de 0€ ou moins.',
    ]);
    expect((await ctx.server.api.get('/api/factures?pageSize=1', opts())).body.total).toBe(before);
  });

  it('names an unknown customer among the errors', async () => {
    const res = await ctx.server.api.post(
      '/api/invoices',
      invoicePayload(ctx.server, { customer: { accountNumber: 'C99999' } }),
      opts(),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(['Le client « C99999 » est introuvable.']);
  });

  it('refuses a draft dated before an already validated invoice (rule 15)', async () => {
    const res = await ctx.server.api.post(
      '/api/invoices',
      invoicePayload(ctx.server, { createdAt: addDays(today(ctx.server), -100), dueDate: today(ctx.server) }),
      opts(),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toContain(
      'Vous ne pouvez pas faire une facture avec une date de facturation antérieure à une facture déjà validée.',
    );
  });

  it('answers 400 naming the field for malformed input', async () => {
    const bad = await ctx.server.api.post(
      '/api/invoices',
      invoicePayload(ctx.server, { createdAt: '2026-02-30' }),
      opts(),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('createdAt');
    const lines = await ctx.server.api.post('/api/invoices', { ...invoicePayload(ctx.server), lines: 'none' }, opts());
    expect(lines.status).toBe(400);
    expect(lines.body.field).toBe('lines');
    const amount = await ctx.server.api.post(
      '/api/invoices',
      invoicePayload(ctx.server, { lines: [line({ quantity: 'beaucoup' as never })] }),
      opts(),
    );
    expect(amount.status).toBe(400);
    expect(amount.body.field).toBe('lines.0.quantity');
  });

  it('accepts French-typed numbers in lines', async () => {
    const res = await ctx.server.api.post(
      '/api/invoices',
      invoicePayload(ctx.server, {
        lines: [line({ quantity: '2,5' as never, unitPrice: '1 000,10' as never, vatRate: 20 })],
      }),
      opts(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.totals).toEqual({ ht: 2500.25, tva: 500.05, ttc: 3000.3 });
  });

  it('a credit note has no due date and may only correct a validated invoice of the same customer', async () => {
    const validated = (await ctx.server.api.get('/api/factures?validated=true&type=Facture&pageSize=1', opts())).body
      .items[0];
    // Its own first line: a credit note never gives back more than the invoice charged (decision 011).
    const ownLines = (await ctx.server.api.get(`/api/invoices/${validated.id}`, opts())).body.lines.slice(0, 1);
    const avoir = await ctx.server.api.post(
      '/api/invoices',
      invoicePayload(ctx.server, {
        type: 'Avoir',
        customer: { accountNumber: validated.customer.accountNumber },
        correctedInvoiceId: validated.id,
        lines: ownLines,
      }),
      opts(),
    );
    expect(avoir.status, JSON.stringify(avoir.body)).toBe(201);
    expect(avoir.body).toMatchObject({
      type: 'Avoir',
      dueDate: null,
      correctedInvoiceId: validated.id,
      correctedInvoiceNumber: validated.number,
    });
    const other = await ctx.server.api.post(
      '/api/invoices',
      invoicePayload(ctx.server, {
        type: 'Avoir',
        customer: { accountNumber: 'C00003' },
        correctedInvoiceId: validated.id,
      }),
      opts(),
    );
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual([
      `L’avoir doit concerner le même client que la facture ${validated.number} qu’il corrige.`,
    ]);
    const draft = (await ctx.server.api.get('/api/factures?validated=false&pageSize=1', opts())).body.items[0];
    const onDraft = await ctx.server.api.post(
      '/api/invoices',
      invoicePayload(ctx.server, {
        type: 'Avoir',
        customer: { accountNumber: draft.customer.accountNumber },
        correctedInvoiceId: draft.id,
      }),
      opts(),
    );
    expect(onDraft.body.errors).toContain('Un avoir ne peut corriger qu’une facture validée.');
  });

  it('deletes a draft (204, then 404); a validated invoice is never deleted (409)', async () => {
    const created = (await ctx.server.api.post('/api/invoices', invoicePayload(ctx.server), opts())).body;
    expect((await ctx.server.api.delete(`/api/invoices/${created.id}`, opts())).status).toBe(204);
    const gone = await ctx.server.api.get(`/api/invoices/${created.id}`, opts());
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Cette facture est introuvable.');
    const validated = (await ctx.server.api.get('/api/factures?validated=true&pageSize=1', opts())).body.items[0];
    const refused = await ctx.server.api.delete(`/api/invoices/${validated.id}`, opts());
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Cette facture est validée : elle ne peut pas être supprimée. Pour la corriger, établissez un avoir.',
    );
  });
});

describe('PDF previews', () => {
  it('GET /api/invoices/:id/pdf of a draft is a watermarked preview with an RFC 6266 file name', async () => {
    const created = (await ctx.server.api.post('/api/invoices', invoicePayload(ctx.server), opts())).body;
    const res = await ctx.server.api.get(`/api/invoices/${created.id}/pdf`, opts());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="Facture_Hotel_du_Parc_brouillon.pdf"; filename*=UTF-8''Facture_Hotel_du_Parc_brouillon.pdf`,
    );
    const text = await pdfText(res.raw);
    expect(text).toContain('Aperçu');
    expect(text).toContain('FACTURE (brouillon)');
    expect(text).toContain('222,72 €');
  });

  it('POST /api/invoices/preview renders an unsaved, even incomplete, payload; malformed → 400', async () => {
    const res = await ctx.server.api.post(
      '/api/invoices/preview',
      { ...invoicePayload(ctx.server), customer: null, lines: [], id: null },
      opts(),
    );
    expect(res.status).toBe(200);
    expect(isPdf(res.raw)).toBe(true);
    expect(await pdfText(res.raw)).toContain('Aperçu');
    const full = await ctx.server.api.post(
      '/api/invoices/preview',
      invoicePayload(ctx.server, { vatClause: 'TVA non applicable, art. 293 B du CGI', lines: [line({ vatRate: 0 })] }),
      opts(),
    );
    const text = await pdfText(full.raw);
    expect(text).toContain('Hôtel du Parc');
    expect(text).toContain('TVA non applicable, art. 293 B du CGI');
    expect((await ctx.server.api.post('/api/invoices/preview', { lines: 3 }, opts())).status).toBe(400);
  });
});

describe('PUT /api/invoices/:id/payment', () => {
  it('records the payment of a validated invoice only', async () => {
    const draft = (await ctx.server.api.post('/api/invoices', invoicePayload(ctx.server), opts())).body;
    const refused = await ctx.server.api.put(
      `/api/invoices/${draft.id}/payment`,
      { paidAt: today(ctx.server) },
      opts(),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Seule une facture validée peut être marquée comme payée.');
    const overdue = (await ctx.server.api.get('/api/factures?state=overdue', opts())).body;
    expect(overdue.total).toBeGreaterThan(0);
    const target = overdue.items[0];
    expect(target.invoice.overdue).toBe(true);
    const paid = await ctx.server.api.put(`/api/invoices/${target.id}/payment`, { paidAt: today(ctx.server) }, opts());
    expect(paid.status).toBe(200);
    expect(paid.body.paidAt).toBe(today(ctx.server));
    expect((await ctx.server.api.get('/api/factures?state=overdue', opts())).body.total).toBe(overdue.total - 1);
    const undone = await ctx.server.api.put(`/api/invoices/${target.id}/payment`, { paidAt: null }, opts());
    expect(undone.body.paidAt).toBeNull();
    expect((await ctx.server.api.put(`/api/invoices/${target.id}/payment`, { paidAt: 'hier' }, opts())).status).toBe(
      400,
    );
  });
});

describe('GET /api/factures (list)', () => {
  it('puts unnumbered drafts first, then numbers descending, with the row shape of INV-18', async () => {
    const res = await ctx.server.api.get('/api/factures?pageSize=500', opts());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 500 });
    const items = res.body.items as Array<{ number: string | null; type: string }>;
    expect(items.length).toBe(res.body.total);
    const firstNumbered = items.findIndex((i) => i.number !== null);
    expect(items.slice(firstNumbered).every((i) => i.number !== null)).toBe(true);
    // Whole numbers (F2026-0012): each year's series starts again at 1, and comes first once it has.
    const factures = items.filter((i) => i.type === 'Facture' && i.number).map((i) => i.number!);
    expect(factures).toEqual([...factures].sort().reverse());
    expect(res.body.items[firstNumbered]).toEqual({
      id: expect.any(Number),
      customer: {
        socialReason: expect.any(String),
        name: expect.any(String),
        accountNumber: expect.stringMatching(/^C\d+/),
      },
      type: expect.stringMatching(/^(Facture|Avoir)$/),
      number: expect.stringMatching(/^(F|AV)\d{4}-\d{4}$/),
      estimate: null,
      // The last lifecycle status the platform or the buyer gave (decision 089), none yet here.
      lastStatus: null,
      invoice: expect.objectContaining({
        createdAt: expect.any(String),
        validated: true,
        sentAt: null,
        overdue: expect.any(Boolean),
        ht: expect.any(Number),
        tva: expect.any(Number),
        ttc: expect.any(Number),
      }),
    });
    expect(Object.keys(res.body.items[firstNumbered].invoice).sort()).toEqual([
      'amountCredited',
      'amountPaid',
      'createdAt',
      'dueDate',
      'ht',
      'overdue',
      'paidAt',
      'sentAt',
      'ttc',
      'tva',
      'validated',
    ]);
    expect(items.some((i: any) => i.estimate?.number?.startsWith('D'))).toBe(true);
  });

  it('filters by search (accents and case ignored), customer, type, validated flag, period, state; pages', async () => {
    const all = (await ctx.server.api.get('/api/factures?pageSize=500', opts())).body.items as any[];
    const hotel = (await ctx.server.api.get(`/api/factures?q=${encodeURIComponent('hotel PARC')}`, opts())).body;
    expect(hotel.total).toBeGreaterThan(0);
    expect(hotel.items.every((i: any) => i.customer.socialReason === 'Hôtel du Parc')).toBe(true);
    const target = all.find((i) => i.number?.endsWith('-0002') && i.type === 'Facture');
    const byNumber = (await ctx.server.api.get(`/api/factures?q=${target.number}`, opts())).body;
    // A credit note names the invoice it corrects (« Avoir sur la facture F2026-0002 »): searching the
    // invoice's number finds its credit notes too, and nothing else.
    expect(byNumber.items.map((i: any) => i.id)).toContain(target.id);
    expect(byNumber.items.filter((i: any) => i.id !== target.id).map((i: any) => i.type)).toEqual(
      byNumber.items.filter((i: any) => i.id !== target.id).map(() => 'Avoir'),
    );
    const customer = (await ctx.server.api.get('/api/factures?customer=C00002&pageSize=500', opts())).body;
    expect(customer.total).toBe(all.filter((i) => i.customer.accountNumber === 'C00002').length);
    const avoirs = (await ctx.server.api.get('/api/factures?type=Avoir&pageSize=500', opts())).body;
    expect(avoirs.items.every((i: any) => i.type === 'Avoir')).toBe(true);
    const drafts = (await ctx.server.api.get('/api/factures?validated=false&pageSize=500', opts())).body;
    expect(drafts.total).toBe(all.filter((i) => !i.invoice.validated).length);
    const t = today(ctx.server);
    const month = (await ctx.server.api.get(`/api/factures?from=${t.slice(0, 7)}-01&to=${t}&pageSize=500`, opts()))
      .body;
    expect(
      month.items.every((i: any) => i.invoice.createdAt >= `${t.slice(0, 7)}-01` && i.invoice.createdAt <= t),
    ).toBe(true);
    const paid = (await ctx.server.api.get('/api/factures?state=paid&pageSize=500', opts())).body;
    expect(paid.total).toBeGreaterThan(0);
    expect(paid.items.every((i: any) => i.invoice.paidAt)).toBe(true);
    const page2 = (await ctx.server.api.get('/api/factures?page=2&pageSize=3', opts())).body;
    expect(page2).toMatchObject({ page: 2, pageSize: 3, total: all.length });
    expect(page2.items.map((i: any) => i.id)).toEqual(all.slice(3, 6).map((i) => i.id));
    expect((await ctx.server.api.get('/api/factures?state=late', opts())).status).toBe(400);
    expect((await ctx.server.api.get('/api/factures?from=demain', opts())).status).toBe(400);
  });

  it('GET /api/factures/detail gives one invoice (?id=) or several (?ids=)', async () => {
    const items = (await ctx.server.api.get('/api/factures?pageSize=3', opts())).body.items as any[];
    const one = await ctx.server.api.get(`/api/factures/detail?id=${items[0].id}`, opts());
    expect(one.body).toEqual((await ctx.server.api.get(`/api/invoices/${items[0].id}`, opts())).body);
    const many = await ctx.server.api.get(`/api/factures/detail?ids=${items.map((i) => i.id).join(',')}`, opts());
    expect(many.body.map((i: any) => i.id).sort()).toEqual(items.map((i) => i.id).sort());
    expect((await ctx.server.api.get('/api/factures/detail?ids=1,abc', opts())).status).toBe(400);
  });
});

describe('GET /api/factures/etat (dashboard)', () => {
  it('gives figures consistent with the lists, and the Starter limit where it applies', async () => {
    const res = await ctx.server.api.get('/api/factures/etat', opts());
    expect(res.status).toBe(200);
    const unpaid = (await ctx.server.api.get('/api/factures?state=unpaid&pageSize=500', opts())).body;
    const overdue = (await ctx.server.api.get('/api/factures?state=overdue&pageSize=500', opts())).body;
    // What is still due: TTC less payments and credit notes (decision 011).
    const sum = (rows: any[]) =>
      Math.round(
        rows.reduce((s, r) => s + (r.invoice.ttc - r.invoice.amountPaid - r.invoice.amountCredited) * 100, 0),
      ) / 100;
    expect(res.body).toMatchObject({
      unpaidCount: unpaid.total,
      unpaidAmount: sum(unpaid.items),
      overdueCount: overdue.total,
      overdueAmount: sum(overdue.items),
      openQuotesCount: 2,
      monthlyLimit: null,
      subscriptionInvoice: null,
    });
    expect(res.body.monthly).toHaveLength(12);
    expect(res.body.monthly[11]).toEqual({ month: today(ctx.server).slice(0, 7), ht: res.body.turnoverMonth });
    expect(res.body.turnoverYear).toBeGreaterThanOrEqual(res.body.turnoverMonth);
    const starter = await ctx.server.api.get('/api/factures/etat', {
      token: ctx.demo,
      company: companyId(ctx.server, STARTER),
    });
    expect(starter.body).toMatchObject({ validatedThisMonth: 4, monthlyLimit: 5, subscriptionInvoice: 'Starter' });
  });
});

describe('GET /api/customers/:accountNumber/documents', () => {
  it('lists the customer’s invoices and quotes; an unknown customer is 404', async () => {
    const res = await ctx.server.api.get('/api/customers/C00002/documents', opts());
    expect(res.status).toBe(200);
    expect(res.body.invoices.length).toBeGreaterThan(0);
    expect(res.body.invoices.every((i: any) => i.customer.accountNumber === 'C00002')).toBe(true);
    expect(res.body.quotes.every((q: any) => q.customer.accountNumber === 'C00002')).toBe(true);
    expect((await ctx.server.api.get('/api/customers/NOPE/documents', opts())).status).toBe(404);
  });
});

describe('company scope and rights', () => {
  it('another company’s invoice is 404, never revealed', async () => {
    const created = (await ctx.server.api.post('/api/invoices', invoicePayload(ctx.server), opts())).body;
    const garage = { token: ctx.demo, company: companyId(ctx.server, GARAGE) };
    for (const res of [
      await ctx.server.api.get(`/api/invoices/${created.id}`, garage),
      await ctx.server.api.put(`/api/invoices/${created.id}`, invoicePayload(ctx.server), garage),
      await ctx.server.api.delete(`/api/invoices/${created.id}`, garage),
      await ctx.server.api.put(`/api/invoices/${created.id}/validate`, { ledgerId: 1 }, garage),
      await ctx.server.api.get(`/api/invoices/${created.id}/pdf`, garage),
      await ctx.server.api.get(`/api/factures/detail?id=${created.id}`, garage),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Cette facture est introuvable.');
    }
    expect((await ctx.server.api.get(`/api/invoices/${created.id}`, opts())).status).toBe(200);
  });

  it('403 without the invoicing right, and per permission', async () => {
    const plume = { token: ctx.demo, company: companyId(ctx.server, NO_INVOICING) };
    expect((await ctx.server.api.get('/api/factures', plume)).status).toBe(403);
    expect((await ctx.server.api.post('/api/invoices', invoicePayload(ctx.server), plume)).status).toBe(403);
    expect((await ctx.server.api.get('/api/factures/etat', plume)).status).toBe(403);
    // In the garage, the demo user may only view the invoice list.
    const garageId = companyId(ctx.server, GARAGE);
    await ctx.server.deps.db
      .update(memberships)
      .set({
        appRights: [
          {
            label: 'mesFactures',
            permissions: ['view'],
            children: [{ label: 'listeFactures', permissions: ['view'] }],
          },
        ],
      })
      .where(and(eq(memberships.userId, ctx.server.seed!.demoUserId), eq(memberships.companyId, garageId)));
    const garage = { token: ctx.demo, company: garageId };
    expect((await ctx.server.api.get('/api/factures', garage)).status).toBe(200);
    const post = await ctx.server.api.post('/api/invoices', invoicePayload(ctx.server), garage);
    expect(post.status).toBe(403);
    expect(post.body.message).toBe('Vous n’avez pas les droits nécessaires pour cette action.');
    const anyDraft = (await ctx.server.api.get('/api/factures?validated=false', garage)).body.items[0];
    expect((await ctx.server.api.put(`/api/invoices/${anyDraft.id}/validate`, {}, garage)).status).toBe(403);
    expect((await ctx.server.api.delete(`/api/invoices/${anyDraft.id}`, garage)).status).toBe(403);
    expect((await ctx.server.api.get('/api/estimates', garage)).status).toBe(403);
  });

  it('401 without a token', async () => {
    expect((await ctx.server.api.get('/api/factures')).status).toBe(401);
  });
});
