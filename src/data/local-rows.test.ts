import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkplaceDb } from './db';
import { deleteLocalRow, putLocalRow, queuedReason } from './local-rows';

let n = 0;
const dbs: WorkplaceDb[] = [];
function freshDb() {
  const db = new WorkplaceDb(`workplace-local-rows-${Date.now()}-${n++}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

describe('local rows', () => {
  it('adds a row with its folded search key, in its company only', async () => {
    const db = freshDb();
    await putLocalRow(
      'articles',
      1,
      'tmp-1',
      { code: 'PAIN', designation: 'Pain de campagne', label: 'Pain bio' },
      undefined,
      db,
    );
    expect(await db.articles.where('companyId').equals(1).toArray()).toMatchObject([
      { id: 'tmp-1', label: 'pain pain de campagne pain bio' },
    ]);
    expect(await db.articles.where('companyId').equals(2).count()).toBe(0);
  });

  it('a renumbered customer replaces its row under the old account number', async () => {
    const db = freshDb();
    await putLocalRow('customers', 1, 'C00001', { accountNumber: 'C00001', socialReason: 'Épicerie' }, undefined, db);
    await putLocalRow('customers', 1, 'C00009', { accountNumber: 'C00009', socialReason: 'Épicerie' }, 'C00001', db);
    expect((await db.customers.toArray()).map((r) => r.id)).toEqual(['C00009']);
    await deleteLocalRow('customers', 1, 'C00009', db);
    expect(await db.customers.count()).toBe(0);
  });

  it('tells a change kept because the server failed (5xx) from one kept offline', async () => {
    const db = freshDb();
    const base = {
      seq: 1,
      createdAt: 0,
      updatedAt: 0,
      state: 'pending' as const,
      method: 'POST' as const,
      path: 'items',
      companyId: 1,
      docKey: 'item:x',
      label: 'x',
      kind: 'item.create',
      idempotencyKey: 'k',
      attempts: 1,
      nextAttemptAt: 0,
    };
    await db.outbox.put({ ...base, id: 'a', lastError: { httpStatus: 500, message: 'Erreur', errors: [] } });
    await db.outbox.put({
      ...base,
      id: 'b',
      seq: 2,
      lastError: { httpStatus: null, message: 'Serveur injoignable', errors: [] },
    });
    expect(await queuedReason('a', db)).toBe('server');
    expect(await queuedReason('b', db)).toBe('offline');
    expect(await queuedReason('unknown', db)).toBe('offline');
  });
});
