import Dexie from 'dexie';
import { HTTPError } from 'ky';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHEMA_V2, WorkplaceDb } from '../db';
import { entryId, fetchShared, forgetAll, getEntry, notifyChange, refresh, watch, type Scope } from './engine';
import { defineServerData, paramsKey, type FetchContext } from './server-data';

const dbs: WorkplaceDb[] = [];
function freshDb(): WorkplaceDb {
  const db = new WorkplaceDb(`sync-test-${dbs.length}-${Date.now()}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  forgetAll();
  for (const db of dbs.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

const httpError = (status: number, body: unknown) =>
  new HTTPError(new Response(JSON.stringify(body), { status }), new Request('http://x/api/y'), {} as never);
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('sync engine', () => {
  it('keeps a device answer in the snapshots table, keyed by company and parameters in any order', async () => {
    const db = freshDb();
    const scope: Scope = { db, userId: 1, companyId: 7 };
    const fetch = vi.fn(async (p: { a: number; b: string }, _ctx: FetchContext) => ({ total: p.a }));
    const def = defineServerData({ key: 'figures', keep: 'device', fetch });
    await refresh(def, scope, { a: 3, b: 'x' });
    const row = await db.snapshots.get(['figures', 7, paramsKey({ b: 'x', a: 3 })]);
    expect(row?.data).toEqual({ total: 3 });
    const entry = getEntry(entryId('figures', 1, 7, paramsKey({ a: 3, b: 'x' })));
    expect(entry).toMatchObject({ status: 'fresh', error: null });
    expect(entry?.data).toBeUndefined(); // read from IndexedDB, not held twice
    expect(fetch.mock.calls[0][1]).toMatchObject({ companyId: 7, userId: 1 });
  });

  it('keeps a memory answer out of IndexedDB (privacy)', async () => {
    const db = freshDb();
    const def = defineServerData({ key: 'iban', keep: 'memory', fetch: async () => ({ iban: 'FR76' }) });
    await refresh(def, { db, userId: 1, companyId: 7 }, null);
    expect(await db.snapshots.count()).toBe(0);
    expect(getEntry(entryId('iban', 1, 7, 'null'))?.data).toEqual({ iban: 'FR76' });
  });

  it('one request at a time per answer; a failure keeps the last answer and says why', async () => {
    const db = freshDb();
    const scope: Scope = { db, userId: 1, companyId: 7 };
    let n = 0;
    const def = defineServerData({
      key: 'list',
      keep: 'memory',
      fetch: async () => {
        n++;
        if (n === 2) throw httpError(403, { message: 'Accès refusé' });
        if (n === 3) throw new TypeError('Failed to fetch');
        return [n];
      },
    });
    await Promise.all([refresh(def, scope, {}), refresh(def, scope, {})]);
    expect(n).toBe(1);
    const id = entryId('list', 1, 7, '{}');
    await refresh(def, scope, {});
    expect(getEntry(id)).toMatchObject({
      status: 'error',
      error: { httpStatus: 403, message: 'Accès refusé' },
      data: [1],
    });
    await refresh(def, scope, {});
    expect(getEntry(id)).toMatchObject({ status: 'offline', data: [1] });
  });

  it('a prefetch gets the answer; a screen opened while it is under way shares its request', async () => {
    const db = freshDb();
    const scope: Scope = { db, userId: 1, companyId: 7 };
    let answer!: (rows: string[]) => void;
    const fetch = vi.fn(() => new Promise<string[]>((resolve) => (answer = resolve)));
    const def = defineServerData({ key: 'registers', keep: 'device', fetch });
    const prefetched = fetchShared(def, scope, {});
    const screen = refresh(def, scope, {}); // what watch() does once it has found no fresh copy
    answer(['Caisse comptoir']);
    expect(await prefetched).toEqual(['Caisse comptoir']);
    await screen;
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((await db.snapshots.get(['registers', 7, '{}']))?.data).toEqual(['Caisse comptoir']);
    expect(getEntry(entryId('registers', 1, 7, '{}'))).toMatchObject({ status: 'fresh' });
  });

  it('a prefetch is told the error it met (the caches report it); refresh() still never throws', async () => {
    const scope: Scope = { db: freshDb(), userId: 1, companyId: 7 };
    const def = defineServerData({
      key: 'refused',
      keep: 'device',
      fetch: async () => {
        throw httpError(403, { message: 'Accès refusé' });
      },
    });
    await expect(fetchShared(def, scope, {})).rejects.toBeInstanceOf(HTTPError);
    await expect(refresh(def, scope, {})).resolves.toBeUndefined();
    expect(getEntry(entryId('refused', 1, 7, '{}'))).toMatchObject({ status: 'error', error: { httpStatus: 403 } });
  });

  it('opening a screen fetches only when the kept answer is older than maxAgeMs', async () => {
    const db = freshDb();
    const scope: Scope = { db, userId: 1, companyId: 7 };
    const fetch = vi.fn(async () => 'ok');
    const def = defineServerData({ key: 'env', keep: 'device', fetch, maxAgeMs: 60_000 });
    await db.snapshots.put({ dataset: 'env', companyId: 7, params: 'null', data: 'old', fetchedAt: Date.now() - 1000 });
    const stop = watch(def, scope, null);
    await tick();
    await tick();
    expect(fetch).not.toHaveBeenCalled();
    stop();
    await db.snapshots.put({
      dataset: 'env',
      companyId: 7,
      params: 'null',
      data: 'old',
      fetchedAt: Date.now() - 120_000,
    });
    const stop2 = watch(def, scope, null);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    stop2();
  });

  it('a change applied by the outbox refreshes the shown answers that depend on it, and only those', async () => {
    const db = freshDb();
    const scope: Scope = { db, userId: 1, companyId: 7 };
    const invoices = vi.fn(async () => 1);
    const deposits = vi.fn(async () => 2);
    const a = defineServerData({ key: 'a', keep: 'memory', fetch: invoices, refreshAfter: ['invoice'] });
    const b = defineServerData({ key: 'b', keep: 'memory', fetch: deposits, refreshAfter: ['inbox'] });
    const stops = [watch(a, scope, null), watch(b, scope, null)];
    await vi.waitFor(() => expect(invoices).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(deposits).toHaveBeenCalledTimes(1));
    await notifyChange('invoice.payment');
    expect(invoices).toHaveBeenCalledTimes(2);
    expect(deposits).toHaveBeenCalledTimes(1);
    stops.forEach((s) => s());
    await notifyChange('invoice.save'); // nobody shows it any more
    expect(invoices).toHaveBeenCalledTimes(2);
  });

  it('a manual answer is fetched when opened and on demand, never in the background', async () => {
    const db = freshDb();
    const scope: Scope = { db, userId: 1, companyId: 7 };
    const fetch = vi.fn(async () => 'doc');
    const def = defineServerData({ key: 'editor', keep: 'memory', fetch, manual: true, refreshAfter: ['invoice'] });
    const stop = watch(def, scope, { id: 1 });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await notifyChange('invoice.save');
    expect(fetch).toHaveBeenCalledTimes(1);
    await refresh(def, scope, { id: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
    stop();
  });

  it('an answer arriving after sign-out is dropped', async () => {
    const db = freshDb();
    let release: (v: string) => void = () => undefined;
    const def = defineServerData({
      key: 'late',
      keep: 'device',
      fetch: () =>
        new Promise<string>((r) => {
          release = r;
        }),
    });
    const done = refresh(def, { db, userId: 1, companyId: 7 }, null);
    forgetAll();
    release('secret');
    await done;
    expect(await db.snapshots.count()).toBe(0);
    expect(getEntry(entryId('late', 1, 7, 'null'))).toBeUndefined();
  });

  it('signed in again while the previous session’s request is under way: a request of its own, shown', async () => {
    const db = freshDb();
    const scope: Scope = { db, userId: 1, companyId: 7 };
    const answers: Array<(v: string) => void> = [];
    const fetch = vi.fn(() => new Promise<string>((r) => answers.push(r)));
    const def = defineServerData({ key: 'bell', keep: 'device', fetch });
    const before = refresh(def, scope, null);
    forgetAll(); // signed out, then in again as the same user in the same company
    const after = refresh(def, scope, null);
    expect(fetch).toHaveBeenCalledTimes(2);
    answers[0]('previous session');
    await before;
    // The old request's end does not forget the new one: another screen opened now shares it.
    const another = refresh(def, scope, null);
    expect(fetch).toHaveBeenCalledTimes(2);
    answers[1]('this session');
    await Promise.all([after, another]);
    expect(getEntry(entryId('bell', 1, 7, 'null'))).toMatchObject({ status: 'fresh' });
    expect((await db.snapshots.get(['bell', 7, 'null']))?.data).toBe('this session');
  });

  it('a version 2 database opens in version 3 with its data kept and the dashboard answers as snapshots', async () => {
    const name = `sync-v2-${Date.now()}`;
    const v2 = new Dexie(name);
    v2.version(2).stores(SCHEMA_V2);
    await v2
      .table('records')
      .put({ dataset: 'invoiceDashboard', companyId: 5, id: 'etat', data: { ca: 1 }, label: '' });
    await v2.table('meta').put({ companyId: 5, dataset: 'invoiceDashboard', fetchedAt: 1234, count: 1 });
    await v2
      .table('records')
      .put({ dataset: 'invoiceFollowUp', companyId: 5, id: 9, data: { invoiceId: 9 }, label: '' });
    await v2.table('outbox').put({ id: 'e1', seq: 1, state: 'pending', docKey: 'invoice:1', kind: 'invoice.save' });
    v2.close();
    const v3 = new WorkplaceDb(name);
    dbs.push(v3);
    await v3.open();
    expect(v3.verno).toBe(3);
    expect(await v3.snapshots.get(['invoiceDashboard', 5, '{}'])).toMatchObject({ data: { ca: 1 }, fetchedAt: 1234 });
    expect(await v3.records.get(['invoiceDashboard', 5, 'etat'])).toBeUndefined();
    expect(await v3.records.get(['invoiceFollowUp', 5, 9])).toMatchObject({ data: { invoiceId: 9 } });
    expect(await v3.outbox.get('e1')).toMatchObject({ docKey: 'invoice:1' });
  });
});
