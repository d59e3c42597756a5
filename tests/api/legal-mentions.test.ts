import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppRight } from '../../src/domain/rights';
import { customers, invoices, memberships } from '../../server/src/db/schema/index';
import {
  GARAGE,
  STARTER,
  customerPayload,
  invoicePayload,
  MARTIN,
  pdfText,
  TEST_SIREN,
  TEST_VAT_NUMBER,
} from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Decision 046: the seller's legal
// details (GET/PUT /api/company/legal-details), the professional customer's SIREN, the invoice's
// new mentions, credit notes naming their invoice, customers archived rather than deleted; each
// rule in its French wording, and the validated PDF's text.

const ctx = useTestServer();
let martin: number;
let garage: number;
let starter: number;
beforeAll(() => {
  martin = ctx.company(MARTIN);
  garage = ctx.company(GARAGE);
  starter = ctx.company(STARTER);
});

const as = (company: number) => ({ token: ctx.demo, company });
const LEGAL = '/api/company/legal-details';
const NO_RIGHT = 'Vous n’avez pas les droits nécessaires pour cette action.';

/** The seeded Garage's details as a PUT body (they are complete). */
async function legalBody(company: number): Promise<Record<string, unknown>> {
  const res = await ctx.server.api.get(LEGAL, as(company));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { missing: _missing, ...body } = res.body;
  return body;
}

async function draft(company: number, overrides: Record<string, unknown> = {}) {
  const res = await ctx.server.api.post('/api/invoices', invoicePayload(ctx.server, overrides), as(company));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const validate = (company: number, id: number) => ctx.server.api.put(`/api/invoices/${id}/validate`, {}, as(company));

describe('GET/PUT /api/company/legal-details', () => {
  it('reads the seeded seller: complete for a company, a sole trader without legal form nor capital', async () => {
    const res = await ctx.server.api.get(LEGAL, as(martin));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      label: MARTIN,
      legalForm: 'SARL',
      siren: '512345679',
      vatNumber: 'FR75512345679',
      soleTrader: false,
      latePenaltyRate: null,
      vatOnDebits: false,
      missing: [],
    });
    const ei = await ctx.server.api.get(LEGAL, as(starter));
    expect(ei.body).toMatchObject({ soleTrader: true, legalForm: null, shareCapital: null, missing: [] });
  });

  it('refuses a wrong SIREN, SIRET or VAT number in French (422) and stores nothing', async () => {
    const body = await legalBody(garage);
    const bad = await ctx.server.api.put(LEGAL, { ...body, siren: '498765432' }, as(garage));
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      message: 'Les mentions légales de la société contiennent des erreurs.',
      errors: expect.arrayContaining(['Le SIREN de la société n’est pas valide (9 chiffres, clé de contrôle).']),
    });
    const siret = await ctx.server.api.put(LEGAL, { ...body, siret: '55203253400018' }, as(garage));
    expect(siret.body.errors).toEqual(['Le SIRET de la société doit commencer par son SIREN.']);
    const vat = await ctx.server.api.put(LEGAL, { ...body, vatNumber: 'FR29498765437' }, as(garage));
    expect(vat.body.errors).toEqual([
      'Le numéro de TVA intracommunautaire de la société n’est pas valide : FR, une clé de 2 chiffres et le SIREN (ou le code d’un autre pays de l’UE suivi du numéro).',
    ]);
    expect((await ctx.server.api.get(LEGAL, as(garage))).body.siren).toBe('498765437');
  });

  it('stores identifiers compact and answers what is still missing', async () => {
    const body = await legalBody(garage);
    const res = await ctx.server.api.put(
      LEGAL,
      { ...body, siren: '498 765 437', vatNumber: 'fr 28 498 765 437', shareCapital: '', rcs: null },
      as(garage),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      siren: '498765437',
      vatNumber: 'FR28498765437',
      shareCapital: null,
      missing: ['capital social', 'ville d’immatriculation (RCS ou RM)'],
    });
    const back = await ctx.server.api.put(LEGAL, body, as(garage));
    expect(back.body.missing).toEqual([]);
  });

  it('needs the invoice list right: view to read, edit to write (403 otherwise)', async () => {
    const restore = await memberRights(martin);
    try {
      await setRights(martin, [
        { label: 'mesFactures', permissions: ['view'], children: [{ label: 'listeFactures', permissions: ['view'] }] },
      ]);
      expect((await ctx.server.api.get(LEGAL, as(martin))).status).toBe(200);
      const put = await ctx.server.api.put(LEGAL, await legalBody(martin), as(martin));
      expect(put.status).toBe(403);
      expect(put.body.message).toBe(NO_RIGHT);
      await setRights(martin, [
        { label: 'mesFactures', permissions: ['view'], children: [{ label: 'listeDevis', permissions: ['view'] }] },
      ]);
      expect((await ctx.server.api.get(LEGAL, as(martin))).status).toBe(403);
    } finally {
      await setRights(martin, restore);
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await ctx.server.api.get('/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/company/legal-details'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
  });

  it('reaches the environment: sole trader, late-payment rate, VAT on debits', async () => {
    const env = await ctx.server.api.get('/api/environment/plume', as(starter));
    expect(env.body.company).toMatchObject({ soleTrader: true, latePenaltyRate: null, vatOnDebits: false });
  });
});

describe('validation and the seller’s legal details', () => {
  it('is refused naming what is missing, then accepted once filled; validated invoices keep their seller', async () => {
    const body = await legalBody(garage);
    const before = await draft(garage);
    expect((await validate(garage, before.id)).status).toBe(200);

    await ctx.server.api.put(LEGAL, { ...body, siren: null, shareCapital: null }, as(garage));
    const inv = await draft(garage);
    const refused = await validate(garage, inv.id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toContain(
      'Complétez les mentions légales de la société avant de valider une facture : capital social, SIREN.',
    );
    expect((await ctx.server.api.get(`/api/invoices/${inv.id}`, as(garage))).body).toMatchObject({
      validated: false,
      number: null,
    });

    // Filled again, under a new name: the new invoice carries it, the earlier one keeps its own.
    const renamed = await ctx.server.api.put(LEGAL, { ...body, label: 'Garage Dupont Automobiles' }, as(garage));
    expect(renamed.status).toBe(200);
    const ok = await validate(garage, inv.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await pdfText(Buffer.from(ok.body.file, 'base64'))).toContain('Garage Dupont Automobiles');
    const [frozen] = await ctx.server.deps.db
      .select({ seller: invoices.sellerSnapshot })
      .from(invoices)
      .where(eq(invoices.id, before.id));
    expect(frozen.seller).toMatchObject({ name: GARAGE, siren: '498765437' });
    const earlierPdf = await ctx.server.api.get(`/api/invoices/${before.id}/pdf`, as(garage));
    const earlierText = await pdfText(earlierPdf.raw);
    expect(earlierText).toContain(GARAGE);
    expect(earlierText).not.toContain('Garage Dupont Automobiles');
    await ctx.server.api.put(LEGAL, body, as(garage));
  });
});

describe('professional customers: SIREN and VAT number', () => {
  const post = (company: number, body: unknown) => ctx.server.api.post('/api/customers', body, as(company));

  it('requires a valid SIREN for a professional customer in France (422 in French)', async () => {
    const none = await post(martin, customerPayload('Vidal SARL', { siren: '' }));
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual(['Le SIREN est obligatoire pour un client professionnel en France.']);
    const wrong = await post(martin, customerPayload('Vidal SARL', { siren: '552 032 535' }));
    expect(wrong.body.errors).toEqual(['Le SIREN du client n’est pas valide (9 chiffres, clé de contrôle).']);
    const vat = await post(martin, customerPayload('Vidal SARL', { vatNumber: 'FR 28 552032534' }));
    expect(vat.body.errors).toEqual([
      'Le numéro de TVA intracommunautaire n’est pas valide : FR, une clé de 2 chiffres et le SIREN (ou le code d’un autre pays de l’UE suivi du numéro).',
    ]);
    const ok = await post(martin, customerPayload('Vidal SARL', { siren: '552 032 534', vatNumber: TEST_VAT_NUMBER }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ siren: TEST_SIREN, vatNumber: TEST_VAT_NUMBER, archived: false });
  });

  it('asks no SIREN of a private customer nor of a business abroad', async () => {
    const person = await post(martin, customerPayload('Luc Bernard', { siren: '', isBusiness: false }));
    expect(person.status, JSON.stringify(person.body)).toBe(201);
    const abroad = await post(
      martin,
      customerPayload('Brasserie Liégeoise', { siren: '', country: 'Belgique', vatNumber: 'BE0123456789' }),
    );
    expect(abroad.status, JSON.stringify(abroad.body)).toBe(201);
  });

  it('refuses to validate an invoice for a professional customer recorded without a SIREN', async () => {
    // A record saved before the reform (the rule now refuses it on save).
    await ctx.server.deps.db.insert(customers).values({
      companyId: martin,
      accountNumber: 'OLD-PRO',
      socialReason: 'Ancien Client Pro',
      address: '1 rue Haute',
      postalCode: '69001',
      city: 'Lyon',
      country: 'France',
      isBusiness: true,
    });
    const inv = await draft(martin, { customer: { accountNumber: 'OLD-PRO' } });
    const refused = await validate(martin, inv.id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      'Le client Ancien Client Pro (OLD-PRO) est un professionnel en France : renseignez son SIREN (valide) avant de valider la facture.',
    ]);
  });
});

describe('the invoice’s reform mentions', () => {
  it('stores operation kind, VAT on debits, delivery address and sale date, and prints them', async () => {
    const date = invoicePayload(ctx.server).createdAt as string;
    const saleDate = `${date.slice(0, 8)}01`; // the first of the month (the same date is not printed)
    const inv = await draft(martin, {
      operationKind: 'services',
      vatOnDebits: true,
      deliveryAddress: 'Salle des fêtes\n1 place du Marché\n69004 Lyon',
      saleDate,
    });
    expect(inv).toMatchObject({
      operationKind: 'services',
      vatOnDebits: true,
      deliveryAddress: 'Salle des fêtes\n1 place du Marché\n69004 Lyon',
      saleDate,
    });
    const res = await validate(martin, inv.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const text = await pdfText(Buffer.from(res.body.file, 'base64'));
    for (const s of [
      "Nature de l'opération : prestations de services",
      'Adresse de livraison',
      'Salle des fêtes',
      "Option pour le paiement de la taxe d'après les débits",
      "Pénalités de retard : 3 fois le taux d'intérêt légal",
      'Indemnité forfaitaire pour frais de recouvrement : 40 €',
      'SIREN : 532118908',
    ])
      expect(text).toContain(s);
    if (saleDate !== date) expect(text).toContain(`Date de la vente / prestation : ${frenchDate(saleDate)}`);
  });

  it('freezes the company’s default VAT on debits at validation and prints nothing when not given', async () => {
    const inv = await draft(martin);
    expect(inv).toMatchObject({ operationKind: null, vatOnDebits: null, deliveryAddress: null, saleDate: null });
    const res = await validate(martin, inv.id);
    expect(res.body.invoice.vatOnDebits).toBe(false);
    const text = await pdfText(Buffer.from(res.body.file, 'base64'));
    for (const s of ['Nature de', 'débits', 'Date de la vente', 'Adresse de livraison']) expect(text).not.toContain(s);
  });

  it('refuses an unknown operation kind or an impossible sale date (400, naming the field)', async () => {
    const kind = await ctx.server.api.post(
      '/api/invoices',
      invoicePayload(ctx.server, { operationKind: 'autre' } as never),
      as(martin),
    );
    expect(kind.status).toBe(400);
    const sale = await ctx.server.api.post(
      '/api/invoices',
      invoicePayload(ctx.server, { saleDate: '2026-02-30' } as never),
      as(martin),
    );
    expect(sale.status).toBe(400);
  });

  it('prints « EI » after a sole trader’s name and no private customer’s indemnity', async () => {
    const inv = await draft(starter, { customer: { accountNumber: 'C00003' }, payementMode: 'Carte bancaire' });
    const res = await validate(starter, inv.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const text = await pdfText(Buffer.from(res.body.file, 'base64'));
    expect(text).toContain(`${STARTER} EI`);
    expect(text).not.toContain('Indemnité forfaitaire');
  });
});

describe('credit notes', () => {
  async function validatedInvoice(customer = 'C00001') {
    const inv = await draft(martin, { customer: { accountNumber: customer } });
    const res = await validate(martin, inv.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.invoice;
  }
  const credit = (over: Record<string, unknown>) =>
    invoicePayload(ctx.server, { type: 'Avoir', dueDate: null, ...over } as never);

  it('is validated only with the invoice it corrects', async () => {
    const draftCredit = await ctx.server.api.post('/api/invoices', credit({}), as(martin));
    expect(draftCredit.status, JSON.stringify(draftCredit.body)).toBe(201);
    const refused = await validate(martin, draftCredit.body.id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      'Un avoir doit indiquer la facture qu’il corrige : choisissez la facture validée concernée.',
    ]);
  });

  it('must concern the same customer as the invoice it corrects', async () => {
    const inv = await validatedInvoice('C00001');
    const other = await ctx.server.api.post(
      '/api/invoices',
      credit({ customer: { accountNumber: 'C00002' }, correctedInvoiceId: inv.id }),
      as(martin),
    );
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual([
      `L’avoir doit concerner le même client que la facture ${inv.number} qu’il corrige.`,
    ]);
  });

  it('never credits more than what remains', async () => {
    const inv = await validatedInvoice('C00001');
    const first = await ctx.server.api.post('/api/invoices', credit({ correctedInvoiceId: inv.id }), as(martin));
    expect((await validate(martin, first.body.id)).status).toBe(200);
    const again = await ctx.server.api.post('/api/invoices', credit({ correctedInvoiceId: inv.id }), as(martin));
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual([
      `La facture ${inv.number} est déjà entièrement créditée : aucun nouvel avoir n’est possible.`,
    ]);
  });
});

describe('customers named on validated invoices: archived, never deleted', () => {
  const path = (n: string) => `/api/customers/${encodeURIComponent(n)}`;

  it('DELETE answers 409 in French; archiving keeps it listed and synced with archived: true', async () => {
    const del = await ctx.server.api.delete(path('C00002'), as(garage));
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('Ce client a des factures validées : archivez-le au lieu de le supprimer.');

    const archived = await ctx.server.api.put(`${path('C00002')}/archive`, { archived: true }, as(garage));
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    expect(archived.body).toMatchObject({ accountNumber: 'C00002', archived: true });

    const list = await ctx.server.api.get('/api/customers?pageSize=100', as(garage));
    const row = list.body.items.find((c: { accountNumber: string }) => c.accountNumber === 'C00002');
    expect(row).toMatchObject({ archived: true });
    expect(list.body.items.find((c: { accountNumber: string }) => c.accountNumber === 'C00001')).toMatchObject({
      archived: false,
    });
    const env = await ctx.server.api.get('/api/environment/plume', as(garage));
    expect(
      env.body.invoice.customers.find((c: { accountNumber: string }) => c.accountNumber === 'C00002'),
    ).toMatchObject({ archived: true });
    const sync = await ctx.server.api.get('/api/sync/customers', as(garage));
    expect(sync.body.items.find((c: { accountNumber: string }) => c.accountNumber === 'C00002')).toMatchObject({
      archived: true,
    });
    // Still read by its number.
    expect((await ctx.server.api.get(path('C00002'), as(garage))).body).toMatchObject({ archived: true });

    const back = await ctx.server.api.put(`${path('C00002')}/archive`, { archived: false }, as(garage));
    expect(back.body.archived).toBe(false);
    expect((await ctx.server.api.put(`${path('NOBODY')}/archive`, { archived: true }, as(garage))).status).toBe(404);
  });

  it('still deletes a customer without validated invoices (204)', async () => {
    const made = await ctx.server.api.post('/api/customers', customerPayload('À supprimer'), as(garage));
    expect(made.status).toBe(201);
    expect((await ctx.server.api.delete(path(made.body.accountNumber), as(garage))).status).toBe(204);
  });
});

// ── helpers ──────────────────────────────────────────────────────────────────────────────────
const frenchDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function memberRights(company: number): Promise<AppRight[]> {
  const [row] = await ctx.server.deps.db
    .select({ rights: memberships.appRights })
    .from(memberships)
    .where(and(eq(memberships.userId, ctx.server.seed!.demoUserId), eq(memberships.companyId, company)));
  return row.rights as AppRight[];
}

async function setRights(company: number, rights: AppRight[]): Promise<void> {
  await ctx.server.deps.db
    .update(memberships)
    .set({ appRights: rights })
    .where(and(eq(memberships.userId, ctx.server.seed!.demoUserId), eq(memberships.companyId, company)));
}
