import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { encodeLabel64 } from '../../src/domain/label64';
import type { AppRight, ChildRight, Permission } from '../../src/domain/rights';
import { memberships } from '../../server/src/db/schema/index';
import { MARTIN } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Decision 027: an unchanged environment answers 304 to
// its ETag; customers and articles come as changes since a cursor, deletions included.

const ctx = useTestServer();
const NO_RIGHT = 'Vous n’avez pas les droits nécessaires pour cette action.';
const GARAGE = 'Garage Dupont & Fils';

const get = (path: string, company = ctx.company(MARTIN), headers: Record<string, string> = {}) =>
  ctx.server.api.get(path, { token: ctx.demo, company, headers });
const article = (code: string, price = 10) => ({
  code,
  type: 'Standard',
  designation: `Article ${code}`,
  label64: encodeLabel64(`Libellé ${code}`),
  unitPriceHT: price,
  vatRate: 20,
});
const customer = (accountNumber: string, socialReason = `Client ${accountNumber}`) => ({
  accountNumber,
  socialReason,
  adress: '1 rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
  isBusiness: false,
});
const send = (method: 'post' | 'put', path: string, body: unknown, company = ctx.company(MARTIN)) =>
  ctx.server.api[method](path, body, { token: ctx.demo, company });
const remove = (path: string, company = ctx.company(MARTIN)) =>
  ctx.server.api.delete(path, { token: ctx.demo, company });

/** Runs fn with demo's rights in the Martin bakery set to these, then puts the seeded ones back. */
async function withRights(rights: AppRight[], fn: () => Promise<void>) {
  const db = ctx.server.deps.db;
  const mine = and(eq(memberships.userId, ctx.server.seed!.demoUserId), eq(memberships.companyId, ctx.company(MARTIN)));
  const [seeded] = await db.select({ appRights: memberships.appRights }).from(memberships).where(mine);
  await db.update(memberships).set({ appRights: rights }).where(mine);
  try {
    await fn();
  } finally {
    await db.update(memberships).set({ appRights: seeded!.appRights }).where(mine);
  }
}
const invoicingRights = (children: Record<string, Permission[]>): AppRight[] => [
  {
    label: 'mesFactures',
    permissions: ['view'],
    children: Object.entries(children).map(([label, permissions]): ChildRight => ({ label, permissions })),
  },
];

/** Follows `more` to the end of a pass, as the app does. */
async function syncAll(table: 'customers' | 'items', since?: string, company?: number, limit?: number) {
  const all = { items: [] as Array<Record<string, unknown>>, deleted: [] as unknown[], cursor: '', total: 0 };
  let cursor = since;
  for (let i = 0; i < 100; i++) {
    const query = new URLSearchParams({
      ...(cursor ? { since: cursor } : {}),
      ...(limit ? { limit: `${limit}` } : {}),
    });
    const res = await get(`/api/sync/${table}?${query}`, company);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    all.items.push(...res.body.items);
    all.deleted.push(...res.body.deleted);
    cursor = res.body.cursor;
    all.total = res.body.total;
    if (!res.body.more) break;
  }
  return { ...all, cursor: cursor! };
}

describe('GET /api/environment/plume with an ETag', () => {
  it('answers 304 while nothing changed, 200 with a new ETag after an article changes', async () => {
    const first = await get('/api/environment/plume', undefined, { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    // Compressed answers keep working: the ETag is weak, the body gzipped.
    expect(first.headers.get('content-encoding')).toBe('gzip');

    const again = await get('/api/environment/plume', undefined, { 'if-none-match': etag, 'accept-encoding': 'gzip' });
    expect(again.status).toBe(304);
    expect(again.raw.byteLength).toBe(0);
    expect(again.headers.get('etag')).toBe(etag);

    const created = await send('post', '/api/items', article('ETAG01'));
    expect(created.status).toBe(201);
    const changed = await get('/api/environment/plume', undefined, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body.invoice.items.map((a: { code: string }) => a.code)).toContain('ETAG01');

    // An update and a delete change it too.
    const etag2 = changed.headers.get('etag')!;
    expect((await send('put', `/api/items/${created.body.id}`, article('ETAG01', 11))).status).toBe(200);
    const updated = await get('/api/environment/plume', undefined, { 'if-none-match': etag2 });
    expect(updated.status).toBe(200);
    expect((await remove(`/api/items/${created.body.id}`)).status).toBe(204);
    const etag3 = updated.headers.get('etag')!;
    expect((await get('/api/environment/plume', undefined, { 'if-none-match': etag3 })).status).toBe(200);
  });

  it('changes with a customer; each company and each variant has its own ETag', async () => {
    const etag = (await get('/api/environment/plume')).headers.get('etag')!;
    const lean = await get('/api/environment/plume?lists=none');
    expect(lean.status).toBe(200);
    // lists=none keeps the spec's keys, lists empty.
    expect(lean.body.invoice.customers).toEqual([]);
    expect(lean.body.invoice.items).toEqual([]);
    expect(lean.body.estimate.items).toEqual([]);
    expect(lean.body.invoice.vatRates.length).toBeGreaterThan(0);
    const leanTag = lean.headers.get('etag')!;
    expect(leanTag).not.toBe(etag);
    expect((await get('/api/environment/plume', ctx.company(GARAGE), { 'if-none-match': etag })).status).toBe(200);

    expect((await send('post', '/api/customers', customer('SYNC01'))).status).toBe(201);
    expect((await get('/api/environment/plume', undefined, { 'if-none-match': etag })).status).toBe(200);
    // The lists are not in the lean variant: a customer does not change it.
    expect((await get('/api/environment/plume?lists=none', undefined, { 'if-none-match': leanTag })).status).toBe(304);
  });
});

/**
 * A device's copy, as the app keeps it: a pass's rows are written over it, its deletions removed.
 * A pass may repeat rows already sent (decision 027: on PostgreSQL a transaction still running in
 * another database of the cluster lowers the cursor), so tests look at what a pass CHANGES on the
 * device, which must be exactly what changed on the server: nothing missed, nothing invented.
 */
function deviceCopy(key: 'id' | 'accountNumber') {
  const rows = new Map<unknown, string>();
  return {
    apply(pass: { items: Array<Record<string, unknown>>; deleted: unknown[] }) {
      const changed: unknown[] = [];
      const removed: unknown[] = [];
      for (const row of pass.items) {
        const before = rows.get(row[key]);
        rows.set(row[key], JSON.stringify(row));
        if (before !== JSON.stringify(row)) changed.push(row[key === 'id' ? 'code' : key]);
      }
      for (const gone of pass.deleted) if (rows.delete(gone)) removed.push(gone);
      return { changed: changed.sort(), removed };
    },
    get size() {
      return rows.size;
    },
  };
}

describe('GET /api/sync/customers and /api/sync/items', () => {
  it('without a cursor: every row of the company; then only what changed, deletions included', async () => {
    const device = deviceCopy('id');
    const full = await syncAll('items');
    const catalogue = await get('/api/items?pageSize=500');
    expect(full.items.map((a) => a.id).sort()).toEqual(catalogue.body.items.map((a: { id: number }) => a.id).sort());
    expect(full.items[0]).toEqual(catalogue.body.items.find((a: { id: number }) => a.id === full.items[0]!.id));
    expect(full.deleted).toEqual([]);
    expect(full.total).toBe(catalogue.body.total);
    device.apply(full);

    const again = await syncAll('items', full.cursor);
    expect(device.apply(again)).toEqual({ changed: [], removed: [] });
    // Only recent writes may come again, never the whole catalogue.
    expect(again.items.length).toBeLessThan(full.items.length / 2);

    const a = (await send('post', '/api/items', article('SYNCA'))).body;
    const b = (await send('post', '/api/items', article('SYNCB'))).body;
    const gone = full.items[0]!.id as number;
    expect((await send('put', `/api/items/${a.id}`, article('SYNCA', 42))).status).toBe(200);
    expect((await remove(`/api/items/${gone}`)).status).toBe(204);
    const since = await syncAll('items', full.cursor);
    expect(device.apply(since)).toEqual({ changed: ['SYNCA', 'SYNCB'], removed: [gone] });
    expect(since.items.find((r) => r.code === 'SYNCA')).toMatchObject({ id: a.id, unitPriceHT: 42 });
    expect(since.total).toBe(full.total + 1);
    expect(device.size).toBe(since.total);

    // The next sync from there brings no news; b's deletion is the only news after that.
    expect(device.apply(await syncAll('items', since.cursor))).toEqual({ changed: [], removed: [] });
    expect((await remove(`/api/items/${b.id}`)).status).toBe(204);
    expect(device.apply(await syncAll('items', since.cursor))).toEqual({ changed: [], removed: [b.id] });
  });

  it('pages a pass with `more`, and names a renumbered customer’s old number as deleted', async () => {
    const device = deviceCopy('accountNumber');
    const full = await syncAll('customers', undefined, undefined, 2);
    const list = await get('/api/customers?pageSize=500');
    expect(full.items.length).toBe(list.body.total);
    expect(new Set(full.items.map((c) => c.accountNumber)).size).toBe(full.items.length);
    device.apply(full);

    expect((await send('post', '/api/customers', customer('REN01'))).status).toBe(201);
    expect((await send('put', '/api/customers/REN01', customer('REN02', 'Renuméroté'))).status).toBe(200);
    const since = await syncAll('customers', full.cursor, undefined, 2);
    expect(device.apply(since)).toEqual({ changed: ['REN02'], removed: [] });
    expect(since.items.find((c) => c.accountNumber === 'REN02')).toMatchObject({
      socialReason: 'Renuméroté',
      adress: '1 rue de la Paix',
    });
    // REN01 was created and renamed after the cursor: the device never had it, but naming it is harmless.
    expect(since.deleted).toContain('REN01');

    // A key deleted then created again comes as a row, not as a deletion.
    expect((await remove('/api/customers/REN02')).status).toBe(204);
    expect((await send('post', '/api/customers', customer('REN02', 'De retour'))).status).toBe(201);
    const back = await syncAll('customers', since.cursor);
    expect(back.deleted).not.toContain('REN02');
    expect(device.apply(back)).toEqual({ changed: ['REN02'], removed: [] });
    expect(back.items.find((c) => c.accountNumber === 'REN02')).toMatchObject({ socialReason: 'De retour' });
  });

  it('never shows another company’s rows', async () => {
    const martin = await syncAll('items');
    const garage = await syncAll('items', undefined, ctx.company(GARAGE));
    const martinIds = new Set(martin.items.map((a) => a.id));
    expect(garage.items.some((a) => martinIds.has(a.id))).toBe(false);
    const other = await send('post', '/api/items', article('GARAGE1'), ctx.company(GARAGE));
    expect((await remove(`/api/items/${other.body.id}`, ctx.company(GARAGE))).status).toBe(204);
    const after = await syncAll('items', martin.cursor);
    expect(after.items.map((a) => a.code)).not.toContain('GARAGE1');
    expect(after.deleted).not.toContain(other.body.id);
    const customers = await syncAll('customers', undefined, ctx.company(GARAGE));
    expect(customers.items.map((c) => c.accountNumber)).not.toContain('SYNC01');
  });

  it('checks rights and the cursor', async () => {
    // Not a member: 403; no token: 401; a malformed cursor: French 400.
    const foreign = await get('/api/sync/items', ctx.company('Conseil Audit Rousseau'));
    expect(foreign.status).toBe(403);
    expect((await ctx.server.api.get('/api/sync/customers')).status).toBe(401);
    const bad = await get('/api/sync/customers?since=abc');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Curseur de synchronisation non valide.');

    // Writing quotes reads customers and articles (decision 008); mesFactures view alone does not.
    await withRights(invoicingRights({ listeDevis: ['view'] }), async () => {
      for (const path of ['/api/sync/customers', '/api/sync/items']) {
        const res = await get(path);
        expect(res.status, path).toBe(403);
        expect(res.body.message, path).toBe(NO_RIGHT);
      }
    });
    await withRights(invoicingRights({ listeDevis: ['view', 'create'] }), async () => {
      expect((await get('/api/sync/customers')).status).toBe(200);
      expect((await get('/api/sync/items')).status).toBe(200);
    });
  });

  it('the environment’s ETag follows the reader’s rights', async () => {
    const etag = (await get('/api/environment/plume')).headers.get('etag')!;
    await withRights(invoicingRights({ listeDevis: ['view'] }), async () => {
      const res = await get('/api/environment/plume', undefined, { 'if-none-match': etag });
      expect(res.status).toBe(200);
      expect(res.body.invoice.customers).toEqual([]);
    });
    expect((await get('/api/environment/plume', undefined, { 'if-none-match': etag })).status).toBe(304);
  });
});
