import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppRight, ChildRight, Permission } from '../../src/domain/rights';
import { memberships } from '../../server/src/db/schema/index';
import { MARTIN } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Decision 008: child rights hold on reads too. Without gestionClients view a
// user reads no customer, without gestionArticles view no article, without listeFactures view no
// invoice figures; writing invoices or quotes still gives the editor its customers and articles.

const NO_RIGHT = 'Vous n’avez pas les droits nécessaires pour cette action.';
const CUSTOMER = 'C00001';

const ctx = useTestServer();
let company: number;
beforeAll(() => void (company = ctx.company(MARTIN)));

/** demo's rights in the Martin bakery become mesFactures (view) with these children only. */
async function grant(children: Record<string, Permission[]>) {
  const list: ChildRight[] = Object.entries(children).map(([label, permissions]) => ({ label, permissions }));
  const rights: AppRight[] = [{ label: 'mesFactures', permissions: ['view'], children: list }];
  await ctx.server.deps.db
    .update(memberships)
    .set({ appRights: rights })
    .where(and(eq(memberships.userId, ctx.server.seed!.demoUserId), eq(memberships.companyId, company)));
}

const get = (path: string) => ctx.server.api.get(path, { token: ctx.demo, company });
async function environment() {
  const res = await get('/api/environment/plume');
  expect(res.status).toBe(200);
  return res.body;
}

describe('child rights on reads', () => {
  it('without gestionClients, gestionArticles and listeFactures view: no customer, no article, no invoice figure', async () => {
    await grant({ listeDevis: ['view'] });
    const env = await environment();
    expect(env.invoice.customers).toEqual([]);
    expect(env.invoice.items).toEqual([]);
    expect(env.estimate.items).toEqual([]);
    // What is not personal or catalogue data stays (VAT rates, exercises, ledgers).
    expect(env.invoice.vatRates.length).toBeGreaterThan(0);
    expect(env.accounting.exercises.length).toBeGreaterThan(0);
    for (const path of [
      `/api/customers/${CUSTOMER}`,
      `/api/customers/${CUSTOMER}/documents`,
      '/api/customers',
      '/api/items',
      '/api/factures/etat',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(403);
      expect(res.body.message, path).toBe(NO_RIGHT);
    }
    // Not even a 404 tells whether an account number exists.
    expect((await get('/api/customers/C99999')).status).toBe(403);
  });

  it('gestionClients view alone: the customers, not the articles', async () => {
    await grant({ gestionClients: ['view'] });
    const env = await environment();
    expect(env.invoice.customers.length).toBeGreaterThan(0);
    expect(env.invoice.items).toEqual([]);
    expect((await get(`/api/customers/${CUSTOMER}`)).body.accountNumber).toBe(CUSTOMER);
    // The sheet's halves still follow the list rights: no invoice, no quote here.
    expect((await get(`/api/customers/${CUSTOMER}/documents`)).body).toEqual({ invoices: [], quotes: [] });
    expect((await get('/api/items')).status).toBe(403);
  });

  it('gestionArticles view alone: the articles, not the customers', async () => {
    await grant({ gestionArticles: ['view'] });
    const env = await environment();
    expect(env.invoice.customers).toEqual([]);
    expect(env.invoice.items.length).toBeGreaterThan(0);
    expect(env.estimate.items).toEqual(env.invoice.items);
    expect((await get(`/api/customers/${CUSTOMER}`)).status).toBe(403);
  });

  it('writing invoices without the management screens: the editor still gets customers and articles', async () => {
    await grant({ listeFactures: ['view', 'create', 'edit'] });
    const env = await environment();
    expect(env.invoice.customers.length).toBeGreaterThan(0);
    expect(env.invoice.items.length).toBeGreaterThan(0);
    expect((await get(`/api/customers/${CUSTOMER}`)).status).toBe(200);
    expect((await get('/api/customers')).status).toBe(403);
    // Invoice figures yes; open quotes are not shown to who may not see quotes.
    const etat = await get('/api/factures/etat');
    expect(etat.status).toBe(200);
    expect(typeof etat.body.turnoverYear).toBe('number');
    expect(etat.body.openQuotesAmount).toBeNull();
    expect(etat.body.openQuotesCount).toBeNull();
  });

  it('writing quotes only also gives the editor its customers and articles', async () => {
    await grant({ listeDevis: ['view', 'edit'] });
    const env = await environment();
    expect(env.invoice.customers.length).toBeGreaterThan(0);
    expect(env.estimate.items.length).toBeGreaterThan(0);
  });

  it('with every right: everything, open quotes included', async () => {
    const all: Permission[] = ['view', 'create', 'edit', 'delete'];
    await grant({ gestionClients: all, gestionArticles: all, listeFactures: all, listeDevis: all });
    const env = await environment();
    expect(env.invoice.customers.length).toBeGreaterThan(0);
    expect(env.invoice.items.length).toBeGreaterThan(0);
    const etat = await get('/api/factures/etat');
    expect(typeof etat.body.openQuotesAmount).toBe('number');
    expect(typeof etat.body.openQuotesCount).toBe('number');
  });
});
