import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  customers,
  estimates,
  idempotencyKeys,
  invoicePayments,
  invoices,
  items,
} from '../../server/src/db/schema/index';
import { encodeLabel64 } from '../../src/domain/label64';
import { customerPayload, invoicePayload, MARTIN, quotePayload } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Decision 076: what the server writes is dated by its one clock, never by the database's `now()`.
// The clock is moved 3 minutes back from the machine's time (the database's), which stays on the
// same billing day and exercise, and each row a request writes must carry the clock's instant.

const t = useTestServer();
const at = () => new Date(t.server.deps.now().getTime() - 3 * 60_000);

describe('the server’s clock dates what it writes (decision 076)', () => {
  it('a draft, a quote, a customer, an article, a payment and an Idempotency-Key carry the clock’s instant', async () => {
    const instant = at();
    t.server.setNow(instant);
    try {
      const token = t.demo;
      const company = t.company(MARTIN);
      const opts = { token, company };
      const db = t.server.deps.db;
      const near = (d: Date | null | undefined) => Math.abs((d?.getTime() ?? 0) - instant.getTime()) < 20_000;

      const draft = await t.server.api.post('/api/invoices', invoicePayload(t.server), {
        ...opts,
        idempotencyKey: 'horloge-brouillon-1',
      });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      const [inv] = await db.select().from(invoices).where(eq(invoices.id, draft.body.id));
      expect([near(inv!.insertedAt), near(inv!.updatedAt)]).toEqual([true, true]);
      const [key] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'horloge-brouillon-1'));
      expect(near(key!.createdAt)).toBe(true);
      const history = (await t.server.api.get(`/api/invoices/${draft.body.id}/follow-up`, opts)).body.history;
      expect(history[0].kind).toBe('created');
      expect(near(new Date(history[0].at))).toBe(true);

      expect((await t.server.api.put(`/api/invoices/${draft.body.id}/validate`, {}, opts)).status).toBe(200);
      const paid = await t.server.api.post(
        `/api/invoices/${draft.body.id}/payments`,
        { date: invoicePayload(t.server).createdAt, means: 'virement', amount: 10 },
        opts,
      );
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      const [payment] = await db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, draft.body.id));
      expect(near(payment!.insertedAt)).toBe(true);

      const quote = await t.server.api.post('/api/estimates', quotePayload(t.server), opts);
      expect(quote.status, JSON.stringify(quote.body)).toBe(201);
      const [q] = await db.select().from(estimates).where(eq(estimates.id, quote.body.id));
      expect([near(q!.insertedAt), near(q!.updatedAt)]).toEqual([true, true]);

      const customer = await t.server.api.post(
        '/api/customers',
        customerPayload('Horloge SARL', { accountNumber: 'HOR001' }),
        opts,
      );
      expect(customer.status, JSON.stringify(customer.body)).toBe(201);
      const [c] = await db.select().from(customers).where(eq(customers.accountNumber, 'HOR001'));
      expect([near(c!.createdAt), near(c!.updatedAt)]).toEqual([true, true]);

      const article = {
        code: 'HOR-01',
        type: 'Standard',
        designation: 'Article daté',
        label64: encodeLabel64('Daté'),
        unitPriceHT: 10,
        vatRate: 20,
      };
      const item = await t.server.api.post('/api/items', article, opts);
      expect(item.status, JSON.stringify(item.body)).toBe(201);
      const [i] = await db.select().from(items).where(eq(items.code, 'HOR-01'));
      expect([near(i!.createdAt), near(i!.updatedAt)]).toEqual([true, true]);
    } finally {
      t.server.setNow(null);
    }
  });
});
