// Builds an Outbox over a fresh fake-indexeddb database and a FakeApi, with a clock the test moves.
import { WorkplaceDb } from '../db';
import type { OutboxEntry } from '../outbox-types';
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
  /** The tab dies: answers still on their way never reach this engine (its requests hang). */
  kill(): void;
}

const never = () => new Promise<Response>(() => undefined);

export function makeHarness(
  existing?: Partial<{
    name: string;
    api: FakeApi;
    clock: { now: number };
    net: { online: boolean; token: string | null };
    concurrency: number;
    /** Entries sent in batches (decision 026); absent: one request each. */
    batch: (entry: OutboxEntry) => boolean;
  }>,
): Harness {
  const name = existing?.name ?? `workplace-test-${Date.now()}-${counter++}`;
  const api = existing?.api ?? new FakeApi();
  const clock = existing?.clock ?? { now: Date.UTC(2026, 10, 21, 13, 5) };
  const net = existing?.net ?? { online: true, token: api.validToken };
  const concurrency = existing?.concurrency;
  const batch = existing?.batch;
  const db = new WorkplaceDb(name);
  const life = { alive: true };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (!life.alive) return never();
    try {
      const res = await api.fetch(input, init);
      return life.alive ? res : never();
    } catch (error) {
      if (!life.alive) return never();
      throw error;
    }
  };
  const outbox = new Outbox({
    db: () => db,
    fetch,
    concurrency,
    batch,
    baseUrl: 'http://api.test/api/',
    token: () => net.token,
    now: () => clock.now,
    online: () => net.online,
    random: () => 0.5,
    timeoutMs: 60_000,
  });
  const kill = () => {
    life.alive = false;
  };
  return {
    db,
    api,
    outbox,
    clock,
    net,
    kill,
    reopen: () => (kill(), makeHarness({ name, api, clock, net, concurrency, batch })),
  };
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
