// @vitest-environment jsdom
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { clearLocalSession, setSession } from '../lib/session';
import { closeUserDb, userDb } from './db';
import { discardUnsent, keptOnDevice, startStorage, wipeUserData } from './storage';
import { bareProfile } from '../../tests/support/user-profile';

const profile = (id: number) => bareProfile(id, 'Martin', 'Paul');

describe('sign-out wipe', () => {
  it('deletes the user’s database when nothing is waiting to be sent', async () => {
    startStorage();
    setSession({ token: 't', profile: profile(501) });
    await userDb(501).customers.put({ companyId: 1, id: 'C1', data: {}, label: 'c1' });
    await clearLocalSession();
    expect(await Dexie.exists('workplace-501')).toBe(false);
  });

  it('keeps only unsent changes and drafts (a 401 also signs out), never the cached company data', async () => {
    const db = userDb(502);
    await db.customers.put({ companyId: 1, id: 'C1', data: {}, label: 'c1' });
    await db.drafts.put({ key: 'quote:tmp', companyId: 1, kind: 'quote', data: {}, updatedAt: 1 });
    closeUserDb();
    expect(await wipeUserData(502)).toBe('kept-unsent');
    const again = userDb(502);
    expect(await again.customers.count()).toBe(0);
    expect(await again.drafts.count()).toBe(1);
    await Dexie.delete('workplace-502');
    expect(await wipeUserData(503)).toBe('none');
  });

  it('counts what a sign-out would keep, and « Supprimer aussi… » leaves nothing: the database goes', async () => {
    const db = userDb(504);
    await db.drafts.bulkPut([
      { key: 'quote:1:new', companyId: 1, kind: 'quote', data: {}, updatedAt: 1 },
      { key: 'invoice:2:new', companyId: 2, kind: 'invoice', data: {}, updatedAt: 1 },
    ]);
    await db.outbox.put({ id: 'e1', seq: 1, state: 'failed' } as never);
    closeUserDb();
    expect(await keptOnDevice(504)).toEqual({ drafts: 2, changes: 1 });
    await discardUnsent(504);
    expect(await keptOnDevice(504)).toEqual({ drafts: 0, changes: 0 });
    expect(await wipeUserData(504)).toBe('deleted');
    expect(await Dexie.exists('workplace-504')).toBe(false);
    expect(await keptOnDevice(504)).toEqual({ drafts: 0, changes: 0 });
  });
});
