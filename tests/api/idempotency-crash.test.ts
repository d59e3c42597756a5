import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { estimates, invoices } from '../../server/src/db/schema/index';
import type { FaultPoint } from '../../server/src/http/types';
import { companyId, invoicePayload, MARTIN, quotePayload } from '../support/invoice-helpers';
import { startTestServer, type ApiResponse, type TestServer } from '../support/test-server';

// Decision 007: a process that dies while answering a creation must not lead the outbox's replay
// (same Idempotency-Key) to a second document. The server is "killed" at each point between the
// handler's work and the answer reaching the client (an injected fault, then stop and restart on
// the same persistent database); the replay must find either nothing (and create exactly one) or
// the work with its answer (and replay it).

let server: TestServer;
let token: string;
let martin: number;
beforeAll(async () => {
  server = await startTestServer({ persistent: true });
  token = (await server.api.login('demo')).token;
  martin = companyId(server, MARTIN);
});
afterAll(() => server?.close());

class SimulatedCrash extends Error {}
const POINTS: FaultPoint[] = ['answer:before-store', 'answer:after-store', 'answer:after-commit'];
const seq = (number: string) => Number(number.split('-')[1]);

const KINDS = {
  invoice: { path: '/api/invoices', table: invoices, body: (d: string) => invoicePayload(server, { designation: d }) },
  quote: { path: '/api/estimates', table: estimates, body: (d: string) => quotePayload(server, { designation: d }) },
} as const;
type Kind = keyof typeof KINDS;

const send = (kind: Kind, designation: string, key: string) =>
  server.api.post(KINDS[kind].path, KINDS[kind].body(designation), { token, company: martin, idempotencyKey: key });

async function rowsOf(kind: Kind, designation: string) {
  const table = KINDS[kind].table;
  return server.deps.db
    .select({ id: table.id, number: table.number })
    .from(table)
    .where(eq(table.designation, designation));
}

describe('a crash while answering POST /api/invoices and /api/estimates', () => {
  const cases = (['invoice', 'quote'] as Kind[]).flatMap((kind) =>
    POINTS.map((point) => ({
      kind,
      point,
      designation: `Crash ${kind} ${point}`,
      key: `crash-${kind}-${point.replace(':', '-')}`,
    })),
  );
  const crashed = new Map<string, ApiResponse>();
  let firstQuoteSeq = 0;

  beforeAll(async () => {
    // The number the next quote takes: the replays must take the following ones, without a gap.
    firstQuoteSeq = seq((await send('quote', 'Avant les pannes', 'crash-quote-baseline')).body.number) + 1;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const c of cases) {
        server.deps.faults = (at) => {
          if (at === c.point) throw new SimulatedCrash(at);
        };
        crashed.set(c.key, await send(c.kind, c.designation, c.key));
      }
    } finally {
      server.deps.faults = undefined;
      errors.mockRestore();
    }
    // The process dies: only what was committed survives.
    await server.restart();
  });

  it.each(cases)(
    '$kind, crash at $point: the replay leaves exactly one document',
    async ({ kind, point, designation, key }) => {
      expect(crashed.get(key)!.status).toBe(500);
      const before = await rowsOf(kind, designation);
      // Either nothing happened, or the work and its answer both did.
      expect(before.length).toBeLessThanOrEqual(1);
      const replay = await send(kind, designation, key);
      expect(replay.status, JSON.stringify(replay.body)).toBe(201);
      const after = await rowsOf(kind, designation);
      expect(after).toHaveLength(1);
      expect(replay.body.id).toBe(after[0].id);
      expect(replay.headers.get('idempotent-replay')).toBe(before.length === 1 ? 'true' : null);
      if (point === 'answer:after-commit') expect(before).toHaveLength(1);
      // A second replay answers the same, still one document.
      const again = await send(kind, designation, key);
      expect(again.body).toEqual(replay.body);
      expect(await rowsOf(kind, designation)).toHaveLength(1);
    },
  );

  it('consumes no quote number for a document that does not exist', async () => {
    const quotes = await server.deps.db
      .select({ number: estimates.number })
      .from(estimates)
      .where(
        inArray(
          estimates.designation,
          cases.filter((c) => c.kind === 'quote').map((c) => c.designation),
        ),
      );
    const taken = quotes.map((q) => seq(q.number!)).sort((a, b) => a - b);
    expect(taken).toEqual(POINTS.map((_, i) => firstQuoteSeq + i));
  });
});
