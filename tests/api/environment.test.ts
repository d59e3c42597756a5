import { describe, expect, it } from 'vitest';
import { customerHasNoAddress } from '../../src/domain/check-helpers';
import { todayInParis } from '../../src/domain/dates';
import { decodeLabel64, encodeLabel64 } from '../../src/domain/label64';
import { sortArticles } from '../../src/domain/sorting';
import type { Customer } from '../../src/domain/types';
import { fromWire, type ToWire } from '../../src/domain/wire-names';
import { companies, memberships } from '../../server/src/db/schema/index';
import { clientRights } from '../../server/src/seed/rights';
import { useTestServer } from '../support/use-test-server';

// GET /api/environment/plume (ENV-1): everything the invoice and
// quote editors need, for the current company.

const ctx = useTestServer();

const companyId = (label: string) => ctx.company(label);
const environment = (company?: number, token = ctx.demo) =>
  ctx.server.api.get('/api/environment/plume', { token, company });

describe('GET /api/environment/plume', () => {
  it('gives the French defaults of the current company', async () => {
    const res = await environment();
    expect(res.status).toBe(200);
    const { invoice } = res.body;
    expect(invoice.vatRates).toEqual([20, 10, 5.5, 2.1, 0]);
    expect(invoice.unitsMeasurement.map((u: { label: string }) => u.label)).toEqual([
      'unité',
      'heure',
      'jour',
      'forfait',
      'kg',
      'm',
      'm²',
      'm³',
      'litre',
      'lot',
    ]);
    expect(invoice.meansOfPayment).toEqual(['Virement', 'Chèque', 'Carte bancaire', 'Espèces', 'Prélèvement']);
    expect(invoice.VAT_clauses).toEqual([
      'TVA non applicable, art. 293 B du CGI',
      'Autoliquidation',
      'Exonération de TVA, article 262 ter I du CGI',
      'Exonération de TVA, article 261 du CGI',
    ]);
    expect(invoice.accountsSale).toEqual([
      { number: '706000', label: 'Prestations de services' },
      { number: '707000', label: 'Ventes de marchandises' },
      { number: '708500', label: 'Ports et frais accessoires' },
    ]);
    expect(invoice.civilities).toEqual(['M.', 'Mme', 'Société']);
    expect(invoice.logo).toBeNull();
    expect(invoice.UnitMeasurementManagement).toBe(true);
    expect(res.body.general.ledgers).toEqual([{ id: expect.any(Number), code: 'VE', label: 'Journal des ventes' }]);
  });

  it('carries this year’s and last year’s exercises, most recent first', async () => {
    const year = Number(todayInParis(new Date()).slice(0, 4));
    const { body } = await environment();
    expect(body.accounting.exercises).toEqual([
      { dateStart: `${year}-01-01`, dateEnd: `${year}-12-31` },
      { dateStart: `${year - 1}-01-01`, dateEnd: `${year - 1}-12-31` },
    ]);
  });

  it('lists the catalogue in the order of ART-8, labels decoded and in base64, for invoices and quotes', async () => {
    const { body } = await environment();
    const items = body.invoice.items;
    expect(items.length).toBeGreaterThanOrEqual(15);
    expect(items).toEqual(sortArticles(items));
    expect(items.find((a: { designation: string }) => a.designation === 'Baguette tradition')).toMatchObject({
      type: 'Standard',
      salesAccount: '707000',
      unitMeasurement: { label: 'unité' },
      unitPriceHT: 1.3,
      vatRate: 5.5,
      ttc: 1.37,
      ht: 1.3,
      typePurchaseSale: 'Vente',
    });
    for (const a of items) expect(decodeLabel64(a.label64)).toBe(a.label);
    const comment = items.find((a: { code: string }) => a.code === 'CC');
    expect(comment).toMatchObject({
      type: 'Commentaire',
      salesAccount: '',
      unitMeasurement: null,
      unitPriceHT: 0,
      vatRate: 0,
      ttc: 0,
    });
    expect(body.estimate.items).toEqual(items);
  });

  it('writes each article exactly as GET /api/items does (the environment builds its catalogue in SQL)', async () => {
    const text = 'Gâteau « spécial » – 🎂 ' + 'long libellé '.repeat(10);
    const created = await ctx.server.api.post(
      '/api/items',
      {
        code: 'ENV-1',
        type: 'Standard',
        designation: 'Gâteau',
        label64: encodeLabel64(text),
        salesAccount: '',
        unitMeasurement: null,
        unitPriceHT: 0.1,
        vatRate: 2.1,
      },
      { token: ctx.demo },
    );
    expect(created.status).toBe(201);
    const [env, list] = await Promise.all([
      environment(),
      ctx.server.api.get('/api/items?pageSize=500', { token: ctx.demo }),
    ]);
    expect(env.body.invoice.items).toEqual(list.body.items);
    expect(env.body.invoice.items.find((a: { code: string }) => a.code === 'ENV-1')).toMatchObject({
      label: text,
      label64: encodeLabel64(text),
      salesAccount: '',
      unitMeasurement: null,
      ttc: 0.1,
    });
  });

  it('lists the customers with their payment delays and addresses', async () => {
    const { body } = await environment();
    const customers = body.invoice.customers;
    expect(customers).toHaveLength(8);
    expect(new Set(customers.map((c: { payementDelay: number | null }) => c.payementDelay))).toEqual(
      new Set([0, 30, 45, null]),
    );
    expect(customers.some((c: { billingAddresses: string[] }) => c.billingAddresses.length > 0)).toBe(true);
    // Rule 13 needs a customer with no address at all.
    expect(customers.filter((c: ToWire<Customer>) => customerHasNoAddress(fromWire(c), ''))).toHaveLength(1);
    for (const c of customers) expect(c.email).toMatch(/@example\.fr$/);
  });

  it('describes the company as the seller printed on invoices', async () => {
    const { body } = await environment(companyId('Menuiserie Lefèvre Artisan Bois'));
    expect(body.company).toMatchObject({
      id: companyId('Menuiserie Lefèvre Artisan Bois'),
      label: 'Menuiserie Lefèvre Artisan Bois',
      legalForm: null,
      city: 'Nantes',
      siren: '801234568',
      vatNumber: 'FR66801234568',
      subscriptionInvoice: 'Starter',
      numberInvoiceValidateMonth: 5,
      // Decision 046: a sole trader (« EI » printed after its name), the legal late-payment rate.
      soleTrader: true,
      latePenaltyRate: null,
      vatOnDebits: false,
    });
    expect(body.company).not.toHaveProperty('logo');
    expect(
      body.invoice.items.every(
        (a: { code: string; type: string }) => a.type === 'Commentaire' || a.code.startsWith('MEN'),
      ),
    ).toBe(true);
  });

  it('follows X-Company-Id: each company has its own catalogue', async () => {
    const { body } = await environment(companyId('Garage Dupont & Fils'));
    expect(body.invoice.items.some((a: { designation: string }) => a.designation === 'Vidange et filtre à huile')).toBe(
      true,
    );
    expect(body.invoice.items.some((a: { designation: string }) => a.designation === 'Baguette tradition')).toBe(false);
  });

  it('gives a company created later the French defaults on its first read', async () => {
    const db = ctx.server.deps.db;
    const [company] = await db.insert(companies).values({ label: 'Atelier Neuf' }).returning();
    await db.insert(memberships).values({
      userId: ctx.server.seed!.demoUserId,
      companyId: company.id,
      appRights: clientRights({ invoicing: true }),
    });
    const res = await environment(company.id);
    expect(res.status).toBe(200);
    expect(res.body.invoice.vatRates).toEqual([20, 10, 5.5, 2.1, 0]);
    expect(res.body.invoice.items).toEqual([]);
    expect(res.body.invoice.customers).toEqual([]);
    const year = todayInParis(new Date()).slice(0, 4);
    expect(res.body.accounting.exercises).toEqual([{ dateStart: `${year}-01-01`, dateEnd: `${year}-12-31` }]);
    expect((await environment(company.id)).body.general.ledgers).toHaveLength(1);
  });

  it('refuses a company without invoicing (403), a non-member company (403) and no token (401)', async () => {
    const plume = await environment(companyId('Librairie La Plume d’Or'));
    expect(plume.status).toBe(403);
    expect(plume.body.message).toBe('Vous n’avez pas les droits nécessaires pour cette action.');
    const foreign = await environment(companyId('Conseil Audit Rousseau'));
    expect(foreign.status).toBe(403);
    expect((await ctx.server.api.get('/api/environment/plume')).status).toBe(401);
    expect(
      (await ctx.server.api.get('/api/environment/plume', { token: ctx.demo, headers: { 'x-company-id': 'abc' } }))
        .status,
    ).toBe(400);
  });
});
