import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  customers,
  invoicePayments,
  invoicePdfs,
  invoices,
  memberships,
} from '../../server/src/db/schema/index';
import { firmInvoiceOf, statementBalance } from '../../server/src/modules/my-account/service';
import { FIRM_LABEL } from '../../server/src/seed/my-account';
import { addDays, todayInParis } from '../../src/domain/dates';
import { startTestServer, type TestServer } from '../support/test-server';

// « Mon compte » (decision 043), against the real server and the demo data: the firm
// « Cabinet Workplace Expertise » invoices each company of `demo`. The statement is checked on a
// fixture of our own (Conseil Audit Rousseau, the admin's company, linked during the test) whose
// figures are computed by hand below.

let server: TestServer;
let demo: string;
let admin: string;
let firmId: number;
beforeAll(async () => {
  server = await startTestServer();
  ({ token: demo } = await server.api.login('demo'));
  ({ token: admin } = await server.api.login('admin'));
  const [firm] = await server.deps.db.select().from(companies).where(eq(companies.label, FIRM_LABEL));
  firmId = firm.id;
});
afterAll(() => server?.close());

const companyId = (label: string) => server.seed!.companies.find((c) => c.label === label)!.id;
const bakery = () => companyId('Boulangerie Pâtisserie Martin');
const garage = () => companyId('Garage Dupont & Fils');
const conseil = () => companyId('Conseil Audit Rousseau');

describe('the demo account', () => {
  it('lists the firm’s twelve monthly invoices and the credit note, newest first, with their statuses', async () => {
    const res = await server.api.get('/api/my-account/invoices?pageSize=100', { token: demo, company: bakery() });
    expect(res.status).toBe(200);
    expect(res.body.firm).toEqual({ label: FIRM_LABEL });
    expect(res.body.total).toBe(13);
    const statuses = res.body.items.map((i: { status: string }) => i.status);
    expect(statuses.filter((s: string) => s === 'paid')).toHaveLength(10);
    expect(statuses.filter((s: string) => s === 'credit')).toHaveLength(1);
    expect(statuses.filter((s: string) => s === 'overdue')).toHaveLength(1);
    expect(statuses.filter((s: string) => s === 'unpaid')).toHaveLength(1);
    const dates = res.body.items.map((i: { date: string }) => i.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const overdue = await server.api.get('/api/my-account/invoices?status=overdue', { token: demo, company: bakery() });
    expect(overdue.body.items).toHaveLength(1);
    expect(overdue.body.items[0]).toMatchObject({ statusLabel: 'En retard', paid: 0 });
  });

  it('serves the stored PDF of an invoice, the same bytes on every read', async () => {
    const list = await server.api.get('/api/my-account/invoices', { token: demo, company: bakery() });
    const id = list.body.items[0].id;
    const first = await server.api.get(`/api/my-account/invoices/${id}/pdf?download=1`, {
      token: demo,
      company: bakery(),
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(new TextDecoder().decode(first.raw.slice(0, 5))).toBe('%PDF-');
    const [stored] = await server.deps.db.select().from(invoicePdfs).where(eq(invoicePdfs.invoiceId, id));
    expect(Buffer.from(stored.bytes).equals(Buffer.from(first.raw))).toBe(true);
    const again = await server.api.get(`/api/my-account/invoices/${id}/pdf`, { token: demo, company: bakery() });
    expect(Buffer.from(again.raw).equals(Buffer.from(first.raw))).toBe(true);
  });

  it('never shows another company’s invoice (404), nor the company’s own invoicing documents', async () => {
    const garageList = await server.api.get('/api/my-account/invoices', { token: demo, company: garage() });
    const foreign = garageList.body.items[0].id;
    const res = await server.api.get(`/api/my-account/invoices/${foreign}/pdf`, { token: demo, company: bakery() });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Facture introuvable.');
    const [own] = await server.deps.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyId, bakery()), eq(invoices.validated, true)))
      .limit(1);
    expect(
      (await server.api.get(`/api/my-account/invoices/${own.id}/pdf`, { token: demo, company: bakery() })).status,
    ).toBe(404);
    expect((await server.api.get('/api/my-account/invoices/abc/pdf', { token: demo, company: bakery() })).status).toBe(
      400,
    );
  });

  it('the statement over the default period balances: closing = opening + debits − credits', async () => {
    const res = await server.api.get('/api/my-account/statement', { token: demo, company: bakery() });
    expect(res.status).toBe(200);
    const s = res.body;
    expect(s.lines.length).toBeGreaterThan(0);
    const cents = (n: number) => Math.round(n * 100);
    expect(cents(s.closingBalance)).toBe(cents(s.openingBalance) + cents(s.totalDebit) - cents(s.totalCredit));
    expect(cents(s.lines.at(-1).balance)).toBe(cents(s.closingBalance));
  });

  it('needs the monCompte right (view to read, download for files)', async () => {
    const cafe = companyId('Café des Arts');
    const [m] = await server.deps.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, server.seed!.demoUserId), eq(memberships.companyId, cafe)));
    const withoutAccount = m.appRights.filter((r) => r.label !== 'monCompte');
    await server.deps.db
      .update(memberships)
      .set({ appRights: withoutAccount })
      .where(and(eq(memberships.userId, m.userId), eq(memberships.companyId, cafe)));
    for (const path of [
      '/api/my-account/invoices',
      '/api/my-account/statement',
      '/api/my-account/statement/export?format=csv',
    ])
      expect((await server.api.get(path, { token: demo, company: cafe })).status).toBe(403);
    const viewOnly = [...withoutAccount, { label: 'monCompte', permissions: ['view' as const], children: [] }];
    await server.deps.db
      .update(memberships)
      .set({ appRights: viewOnly })
      .where(and(eq(memberships.userId, m.userId), eq(memberships.companyId, cafe)));
    expect((await server.api.get('/api/my-account/statement', { token: demo, company: cafe })).status).toBe(200);
    expect(
      (await server.api.get('/api/my-account/statement/export?format=pdf', { token: demo, company: cafe })).status,
    ).toBe(403);
    await server.deps.db
      .update(memberships)
      .set({ appRights: m.appRights })
      .where(and(eq(memberships.userId, m.userId), eq(memberships.companyId, cafe)));
  });
});

describe('a statement computed by hand', () => {
  let customerId: number;
  let f3: number;
  const today = () => todayInParis(new Date());

  it('a company without link has an empty account (firm: null)', async () => {
    const list = await server.api.get('/api/my-account/invoices', { token: admin, company: conseil() });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ items: [], total: 0, firm: null });
    const s = await server.api.get('/api/my-account/statement', { token: admin, company: conseil() });
    expect(s.body).toMatchObject({ firm: null, lines: [], openingBalance: 0, closingBalance: 0 });
  });

  it('only the firm links a company to its customer record', async () => {
    const [c] = await server.deps.db
      .insert(customers)
      .values({ companyId: firmId, accountNumber: 'C09999', socialReason: 'Conseil Audit Rousseau' })
      .returning();
    customerId = c.id;
    const path = `/api/my-account/link/${conseil()}`;
    expect((await server.api.put(path, { firmCompanyId: firmId, customerId }, { token: demo })).status).toBe(403);
    expect((await server.api.get(path, { token: demo })).status).toBe(403);
    // A customer of another company than the firm named → 404.
    const [other] = await server.deps.db.select().from(customers).where(eq(customers.companyId, bakery())).limit(1);
    expect((await server.api.put(path, { firmCompanyId: firmId, customerId: other.id }, { token: admin })).status).toBe(
      404,
    );
    // A customer already linked to another company → 409.
    const [taken] = await server.deps.db
      .select()
      .from(customers)
      .where(eq(customers.companyId, firmId))
      .orderBy(customers.id)
      .limit(1);
    expect((await server.api.put(path, { firmCompanyId: firmId, customerId: taken.id }, { token: admin })).status).toBe(
      409,
    );
    expect(
      (await server.api.put('/api/my-account/link/999999', { firmCompanyId: firmId, customerId }, { token: admin }))
        .status,
    ).toBe(404);
    expect((await server.api.put(path, { firmCompanyId: 'x' }, { token: admin })).status).toBe(400);
    const ok = await server.api.put(path, { firmCompanyId: firmId, customerId }, { token: admin });
    expect(ok.status).toBe(200);
    expect(ok.body.link).toMatchObject({
      clientCompanyId: conseil(),
      firmCompanyId: firmId,
      customerId,
      customerLabel: 'Conseil Audit Rousseau (C09999)',
    });
    expect((await server.api.get(path, { token: admin })).body.link.customerId).toBe(customerId);
  });

  it('gives the hand-computed opening, lines, totals and closing', async () => {
    const db = server.deps.db;
    const doc = (n: string, type: string, date: string, dueDate: string | null, ttc: string, extra = {}) => ({
      companyId: firmId,
      type,
      customerId,
      createdAt: date,
      dueDate,
      ttc,
      ht: ttc,
      validated: true,
      number: `TEST-${n}`,
      ...extra,
    });
    const [f0, f1, f2, f3Row, , f4] = await db
      .insert(invoices)
      .values([
        doc('F0', 'Facture', '2024-12-10', '2025-01-09', '50.00'),
        doc('F1', 'Facture', '2025-01-10', '2025-02-09', '120.00'),
        doc('F2', 'Facture', '2025-02-10', '2025-03-12', '240.00', { amountCredited: '36.00' }),
        doc('F3', 'Facture', '2025-03-10', '2025-04-09', '333.33'),
        doc('A1', 'Avoir', '2025-02-15', null, '36.00'),
        doc('F4', 'Facture', today(), addDays(today(), 30), '99.99'),
        // A draft and a document of another customer never show.
        { ...doc('D1', 'Facture', '2025-02-20', null, '1000.00'), validated: false, number: null },
      ])
      .returning({ id: invoices.id });
    f3 = f3Row.id;
    const pay = (invoiceId: number, paidOn: string, amount: string, means: string) => ({
      companyId: firmId,
      invoiceId,
      paidOn,
      amount,
      means,
    });
    await db
      .insert(invoicePayments)
      .values([
        pay(f0.id, '2024-12-20', '30.00', 'virement'),
        pay(f1.id, '2025-01-25', '120.00', 'virement'),
        pay(f2.id, '2025-03-01', '100.00', 'carte'),
      ]);
    const res = await server.api.get('/api/my-account/statement?dateStart=2025-01-01&dateEnd=2025-03-31', {
      token: admin,
      company: conseil(),
    });
    expect(res.status).toBe(200);
    // Opening: F0 50.00 − its payment 30.00 = 20.00. Then 20 +120 −120 +240 −36 −100 +333.33.
    expect(res.body).toMatchObject({
      firm: { label: FIRM_LABEL },
      dateStart: '2025-01-01',
      dateEnd: '2025-03-31',
      openingBalance: 20,
      totalDebit: 693.33,
      totalCredit: 256,
      closingBalance: 457.33,
    });
    expect(
      res.body.lines.map((l: { label: string; debit: number; credit: number; balance: number; reference: string }) => [
        l.label,
        l.reference,
        l.debit,
        l.credit,
        l.balance,
      ]),
    ).toEqual([
      ['Facture n° TEST-F1', 'TEST-F1', 120, 0, 140],
      ['Règlement par virement', 'TEST-F1', 0, 120, 20],
      ['Facture n° TEST-F2', 'TEST-F2', 240, 0, 260],
      ['Avoir n° TEST-A1', 'TEST-A1', 0, 36, 224],
      ['Règlement par carte', 'TEST-F2', 0, 100, 124],
      ['Facture n° TEST-F3', 'TEST-F3', 333.33, 0, 457.33],
    ]);
    // The whole account today adds F4: 457.33 + 99.99 = 557.32.
    expect(await statementBalance(db, conseil())).toMatchObject({
      balance: 557.32,
      balanceCents: 55732,
      firmCompanyId: firmId,
    });
    expect(await firmInvoiceOf(db, conseil(), f2.id, server.deps.now())).toMatchObject({
      remaining: 104,
      remainingCents: 10400,
      status: 'overdue',
      paid: 100,
    });
    expect(await firmInvoiceOf(db, conseil(), f4.id, server.deps.now())).toMatchObject({
      remaining: 99.99,
      status: 'unpaid',
    });
    expect(await firmInvoiceOf(db, bakery(), f4.id, server.deps.now())).toBeNull();
  });

  it('lists each status', async () => {
    const res = await server.api.get('/api/my-account/invoices', { token: admin, company: conseil() });
    const byNumber = Object.fromEntries(
      res.body.items.map((i: { number: string; status: string }) => [i.number, i.status]),
    );
    expect(byNumber).toEqual({
      'TEST-F0': 'overdue',
      'TEST-F1': 'paid',
      'TEST-F2': 'overdue',
      'TEST-F3': 'overdue',
      'TEST-A1': 'credit',
      'TEST-F4': 'unpaid',
    });
    expect(f3).toBeGreaterThan(0);
  });

  it('exports the statement in CSV (French conventions) and PDF', async () => {
    const q = 'dateStart=2025-01-01&dateEnd=2025-03-31';
    const csv = await server.api.get(`/api/my-account/statement/export?format=csv&${q}`, {
      token: admin,
      company: conseil(),
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toContain('extrait-de-compte-2025-01-01-2025-03-31.csv');
    const bytes = new Uint8Array(csv.raw);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe('Date;Libellé;Référence;Débit;Crédit;Solde');
    expect(rows[1]).toBe('01/01/2025;Solde d’ouverture;;;;20,00');
    expect(rows).toContain('10/03/2025;Facture n° TEST-F3;TEST-F3;333,33;;457,33');
    expect(rows.at(-2)).toBe(';Totaux;;693,33;256,00;');
    expect(rows.at(-1)).toBe('31/03/2025;Solde de clôture;;;;457,33');
    const pdf = await server.api.get(`/api/my-account/statement/export?format=pdf&${q}`, {
      token: admin,
      company: conseil(),
    });
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode(pdf.raw.slice(0, 5))).toBe('%PDF-');
  });

  it('refuses a bad period without a 500', async () => {
    const bad = await server.api.get('/api/my-account/statement?dateStart=2025-04-01&dateEnd=2025-03-31', {
      token: admin,
      company: conseil(),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/^Période invalide/);
    const garbage = await server.api.get('/api/my-account/statement?dateStart=hier', {
      token: admin,
      company: conseil(),
    });
    expect(garbage.status).toBe(400);
    expect(
      (await server.api.get('/api/my-account/statement/export?format=xls', { token: admin, company: conseil() }))
        .status,
    ).toBe(400);
  });
});
