import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { dbNameFor, deleteUserDb, SCHEMA_V1, userDb, WorkplaceDb } from './db';

describe('Dexie schema versions', () => {
  it('a version 1 database opens in version 2 with its data kept and the search key filled', async () => {
    const name = `workplace-migration-${Date.now()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores(SCHEMA_V1);
    await v1.table('customers').bulkPut([
      { companyId: 5, id: 'C001', data: { accountNumber: 'C001', socialReason: 'Épicerie Fine Léa' } },
      { companyId: 5, id: 'C002', data: { accountNumber: 'C002', socialReason: 'Boulangerie Martin' } },
    ]);
    await v1
      .table('articles')
      .put({ companyId: 5, id: 12, data: { code: 'PAIN', designation: 'Baguette tradition', label: 'Baguette' } });
    await v1.table('outbox').put({
      id: 'e1',
      seq: 1,
      state: 'pending',
      docKey: 'invoice:1',
      kind: 'invoice.save',
      label: 'Enregistrement',
      idempotencyKey: 'k-12345678',
    });
    await v1
      .table('drafts')
      .put({ key: 'quote:tmp-1', companyId: 5, kind: 'quote', data: { designation: 'Devis' }, updatedAt: 1 });
    v1.close();

    const v2 = new WorkplaceDb(name);
    await v2.open();
    expect(v2.verno).toBeGreaterThanOrEqual(2); // opens in the latest version (3 since decision 022)
    expect(await v2.outbox.get('e1')).toMatchObject({ docKey: 'invoice:1', idempotencyKey: 'k-12345678' });
    expect(await v2.drafts.get('quote:tmp-1')).toMatchObject({ data: { designation: 'Devis' } });
    expect(await v2.articles.get([5, 12])).toMatchObject({ label: 'pain baguette tradition baguette' });
    // The v2 index: prefix search on the folded name, sorted.
    const found = await v2.customers.where('[companyId+label]').between([5, 'epic'], [5, 'epic\uffff']).toArray();
    expect(found.map((r) => r.id)).toEqual(['C001']);
    expect(await v2.records.count()).toBe(0);
    v2.close();
    await Dexie.delete(name);
  });

  it('one database per user, deleted on demand', async () => {
    const a = userDb(91);
    await a.meta.put({ companyId: 1, dataset: 'customers', fetchedAt: 1, count: 0 });
    expect(a.name).toBe(dbNameFor(91));
    const b = userDb(92);
    expect(b.name).toBe('workplace-92');
    expect(await b.meta.count()).toBe(0);
    await deleteUserDb(92);
    expect(await Dexie.exists('workplace-92')).toBe(false);
    await Dexie.delete('workplace-91');
  });
});
