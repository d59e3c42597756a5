import Dexie from 'dexie';
import { HTTPError } from 'ky';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { can } from '../../domain/rights';
import { WorkplaceDb, type PlumeEnvironment } from '../db';
import { QUOTA_MESSAGE } from '../quota';
import { setReplayFirst } from '../replay-first';
import { defineServerData, type TableDataset } from './server-data';
import {
  keepOpenedDocument,
  keepTable,
  refreshTable,
  refreshTables,
  tablesChanged,
  TABLES_AFTER_CHANGE_MS,
} from './tables';

let n = 0;
const dbs: WorkplaceDb[] = [];
const offs: Array<() => void> = [];
function freshDb() {
  const db = new WorkplaceDb(`workplace-tables-${Date.now()}-${n++}`);
  dbs.push(db);
  return db;
}
/** Kept for this test only (the registry is the module's). */
const kept = <T>(def: Omit<TableDataset<T>, 'keep'>) => {
  const table = defineServerData<T>({ ...def, keep: 'table' });
  offs.push(keepTable(table));
  return table;
};
afterEach(async () => {
  for (const off of offs.splice(0)) off();
  setReplayFirst(() => Promise.resolve());
  for (const db of dbs.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const httpError = (status: number) =>
  new HTTPError(new Response('{}', { status }), new Request('http://x/api/y'), {} as never);
const environment = (c: number): PlumeEnvironment => ({
  invoice: { vatRates: [20] },
  accounting: { exercises: [] },
  general: { ledgers: [] },
  estimate: { items: [] },
  company: { id: c },
});

describe('tables (keep: table)', () => {
  it('stores rows per company with their search key and the time of the copy', async () => {
    const db = freshDb();
    const byCompany: Record<number, unknown[]> = {
      1: [{ accountNumber: 'C1', socialReason: 'Épicerie Léa' }],
      2: [{ accountNumber: 'C9', socialReason: 'Garage' }],
    };
    const customers = kept<{ accountNumber: string }>({
      key: 'customers',
      fetch: async (c) => byCompany[c] as never,
      rowKey: (r) => r.accountNumber,
    });
    expect(await refreshTable(customers, 1, db)).toEqual({ status: 'ok', count: 1 });
    expect(await refreshTable(customers, 2, db)).toEqual({ status: 'ok', count: 1 });
    expect(await db.customers.where('companyId').equals(1).toArray()).toMatchObject([
      { id: 'C1', label: 'epicerie lea c1' },
    ]);
    expect((await db.meta.get([2, 'customers']))?.count).toBe(1);
  });

  it('a dataset of another module goes to the shared table', async () => {
    const db = freshDb();
    const ledgers = kept<{ code: string; label: string }>({
      key: 'ledgers',
      fetch: async () => [{ code: '411', label: 'Clients' }],
      rowKey: (r) => r.code,
    });
    await refreshTable(ledgers, 3, db);
    expect(await db.records.toArray()).toMatchObject([
      { dataset: 'ledgers', companyId: 3, id: '411', label: 'clients' },
    ]);
  });

  it('a missing endpoint (404) is skipped silently; offline keeps the old copy', async () => {
    const db = freshDb();
    let mode: 'ok' | '404' | 'offline' = 'ok';
    const quotes = kept<{ id: number }>({
      key: 'quotes',
      rowKey: (r) => r.id,
      fetch: async () => {
        if (mode === '404') throw httpError(404);
        if (mode === 'offline') throw new TypeError('Failed to fetch');
        return [{ id: 1 }, { id: 2 }];
      },
    });
    await refreshTable(quotes, 1, db);
    mode = '404';
    expect(await refreshTable(quotes, 1, db)).toEqual({ status: 'unavailable' });
    mode = 'offline';
    expect(await refreshTable(quotes, 1, db)).toEqual({ status: 'offline' });
    expect(await db.quotes.count()).toBe(2);
  });

  it('storage full during a refresh: the French message, and the previous copy is whole', async () => {
    const db = freshDb();
    let rows = [{ id: 1 }, { id: 2 }];
    const articles = kept<{ id: number }>({ key: 'articles', rowKey: (r) => r.id, fetch: async () => rows });
    await refreshTable(articles, 1, db);
    rows = [{ id: 3 }];
    // The write fails after the old rows were deleted inside the transaction: all of it rolls back.
    db.articles.hook('creating', () => {
      throw new DOMException('plein', 'QuotaExceededError');
    });
    expect(await refreshTable(articles, 1, db)).toEqual({ status: 'error', message: QUOTA_MESSAGE });
    expect((await db.articles.toArray()).map((r) => r.id)).toEqual([1, 2]);
    expect((await db.meta.get([1, 'articles']))?.count).toBe(2);
  });

  it('refreshes the environment with the rest, and keeps opened documents across list refreshes', async () => {
    const db = freshDb();
    kept<PlumeEnvironment>({
      key: 'environment',
      fetchIfChanged: async (c) => ({ status: 'changed', data: environment(c), etag: null }),
    });
    const invoices = kept<{ id: number; number: string }>({
      key: 'invoices',
      rowKey: (r) => r.id,
      fetch: async () => [{ id: 5, number: 'F-5' }],
    });
    const results = await refreshTables(4, db);
    expect(results.environment).toEqual({ status: 'ok', count: 1 });
    expect((await db.environment.get(4))?.data.invoice).toEqual({ vatRates: [20] });
    await keepOpenedDocument('invoices', 4, 5, { id: 5, lines: [1, 2] }, db);
    await refreshTable(invoices, 4, db);
    expect(await db.invoices.get([4, 5])).toMatchObject({ data: { number: 'F-5' }, detail: { id: 5, lines: [1, 2] } });
  });

  it('asks nothing the user may not read in the company: a member of « Ma comptabilité » alone', async () => {
    const db = freshDb();
    const asked: string[] = [];
    kept<PlumeEnvironment>({
      key: 'environment',
      fetchIfChanged: async (c) => (asked.push('environment'), { status: 'changed', data: environment(c), etag: null }),
      readable: (s) => can(s, 'view', { menu: 'mesFactures' }),
    });
    kept<{ id: number }>({
      key: 'invoices',
      rowKey: (r) => r.id,
      fetch: async () => (asked.push('invoices'), []),
      readable: (s) => can(s, 'view', { menu: 'mesFactures', child: 'listeFactures' }),
    });
    kept<{ id: number }>({
      key: 'accounting',
      rowKey: (r) => r.id,
      fetch: async () => (asked.push('accounting'), [{ id: 1 }]),
      readable: (s) => can(s, 'view', { menu: 'maComptabilite' }),
    });
    const follower = { appRights: [{ label: 'maComptabilite', permissions: ['view' as const], children: [] }] };
    const results = await refreshTables(4, db, follower);
    expect(asked).toEqual(['accounting']);
    expect(results).toMatchObject({
      environment: { status: 'unavailable' },
      invoices: { status: 'unavailable' },
      accounting: { status: 'ok', count: 1 },
    });
    // Without a subject (no session yet), everything is asked, as before.
    asked.length = 0;
    await refreshTables(4, db);
    expect(asked.sort()).toEqual(['accounting', 'environment', 'invoices']);
  });

  it('a change the outbox applied refreshes the tables of its kind once, after the replay, not the others', async () => {
    const fetched: string[] = [];
    const table = (key: string, after: string) =>
      kept<{ id: number }>({
        key,
        rowKey: (r) => r.id,
        fetch: async () => (fetched.push(key), []),
        refreshAfter: [after],
      });
    table('invoices', 'invoice');
    table('quotes', 'quote');
    let replayed!: () => void;
    setReplayFirst(() => new Promise<void>((r) => (replayed = r)));
    const db = freshDb();
    tablesChanged(
      'invoice.save',
      () => 4,
      () => db,
    );
    tablesChanged(
      'invoice.payment',
      () => 4,
      () => db,
    );
    await sleep(TABLES_AFTER_CHANGE_MS + 200);
    expect(fetched).toEqual([]); // the replay is still sending its queue
    replayed();
    await vi.waitFor(async () => expect((await db.meta.get([4, 'invoices']))?.count).toBe(0));
    expect(fetched).toEqual(['invoices']);
  });
});
