import Dexie from 'dexie';
import { HTTPError } from 'ky';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheOpenedDocument, refreshAll, refreshDataset, registerDataset, setEnvironmentFetcher } from './caches';
import { can } from '../domain/rights';
import { WorkplaceDb } from './db';
import { QUOTA_MESSAGE } from './quota';

let n = 0;
const dbs: WorkplaceDb[] = [];
function freshDb() {
  const db = new WorkplaceDb(`workplace-caches-${Date.now()}-${n++}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

const httpError = (status: number) =>
  new HTTPError(new Response('{}', { status }), new Request('http://x/api/y'), {} as never);

describe('caches', () => {
  it('stores rows per company with their search key and the time of the copy', async () => {
    const db = freshDb();
    const byCompany: Record<number, unknown[]> = {
      1: [{ accountNumber: 'C1', socialReason: 'Épicerie Léa' }],
      2: [{ accountNumber: 'C9', socialReason: 'Garage' }],
    };
    const off = registerDataset<{ accountNumber: string }>({
      name: 'customers',
      fetch: async (c) => byCompany[c] as never,
      key: (r) => r.accountNumber,
    });
    expect(await refreshDataset('customers', 1, db)).toEqual({ status: 'ok', count: 1 });
    expect(await refreshDataset('customers', 2, db)).toEqual({ status: 'ok', count: 1 });
    expect(await db.customers.where('companyId').equals(1).toArray()).toMatchObject([
      { id: 'C1', label: 'epicerie lea c1' },
    ]);
    expect((await db.meta.get([2, 'customers']))?.count).toBe(1);
    off();
  });

  it('a dataset of another module goes to the shared table', async () => {
    const db = freshDb();
    const off = registerDataset<{ code: string; label: string }>({
      name: 'ledgers',
      fetch: async () => [{ code: '411', label: 'Clients' }],
      key: (r) => r.code,
    });
    await refreshDataset('ledgers', 3, db);
    expect(await db.records.toArray()).toMatchObject([
      { dataset: 'ledgers', companyId: 3, id: '411', label: 'clients' },
    ]);
    off();
  });

  it('a missing endpoint (404) is skipped silently; offline keeps the old copy', async () => {
    const db = freshDb();
    let mode: 'ok' | '404' | 'offline' = 'ok';
    const off = registerDataset<{ id: number }>({
      name: 'quotes',
      key: (r) => r.id,
      fetch: async () => {
        if (mode === '404') throw httpError(404);
        if (mode === 'offline') throw new TypeError('Failed to fetch');
        return [{ id: 1 }, { id: 2 }];
      },
    });
    await refreshDataset('quotes', 1, db);
    mode = '404';
    expect(await refreshDataset('quotes', 1, db)).toEqual({ status: 'unavailable' });
    mode = 'offline';
    expect(await refreshDataset('quotes', 1, db)).toEqual({ status: 'offline' });
    expect(await db.quotes.count()).toBe(2);
    off();
  });

  it('storage full during a refresh: the French message, and the previous copy is whole', async () => {
    const db = freshDb();
    let rows = [{ id: 1 }, { id: 2 }];
    const off = registerDataset<{ id: number }>({ name: 'articles', key: (r) => r.id, fetch: async () => rows });
    await refreshDataset('articles', 1, db);
    rows = [{ id: 3 }];
    // The write fails after the old rows were deleted inside the transaction: all of it rolls back.
    db.articles.hook('creating', () => {
      throw new DOMException('plein', 'QuotaExceededError');
    });
    expect(await refreshDataset('articles', 1, db)).toEqual({ status: 'error', message: QUOTA_MESSAGE });
    expect((await db.articles.toArray()).map((r) => r.id)).toEqual([1, 2]);
    off();
  });

  it('refreshes the environment with the rest, and keeps opened documents across list refreshes', async () => {
    const db = freshDb();
    setEnvironmentFetcher(async (c) => ({
      invoice: { vatRates: [20] },
      accounting: { exercises: [] },
      general: { ledgers: [] },
      estimate: { items: [] },
      company: { id: c },
    }));
    const off = registerDataset<{ id: number; number: string }>({
      name: 'invoices',
      key: (r) => r.id,
      fetch: async () => [{ id: 5, number: 'F-5' }],
    });
    const results = await refreshAll(4, db);
    expect(results.environment).toEqual({ status: 'ok', count: 1 });
    expect((await db.environment.get(4))?.data.invoice).toEqual({ vatRates: [20] });
    await cacheOpenedDocument('invoices', 4, 5, { id: 5, lines: [1, 2] }, db);
    await refreshDataset('invoices', 4, db);
    expect(await db.invoices.get([4, 5])).toMatchObject({ data: { number: 'F-5' }, detail: { id: 5, lines: [1, 2] } });
    off();
  });

  it('asks nothing the user may not read in the company: a member of « Ma comptabilité » alone', async () => {
    const db = freshDb();
    const asked: string[] = [];
    setEnvironmentFetcher(async (c) => {
      asked.push('environment');
      return {
        invoice: { vatRates: [20] },
        accounting: { exercises: [] },
        general: { ledgers: [] },
        estimate: { items: [] },
        company: { id: c },
      };
    });
    const offs = [
      registerDataset<{ id: number }>({
        name: 'invoices',
        key: (r) => r.id,
        fetch: async () => (asked.push('invoices'), []),
        readable: (s) => can(s, 'view', { menu: 'mesFactures', child: 'listeFactures' }),
      }),
      registerDataset<{ id: number }>({
        name: 'accounting',
        key: (r) => r.id,
        fetch: async () => (asked.push('accounting'), [{ id: 1 }]),
        readable: (s) => can(s, 'view', { menu: 'maComptabilite' }),
      }),
    ];
    const follower = { appRights: [{ label: 'maComptabilite', permissions: ['view' as const], children: [] }] };
    const results = await refreshAll(4, db, follower);
    expect(asked).toEqual(['accounting']);
    expect(results).toMatchObject({
      environment: { status: 'unavailable' },
      invoices: { status: 'unavailable' },
      accounting: { status: 'ok', count: 1 },
    });
    // Without a subject (no session yet), everything is asked, as before.
    asked.length = 0;
    await refreshAll(4, db);
    expect(asked.sort()).toEqual(['accounting', 'environment', 'invoices']);
    for (const off of offs) off();
  });
});
