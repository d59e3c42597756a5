// @vitest-environment jsdom
// Decision 078: a sign-out made offline is remembered over the device's wipe and sent at the next
// connection, for every user who signed out so; forgotten once the server has answered.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOGOUT_URL,
  pendingSignOutCount,
  PENDING_SIGN_OUTS_KEY,
  rememberSignOut,
  resetPendingSignOutsForTests,
  revokeOnServer,
  sendPendingSignOuts,
  signOutsFirst,
  startPendingSignOuts,
} from './pending-sign-outs';
import { clearLocalSession, setSession } from './session';
import { bareProfile } from '../../tests/support/user-profile';

const profile = (id: number) => bareProfile(id);

const stored = () =>
  JSON.parse(localStorage.getItem(PENDING_SIGN_OUTS_KEY) ?? '[]').map((p: { token: string }) => p.token);
const bearer = (init?: RequestInit) => new Headers(init?.headers).get('authorization');

/** A fetch that records each request as it starts ("POST /api/logout Bearer a") and answers `answer`. */
function recordingFetch(answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const started: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    started.push(`${init?.method ?? 'GET'} ${url}${url === LOGOUT_URL ? ` ${bearer(init)}` : ''}`);
    return answer(url, init);
  });
  vi.stubGlobal('fetch', fetch);
  return { started, fetch };
}

const status = (code: number) => new Response(code === 204 ? null : '{}', { status: code });
let offline = false;

beforeEach(() => {
  localStorage.clear();
  resetPendingSignOutsForTests();
  offline = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => !offline);
});
afterEach(() => {
  localStorage.clear();
  resetPendingSignOutsForTests();
});

describe('pending sign-outs', () => {
  it('a sign-out offline is kept over the wipe of the device, for each user, and sent at the next connection', async () => {
    const { started } = recordingFetch(() => status(204));
    startPendingSignOuts();
    offline = true;
    // Two users of one tablet sign out without network, one after the other.
    setSession({ token: 'token-jean', profile: profile(901) });
    await revokeOnServer('token-jean');
    await clearLocalSession();
    setSession({ token: 'token-marie', profile: profile(902) });
    await revokeOnServer('token-marie');
    await clearLocalSession();
    expect(started).toEqual([]);
    // The wipe took the session and everything else, not the revocations.
    expect(localStorage.getItem('workplace.session')).toBeNull();
    expect(stored()).toEqual(['token-jean', 'token-marie']);
    expect(await signOutsFirst().then(() => started)).toEqual([]);

    offline = false;
    window.dispatchEvent(new Event('online'));
    await sendPendingSignOuts();
    expect(started).toEqual([`POST ${LOGOUT_URL} Bearer token-jean`, `POST ${LOGOUT_URL} Bearer token-marie`]);
    expect(localStorage.getItem(PENDING_SIGN_OUTS_KEY)).toBeNull();
  });

  it('forgets a token on 2xx or 401 (already invalid), keeps it on a network error or a 5xx', async () => {
    for (const token of ['revoked', 'expired', 'server-down', 'no-network']) rememberSignOut(token);
    rememberSignOut('revoked'); // the same sign-out twice is one revocation
    recordingFetch((_url, init) => {
      const token = bearer(init);
      if (token === 'Bearer revoked') return status(204);
      if (token === 'Bearer expired') return status(401);
      if (token === 'Bearer server-down') return status(503);
      throw new TypeError('Failed to fetch');
    });
    await sendPendingSignOuts();
    expect(stored()).toEqual(['server-down', 'no-network']);
    expect(pendingSignOutCount()).toBe(2);
  });

  it('other requests wait for the revocations under way (not the signing-out tab’s own); with none they go at once', async () => {
    const { started } = recordingFetch(() => status(204));
    await signOutsFirst();
    expect(started).toEqual([]);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    recordingFetch(async () => {
      await held;
      return status(204);
    });
    rememberSignOut('slow');
    let passed = false;
    const gate = signOutsFirst().then(() => (passed = true));
    // The tab signing out now: its own last requests go alongside its revocation, not after it.
    let ownPassed = false;
    const own = signOutsFirst('slow').then(() => (ownPassed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(passed).toBe(false);
    expect(ownPassed).toBe(true);
    await own;
    release();
    await gate;
    expect(passed).toBe(true);
    expect(pendingSignOutCount()).toBe(0);
  });
});
