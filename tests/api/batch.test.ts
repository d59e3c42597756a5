import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AFTER_NOT_BEFORE, BATCH_TOO_LARGE, MAX_BATCH_ITEMS, NOT_APPLIED_AFTER_FAILURE } from '../../src/contract/sync';
import type { AppRight } from '../../src/domain/rights';
import { memberships } from '../../server/src/db/schema/index';
import { GARAGE, MARTIN, customerPayload as customer } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// POST /api/sync/batch (decision 026): many queued changes in one request, each applied
// as if sent alone (rights, validation, its own stored Idempotency-Key answer), in order.

const ctx = useTestServer();
let martin: number;
let garage: number;
beforeAll(() => {
  martin = ctx.company(MARTIN);
  garage = ctx.company(GARAGE);
});

let n = 0;
const key = () => `batch-test-${++n}-${Date.now()}`;
const batch = (items: unknown[], company = martin, token = ctx.demo) =>
  ctx.server.api.post('/api/sync/batch', { items }, { token, company });
const count = async (company: number, q: string) =>
  (await ctx.server.api.get(`/api/customers?q=${encodeURIComponent(q)}`, { token: ctx.demo, company })).body.total;

describe('POST /api/sync/batch', () => {
  it('applies each change once: a retried batch and a single retry get the stored answers', async () => {
    const items = [
      { key: key(), method: 'POST', path: 'customers', body: customer('Lot Alpha SARL') },
      { key: key(), method: 'POST', path: 'customers', body: customer('Lot Beta SARL') },
    ];
    const first = await batch(items);
    expect(first.status).toBe(200);
    expect(first.body.items.map((i: { status: number }) => i.status)).toEqual([201, 201]);
    const [alpha, beta] = first.body.items.map((i: { body: { accountNumber: string } }) => i.body.accountNumber);
    expect(alpha).not.toBe(beta);

    const again = await batch(items);
    expect(again.body.items).toEqual(first.body.items);
    // The same change sent alone with its key: the answer recorded by the batch.
    const alone = await ctx.server.api.post('/api/customers', items[0].body, {
      token: ctx.demo,
      company: martin,
      idempotencyKey: items[0].key,
    });
    expect(alone.status).toBe(201);
    expect(alone.body).toEqual(first.body.items[0].body);
    expect(await count(martin, 'Lot Alpha')).toBe(1);
    expect(await count(martin, 'Lot Beta')).toBe(1);
  });

  it('answers each item on its own: a refused change does not stop the others, in order', async () => {
    const created = { key: key(), method: 'POST', path: 'customers', body: customer('Lot Gamma SARL') };
    const res = await batch([
      created,
      { key: key(), method: 'POST', path: 'customers', body: customer('') },
      { key: key(), method: 'POST', path: 'login', body: { username: 'demo', password: 'demo' } },
      { key: key(), method: 'PUT', path: 'customers/C99999', body: customer('Personne') },
      { key: key(), method: 'POST', path: 'customers', body: customer('Lot Delta SARL') },
    ]);
    expect(res.status).toBe(200);
    const [ok, invalid, notQueueable, missing, last] = res.body.items;
    expect(ok.status).toBe(201);
    expect([400, 422]).toContain(invalid.status);
    expect(invalid.body.message).toMatch(/\S/);
    expect(notQueueable).toMatchObject({ status: 422, body: { message: expect.stringContaining('envoyez-la seule') } });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Client introuvable.' } });
    expect(last.status).toBe(201);
    // The changes of one document keep their order: an edit right after its creation sees it.
    const account = ok.body.accountNumber as string;
    const edit = await batch([
      { key: key(), method: 'PUT', path: `customers/${account}`, body: customer('Lot Gamma et Fils') },
      { key: key(), method: 'DELETE', path: `customers/${account}` },
    ]);
    expect(edit.body.items.map((i: { status: number }) => i.status)).toEqual([200, 204]);
    expect(await count(martin, 'Lot Gamma')).toBe(0);
  });

  it('checks the rights of each item with its own company', async () => {
    const rights: AppRight[] = [{ label: 'mesFactures', permissions: ['view'], children: [] }];
    const where = and(eq(memberships.userId, ctx.server.seed!.demoUserId), eq(memberships.companyId, garage));
    const [before] = await ctx.server.deps.db.select().from(memberships).where(where);
    await ctx.server.deps.db.update(memberships).set({ appRights: rights }).where(where);
    try {
      const res = await batch([
        { key: key(), method: 'POST', path: 'customers', body: customer('Lot Garage SARL'), companyId: garage },
        { key: key(), method: 'POST', path: 'customers', body: customer('Lot Martin SARL') },
      ]);
      expect(res.body.items[0]).toMatchObject({
        status: 403,
        body: { message: 'Vous n’avez pas les droits nécessaires pour cette action.' },
      });
      expect(res.body.items[1].status).toBe(201);
      expect(await count(martin, 'Lot Martin')).toBe(1);
    } finally {
      await ctx.server.deps.db.update(memberships).set({ appRights: before!.appRights }).where(where);
    }
    expect(await count(garage, 'Lot Garage')).toBe(0);
  });

  it('refuses another company’s data, item by item', async () => {
    const other = ctx.company('Conseil Audit Rousseau');
    // The items share the batch's session check, company by company: one's membership is not another's.
    const res = await batch([
      { key: key(), method: 'POST', path: 'customers', body: customer('Lot Avant Intrus SARL') },
      { key: key(), method: 'POST', path: 'customers', body: customer('Lot Intrus SARL'), companyId: other },
      { key: key(), method: 'POST', path: 'customers', body: customer('Lot Intrus SARL'), companyId: 999_999 },
      { key: key(), method: 'POST', path: 'customers', body: customer('Lot Chez Soi SARL') },
    ]);
    expect(res.body.items[0].status).toBe(201);
    expect(res.body.items.slice(1, 3)).toMatchObject([
      { status: 403, body: { message: 'Vous n’êtes pas membre de cette société.' } },
      { status: 403, body: { message: 'Vous n’êtes pas membre de cette société.' } },
    ]);
    expect(res.body.items[3].status).toBe(201);
    // Martin's customers are not Garage's: an edit addressed to Garage does not find them.
    const account = res.body.items[3].body.accountNumber as string;
    const cross = await batch([
      { key: key(), method: 'PUT', path: `customers/${account}`, body: customer('Détourné'), companyId: garage },
    ]);
    expect(cross.body.items[0].status).toBe(404);
    expect(await count(martin, 'Lot Chez Soi')).toBe(1);
  });

  it('checks the session again at the next batch: a signed-out session is refused', async () => {
    const { token } = await ctx.server.api.login('demo');
    const first = await batch(
      [{ key: key(), method: 'POST', path: 'customers', body: customer('Lot Session SARL') }],
      martin,
      token,
    );
    expect(first.body.items[0].status).toBe(201);
    expect((await ctx.server.api.post('/api/logout', undefined, { token })).status).toBeLessThan(300);
    const after = await batch(
      [{ key: key(), method: 'POST', path: 'customers', body: customer('Lot Après SARL') }],
      martin,
      token,
    );
    expect(after.status).toBe(401);
    expect(await count(martin, 'Lot Après')).toBe(0);
  });

  it('bounds the batch with clear French answers', async () => {
    const many = Array.from({ length: MAX_BATCH_ITEMS + 1 }, () => ({
      key: key(),
      method: 'POST',
      path: 'customers',
      body: customer('Trop'),
    }));
    const big = await batch(many);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(BATCH_TOO_LARGE);
    expect(await count(martin, 'Trop')).toBe(0);

    const k = key();
    const twice = await batch([
      { key: k, method: 'POST', path: 'customers', body: customer('Double') },
      { key: k, method: 'POST', path: 'customers', body: customer('Double') },
    ]);
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe('Deux modifications du lot portent la même clé d’idempotence.');
    expect((await batch([])).status).toBe(400);
    const anonymous = await ctx.server.api.post('/api/sync/batch', { items: [] });
    expect(anonymous.status).toBe(401);

    const first = key();
    const misplaced = await batch([
      { key: key(), method: 'POST', path: 'customers', body: customer('Ordre Inversé SARL'), after: first },
      { key: first, method: 'POST', path: 'customers', body: customer('Ordre Inversé SARL') },
    ]);
    expect(misplaced.status).toBe(422);
    expect(misplaced.body.message).toBe(AFTER_NOT_BEFORE);
    expect(await count(martin, 'Ordre Inversé')).toBe(0);
  });

  it('applies a document’s next change only after the one before it (after): else 424, nothing done, key unused', async () => {
    const created = await ctx.server.api.post('/api/customers', customer('Chaîne SARL'), {
      token: ctx.demo,
      company: martin,
    });
    const account = created.body.accountNumber as string;
    const edit = (socialReason: string, over: Record<string, unknown> = {}) => ({
      key: key(),
      method: 'PUT',
      path: `customers/${account}`,
      body: customer(socialReason, { accountNumber: account, ...over }),
    });
    const ok1 = edit('Chaîne 1 SARL');
    const ok2 = { ...edit('Chaîne 2 SARL'), after: ok1.key };
    const refused = { ...edit(''), after: ok2.key };
    const behind = { ...edit('Chaîne 4 SARL'), after: refused.key };
    const res = await batch([ok1, ok2, refused, behind]);
    expect(res.status).toBe(200);
    const [a, b, c, d] = res.body.items.map((i: { status: number }) => i.status);
    expect([a, b, d]).toEqual([200, 200, 424]);
    expect([400, 422]).toContain(c);
    expect(res.body.items[3].body).toEqual({ message: NOT_APPLIED_AFTER_FAILURE });
    const now = await ctx.server.api.get(`/api/customers/${account}`, { token: ctx.demo, company: martin });
    expect(now.body.socialReason).toBe('Chaîne 2 SARL');
    // Its key was not used: sent again (alone or in a later batch), the change is applied.
    const again = await batch([{ ...behind, after: undefined }]);
    expect(again.body.items[0].status).toBe(200);
    expect(
      (await ctx.server.api.get(`/api/customers/${account}`, { token: ctx.demo, company: martin })).body.socialReason,
    ).toBe('Chaîne 4 SARL');
  });
});
