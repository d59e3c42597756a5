import { describe, expect, it } from 'vitest';
import { planSave, sameSent, type EntryView } from './save-plan';

const TMP = 'tmp-3f2a0c1e-1111-4222-8333-444455556666';
const fresh = () => TMP;
const plan = (
  docId: string | number | null,
  entries: EntryView[] = [],
  resolved: string | number | null = null,
  docKey: string | null = null,
) => planSave({ kind: 'invoice', docId, docKey, resolved, entries, newTempId: fresh });

describe('planSave', () => {
  it('a new document is created under a temporary id that names its docKey', () => {
    expect(plan(null)).toEqual({
      method: 'POST',
      path: 'invoices',
      docKey: `invoice:${TMP}`,
      createsTempId: TMP,
      docId: TMP,
    });
    expect(
      planSave({ kind: 'quote', docId: null, docKey: null, resolved: null, entries: [], newTempId: fresh }).path,
    ).toBe('estimates');
  });

  it('a saved document is updated; a refused save of it is replaced in place', () => {
    expect(plan(12)).toEqual({
      method: 'PUT',
      path: 'invoices/12',
      docKey: 'invoice:12',
      replaces: undefined,
      docId: 12,
    });
    const failed: EntryView = { id: 'e1', state: 'failed', kind: 'invoice.save', docKey: 'invoice:12' };
    expect(plan(12, [failed]).replaces).toBe('e1');
    expect(plan(12, [{ ...failed, kind: 'invoice.send' }]).replaces).toBeUndefined();
    // A validation refused in the background would block every later save: the corrected save takes its place.
    expect(plan(12, [{ ...failed, kind: 'invoice.validate' }]).replaces).toBe('e1');
    expect(plan(12, [{ ...failed, state: 'pending' }]).replaces).toBeUndefined();
  });

  it('offline-created: follows its queued creation, or is created again when the creation never left', () => {
    const creator: EntryView = {
      id: 'c1',
      state: 'pending',
      kind: 'invoice.save',
      docKey: `invoice:${TMP}`,
      createsTempId: TMP,
    };
    expect(plan(TMP, [creator], null, `invoice:${TMP}`)).toMatchObject({
      method: 'PUT',
      path: `invoices/${TMP}`,
      docKey: `invoice:${TMP}`,
    });
    expect(plan(TMP, [{ ...creator, state: 'failed' }])).toMatchObject({
      method: 'POST',
      createsTempId: TMP,
      replaces: 'c1',
    });
    expect(plan(TMP, [])).toMatchObject({
      method: 'POST',
      path: 'invoices',
      createsTempId: TMP,
      docKey: `invoice:${TMP}`,
    });
    // Once the server gave its id, later saves go to it under the same ordering key.
    expect(plan(TMP, [], 41, `invoice:${TMP}`)).toMatchObject({
      method: 'PUT',
      path: 'invoices/41',
      docKey: `invoice:${TMP}`,
      docId: 41,
    });
  });
});

describe('sameSent (a confirmed save retires the draft that sent it)', () => {
  const tmp = 'tmp-1b4e28ba-2fa1-41d2-883f-0016d3cca427';
  it('ignores what the outbox changed on the way: the version and an offline customer’s reference', () => {
    const sent = JSON.stringify({ designation: 'A', customer: { accountNumber: tmp }, version: 1 });
    expect(sameSent(sent, { designation: 'A', customer: { accountNumber: 'C00021' }, version: 2 })).toBe(true);
    expect(sameSent(sent, { designation: 'B', customer: { accountNumber: 'C00021' }, version: 2 })).toBe(false);
    expect(
      sameSent(JSON.stringify({ designation: 'A', customer: { accountNumber: 'C00001' } }), {
        designation: 'A',
        customer: { accountNumber: 'C00002' },
      }),
    ).toBe(false);
    expect(sameSent(null, {})).toBe(false);
  });
});
