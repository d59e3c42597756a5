// Builds an Outbox over a fresh fake-indexeddb database and a FakeApi, with a clock the test moves.
import { WorkplaceDb } from '../db';
import { Outbox } from '../replayer';
import { FakeApi } from './fake-api';

let counter = 0;

export interface Harness {
  db: WorkplaceDb;
  api: FakeApi;
  outbox: Outbox;
  clock: { now: number };
  net: { online: boolean; token: string | null };
  /** A new tab (or a restarted app) on the same database: new connection, new engine. */
  reopen(): Harness;
}

export function makeHarness(existing?: { name: string; api: FakeApi; clock: { now: number }; net: { online: boolean; token: string | null } }): Harness {
  const name = existing?.name ?? `workplace-test-${Date.now()}-${counter++}`;
  const api = existing?.api ?? new FakeApi();
  const clock = existing?.clock ?? { now: Date.UTC(2026, 10, 21, 13, 5) };
  const net = existing?.net ?? { online: true, token: api.validToken };
  const db = new WorkplaceDb(name);
  const outbox = new Outbox({
    db: () => db,
    fetch: api.fetch,
    baseUrl: 'http://api.test/api/',
    token: () => net.token,
    now: () => clock.now,
    online: () => net.online,
    random: () => 0.5,
    timeoutMs: 60_000,
  });
  return { db, api, outbox, clock, net, reopen: () => makeHarness({ name, api, clock, net }) };
}

/** Drains until nothing more can be sent, moving the clock past every backoff (max 1 h) each round. */
export async function drainAll(h: Harness, rounds = 60): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    h.clock.now += 3_600_001;
    const before = h.api.requests;
    await h.outbox.replay({ force: true });
    const pending = await h.db.outbox.where('state').equals('pending').count();
    // Nothing sent although every delay is over: what is left waits behind a failed entry.
    if (pending === 0 || h.outbox.paused || h.api.requests === before) return;
  }
  throw new Error('outbox not drained');
}
