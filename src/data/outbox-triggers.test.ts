// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { emitSessionEvent, setSession } from '../lib/session';
import { isTempId, newTempId, outbox, resolveId, startOutbox } from './outbox';
import { userDb } from './db';

describe('outbox triggers and ids', () => {
  it('replays at start-up, on "online", when the tab is visible again, and resumes after a sign-in', async () => {
    const replay = vi.spyOn(outbox, 'replay').mockResolvedValue();
    const resume = vi.spyOn(outbox, 'resume').mockResolvedValue();
    const stop = startOutbox();
    // At start-up, without waiting out the backoff of attempts made before the app closed.
    expect(replay).toHaveBeenCalledTimes(1);
    expect(replay).toHaveBeenLastCalledWith({ force: true });
    window.dispatchEvent(new Event('online'));
    expect(replay).toHaveBeenLastCalledWith({ force: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(replay).toHaveBeenCalledTimes(3);
    await emitSessionEvent('signIn');
    expect(resume).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(new Event('online'));
    expect(replay).toHaveBeenCalledTimes(3);
  });

  it('temporary ids resolve to the server id once known', async () => {
    const tmp = newTempId();
    expect(isTempId(tmp)).toBe(true);
    expect(isTempId('12')).toBe(false);
    setSession({
      token: 't',
      profile: {
        id: 777,
        name: 'N',
        firstName: 'P',
        username: 'u',
        userType: 0,
        userCompanies: [],
        userLastCompany: 1,
        appRights: [],
        categories: [],
        categoriesInbox: [],
      },
    });
    expect(await resolveId(tmp)).toBe(tmp);
    await userDb(777).idMap.put({ tempId: tmp, serverId: 42, createdAt: 0 });
    expect(await resolveId(tmp)).toBe(42);
    expect(await resolveId(9)).toBe(9);
    await userDb(777).delete();
  });
});
