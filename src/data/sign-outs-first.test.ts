// @vitest-environment jsdom
// Decision 078: at the next connection the revocations of sign-outs made offline reach the server
// before the outbox sends anything (the outbox's fetch waits for them, outbox.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../contract/index';
import {
  LOGOUT_URL,
  pendingSignOutCount,
  rememberSignOut,
  resetPendingSignOutsForTests,
  sendPendingSignOuts,
} from '../lib/pending-sign-outs';
import { setSession } from '../lib/session';
import { deleteUserDb, userDb } from './db';
import { replayOutbox } from './outbox';
import type { OutboxEntry } from './outbox-types';
import { bareProfile } from '../../tests/support/user-profile';

const profile = (id: number) => bareProfile(id);

const bearer = (init?: RequestInit) => new Headers(init?.headers).get('authorization');

/** A fetch that records each request as it starts ("POST /api/logout Bearer a") and answers `answer`. */
function recordingFetch(answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const started: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      started.push(`${init?.method ?? 'GET'} ${url}${url === LOGOUT_URL ? ` ${bearer(init)}` : ''}`);
      return answer(url, init);
    }),
  );
  return { started };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  resetPendingSignOutsForTests();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(() => {
  localStorage.clear();
  resetPendingSignOutsForTests();
});

it('the revocation posts to the contract’s logout endpoint', () => {
  expect(LOGOUT_URL).toBe(`/api${api.auth.logout.path}`);
});

describe('the order at the next connection', () => {
  const userId = 903;
  afterEach(async () => {
    setSession(null);
    await deleteUserDb(userId);
  });

  it('the revocations are answered before the outbox sends its first queued change', async () => {
    // Jean signed out offline earlier; Marie, signed in, has a change queued offline.
    rememberSignOut('token-jean');
    rememberSignOut('token-paul');
    setSession({ token: 'token-marie', profile: profile(userId) });
    const entry: OutboxEntry = {
      id: 'e1',
      seq: 1,
      createdAt: 1,
      updatedAt: 1,
      state: 'pending',
      method: 'PUT',
      path: 'user/me',
      body: { idDerniereSociete: 1 },
      companyId: 1,
      docKey: 'profil',
      label: 'Choix de la société par défaut',
      kind: 'profile.company',
      idempotencyKey: 'k1',
      attempts: 0,
      nextAttemptAt: 0,
    } as OutboxEntry;
    await userDb(userId).outbox.put(entry);

    const answered: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { started } = recordingFetch(async (url, init) => {
      if (url === LOGOUT_URL) {
        await held;
        answered.push(bearer(init)!);
        return new Response(null, { status: 204 });
      }
      // The outbox's request: one change, alone or in a batch.
      if (url.endsWith('sync/batch')) {
        const { items } = JSON.parse(String(init?.body)) as { items: Array<{ key: string }> };
        return json({ items: items.map((i) => ({ key: i.key, status: 200, body: {} })) });
      }
      return json({});
    });

    // Back online: the 'online' listeners in the app's order (main.tsx's first, then the outbox's).
    void sendPendingSignOuts();
    const replay = replayOutbox({ force: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual([`POST ${LOGOUT_URL} Bearer token-jean`, `POST ${LOGOUT_URL} Bearer token-paul`]);
    release();
    await replay;
    expect(answered).toEqual(['Bearer token-jean', 'Bearer token-paul']);
    expect(started.slice(2)).toHaveLength(1);
    expect(started[2]).toMatch(/^(PUT \/api\/user\/me|POST \/api\/sync\/batch)$/);
    expect(await userDb(userId).outbox.count()).toBe(0);
    expect(pendingSignOutCount()).toBe(0);
  });
});
