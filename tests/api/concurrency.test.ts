import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { encodeLabel64 } from '../../src/domain/label64';
import { customers, documentCounters, invoices, items } from '../../server/src/db/schema/index';
import { customerPayload, GARAGE, invoicePayload, MARTIN, today } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Decision 036: the races that only a real PostgreSQL can lose (PGlite runs one transaction at a time,
// so there these tests pass whatever the locks). The api-pg project runs this file on PostgreSQL,
// where each request has its own connection and transactions truly overlap. How each test was
// proved to bite (lock or index removed → failure) is written in decision 036.

// Correctness, not latency: on a loaded 2-core CI machine the 25th validation of a company waits
// for the 24 before it (each renders its PDF under the company's lock) longer than the default
// statement and pool timeouts; postgres.test.ts tests those timeouts.
const ctx = useTestServer({ env: { DATABASE_STATEMENT_TIMEOUT_MS: '0', DATABASE_CONNECT_TIMEOUT_MS: '120000' } });
const as = (company: number) => ({ token: ctx.demo, company });
const seq = (number: string) => Number(number.split('-')[1]);

async function drafts(company: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await ctx.server.api.post('/api/invoices', invoicePayload(ctx.server), as(company));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.id);
  }
  return ids;
}

async function counterOf(company: number): Promise<number> {
  const series = `F${today(ctx.server).slice(0, 4)}`;
  const [row] = await ctx.server.deps.db
    .select({ last: documentCounters.last })
    .from(documentCounters)
    .where(and(eq(documentCounters.companyId, company), eq(documentCounters.series, series)));
  return row?.last ?? 0;
}

describe('concurrent writes (a real PostgreSQL in the api-pg project)', () => {
  it('50 validations at once across two companies: gapless per company, no duplicate, no deadlock', async () => {
    const martin = ctx.company(MARTIN);
    const garage = ctx.company(GARAGE);
    const before = { [martin]: await counterOf(martin), [garage]: await counterOf(garage) };
    const work = [
      ...(await drafts(martin, 25)).map((id) => ({ id, company: martin })),
      ...(await drafts(garage, 25)).map((id) => ({ id, company: garage })),
    ];
    // Interleaved, so both companies' validations are in flight together.
    work.sort((a, b) => (a.id % 7) - (b.id % 7) || a.id - b.id);
    const answers = await Promise.all(
      work.map(({ id, company }) => ctx.server.api.put(`/api/invoices/${id}/validate`, {}, as(company))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    for (const company of [martin, garage]) {
      const numbers = answers
        .filter((_, i) => work[i]!.company === company)
        .map((a) => seq(a.body.invoice.number))
        .sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 25 }, (_, i) => before[company]! + 1 + i));
      expect(await counterOf(company)).toBe(before[company]! + 25);
    }
    // No time is asserted: the bound only stops a deadlock. Alone 4 s; a full `npm test` on a slow day
    // stretched it past 60 s.
  }, 180_000);

  it('the same draft validated 20 times at once: one number, 19 refusals in French', async () => {
    const martin = ctx.company(MARTIN);
    const before = await counterOf(martin);
    const [id] = await drafts(martin, 1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ctx.server.api.put(`/api/invoices/${id}/validate`, {}, as(martin))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.status)).toEqual(Array(19).fill(409));
    for (const a of refused) expect(a.body.message).toBe('Cette facture est déjà validée.');
    expect(await counterOf(martin)).toBe(before + 1);
    const [row] = await ctx.server.deps.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, id!));
    expect(seq(row!.number!)).toBe(before + 1);
  });

  it('one Idempotency-Key replayed 10 times at once: the work is done once, no answer is a 500', async () => {
    const martin = ctx.company(MARTIN);
    const body = customerPayload('Rejeu simultané', { accountNumber: 'IDEM01' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.server.api.post('/api/customers', body, { ...as(martin), idempotencyKey: 'rejeu-simultane-0001' }),
      ),
    );
    // The first does the work; the others get its answer again or are told to retry (503, Retry-After).
    for (const a of answers) expect([201, 503], JSON.stringify(a.body)).toContain(a.status);
    expect(answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replay') === null)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status === 503)) expect(a.headers.get('retry-after')).toBeTruthy();
    const rows = await ctx.server.deps.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.companyId, martin), eq(customers.accountNumber, 'IDEM01')));
    expect(rows).toHaveLength(1);
    // Once settled, the key answers the stored 201 again.
    const late = await ctx.server.api.post('/api/customers', body, {
      ...as(martin),
      idempotencyKey: 'rejeu-simultane-0001',
    });
    expect(late.status).toBe(201);
    expect(late.headers.get('idempotent-replay')).toBe('true');
  });

  it('10 devices create the same article code at once: one article, nine French 409s', async () => {
    const garage = ctx.company(GARAGE);
    const article = (i: number) => ({
      code: 'CONC-01',
      type: 'Standard',
      designation: `Article concurrent ${i}`,
      label64: encodeLabel64(`Appareil ${i}`),
      unitPriceHT: 10 + i,
      vatRate: 20,
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => ctx.server.api.post('/api/items', article(i), as(garage))),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual(Array(9).fill(409));
    for (const a of refused) expect(a.body.message).toBe('Un article avec ce code existe déjà !');
    const rows = await ctx.server.deps.db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.companyId, garage), inArray(items.code, ['CONC-01'])));
    expect(rows).toHaveLength(1);
  });

  it('20 movements entered at once on one register, then its day closed twice at once: one intact chain, one closing', async () => {
    const martin = ctx.company(MARTIN);
    const [reg] = (await ctx.server.api.get('/api/sales-register', as(martin))).body;
    const types = (await ctx.server.api.get(`/api/sales-register/${reg.id}/type-of-movement`, as(martin))).body;
    const sale = types.find((t: { category: string }) => t.category === 'sales');
    const dayLink = `/api/sales-register/${reg.uuid}/days/${reg.today.day}`;
    const verify = async () => (await ctx.server.api.get(`/api/sales-register/${reg.uuid}/verify`, as(martin))).body;
    const before = await verify();
    const entered = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.server.api.put(
          dayLink,
          { movements: [{ id: randomUUID(), idTypeMouv: sale.id, amount: 10 + i }] },
          as(martin),
        ),
      ),
    );
    expect(entered.map((a) => a.status)).toEqual(Array(20).fill(200));
    const after = await verify();
    expect(after.ok, after.conclusion).toBe(true);
    expect(after.movements.last.seq - before.movements.last.seq).toBe(20);

    const closing = { closed: true, counted: { total: 100, detail: null } };
    const closed = await Promise.all([1, 2].map(() => ctx.server.api.put(`${dayLink}/close`, closing, as(martin))));
    expect(closed.map((a) => a.status).sort()).toEqual([200, 409]);
    const final = await verify();
    expect(final.ok, final.conclusion).toBe(true);
    expect(final.closings.count).toBeGreaterThan(after.closings.count); // a J, and M and A on a month’s last day
  });
});
