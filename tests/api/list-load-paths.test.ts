import { beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { useTestServer } from '../support/use-test-server';

// Decision 015: what the faster list path must keep. The session and the
// membership are now read in one query (no cache: revocation is immediate); a list's total is
// counted only when the page cannot tell it; small JSON answers go out as they are, larger ones
// gzipped (they were all gzipped, however small, through a web stream).

const ctx = useTestServer();
let company: number;
beforeAll(() => void (company = ctx.server.seed!.companies[0]!.id));

interface Raw {
  status: number;
  header(name: string): string | undefined;
  bytes: Buffer;
}

/** node:http, not fetch: fetch would decompress the body itself and hide what was sent. */
function get(path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(`${ctx.server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          header: (n) => res.headers[n] as string | undefined,
          bytes: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('session and company checked in one query', () => {
  it('refuses a signed-out token on the very next list request', async () => {
    const { token: own } = await ctx.server.api.login('demo');
    expect((await ctx.server.api.get('/api/factures', { token: own, company })).status).toBe(200);
    expect((await ctx.server.api.post('/api/logout', undefined, { token: own })).status).toBe(204);
    const res = await ctx.server.api.get('/api/factures', { token: own, company });
    expect(res.status).toBe(401);
    expect((await ctx.server.api.get('/api/customers', { token: own })).status).toBe(401);
  });

  it('refuses an expired session', async () => {
    ctx.server.setNow(new Date(Date.now() + 400 * 24 * 3_600_000));
    try {
      expect((await ctx.server.api.get('/api/items', { token: ctx.demo, company })).status).toBe(401);
    } finally {
      ctx.server.setNow(null);
    }
  });

  it('keeps the order of the checks: 401, then 400 for a malformed X-Company-Id, then 403', async () => {
    expect((await ctx.server.api.get('/api/customers', { headers: { 'x-company-id': 'abc' } })).status).toBe(401);
    expect(
      (await ctx.server.api.get('/api/customers', { token: 'not-a-token', headers: { 'x-company-id': 'abc' } })).status,
    ).toBe(401);
    const bad = await ctx.server.api.get('/api/customers', { token: ctx.demo, headers: { 'x-company-id': 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('L’en-tête X-Company-Id doit être un identifiant numérique.');
    const stranger = await ctx.server.api.get('/api/customers', { token: ctx.demo, company: 999_999 });
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe('Vous n’êtes pas membre de cette société.');
  });

  it('uses the last company when X-Company-Id is absent', async () => {
    const named = await ctx.server.api.get('/api/notifications', { token: ctx.demo, company });
    const implicit = await ctx.server.api.get('/api/notifications', { token: ctx.demo });
    expect(implicit.status).toBe(200);
    expect(implicit.body.total).toBe(named.body.total);
  });
});

describe('list totals', () => {
  it('tells the same total on a full page, on the short last page and past the end', async () => {
    const all = await ctx.server.api.get('/api/items?pageSize=500', { token: ctx.demo, company });
    const n: number = all.body.total;
    expect(all.body.items).toHaveLength(n);
    expect(n).toBeGreaterThan(3);
    const full = await ctx.server.api.get('/api/items?pageSize=2&page=1', { token: ctx.demo, company });
    const lastPage = Math.ceil(n / 2);
    const last = await ctx.server.api.get(`/api/items?pageSize=2&page=${lastPage}`, { token: ctx.demo, company });
    const past = await ctx.server.api.get(`/api/items?pageSize=2&page=${lastPage + 5}`, { token: ctx.demo, company });
    expect([full.body.total, last.body.total, past.body.total]).toEqual([n, n, n]);
    expect(past.body.items).toEqual([]);
    const customers = await ctx.server.api.get('/api/customers?pageSize=1&page=2', { token: ctx.demo, company });
    expect(customers.body.total).toBe(
      (await ctx.server.api.get('/api/customers?pageSize=500', { token: ctx.demo, company })).body.items.length,
    );
  });
});

describe('keyset pages (?after=)', () => {
  const opts = () => ({ token: ctx.demo, company });
  /** Every row of a list read 3 at a time, each page asked after the previous page's cursor. */
  async function walk(path: string) {
    const ids: number[] = [];
    let after: string | null = null;
    for (let n = 0; n < 1000; n++) {
      const cursor: string = after ? `&after=${after}` : '';
      const res = await ctx.server.api.get(`${path}?pageSize=3${cursor}`, opts());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(...res.body.items.map((r: { id: number }) => r.id));
      after = res.body.next;
      if (!after) return { ids, total: res.body.total as number };
    }
    throw new Error('la liste ne finit pas');
  }

  it('gives every invoice (drafts first) and every quote once, in the order of the one-page list', async () => {
    // Two drafts, so the walk crosses from drafts to numbered invoices inside a page.
    const one = (await ctx.server.api.get('/api/factures?validated=true&pageSize=1', opts())).body.items[0];
    const full = (await ctx.server.api.get(`/api/invoices/${one.id}`, opts())).body;
    for (let i = 0; i < 2; i++) {
      const draft = { ...full, id: undefined, number: undefined, validated: undefined };
      expect((await ctx.server.api.post('/api/invoices', draft, opts())).status).toBe(201);
    }
    for (const path of ['/api/factures', '/api/estimates']) {
      const whole = (await ctx.server.api.get(`${path}?pageSize=500`, opts())).body;
      expect(whole.items.length).toBeGreaterThan(3); // more than one page of 3
      expect(whole.next).toBeNull();
      const walked = await walk(path);
      expect(walked.ids).toEqual(whole.items.map((r: { id: number }) => r.id));
      expect(walked.total).toBe(whole.total);
    }
  });

  it('does not shift when a document is created between two pages', async () => {
    const first = (await ctx.server.api.get('/api/factures?pageSize=3', opts())).body;
    const expected = (await ctx.server.api.get('/api/factures?pageSize=3&page=2', opts())).body.items;
    const any = (await ctx.server.api.get(`/api/invoices/${first.items[0].id}`, opts())).body;
    const draft = { ...any, id: undefined, number: undefined, validated: undefined };
    expect((await ctx.server.api.post('/api/invoices', draft, opts())).status).toBe(201);
    const byOffset = (await ctx.server.api.get('/api/factures?pageSize=3&page=2', opts())).body.items;
    const byCursor = (await ctx.server.api.get(`/api/factures?pageSize=3&after=${first.next}`, opts())).body.items;
    expect(byCursor).toEqual(expected);
    expect(byOffset).not.toEqual(expected);
  });

  it('refuses a cursor that is not one of ours with a 400 naming « after »', async () => {
    const forged = [
      'pas-un-curseur',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('[2024,1,"F-1"]').toString('base64url'),
      Buffer.from('[2024,-1,"F-1",3]').toString('base64url'),
    ];
    for (const after of forged)
      for (const path of ['/api/factures', '/api/estimates']) {
        const res = await ctx.server.api.get(`${path}?after=${after}`, opts());
        expect(res.status, `${path} ${after}`).toBe(400);
        expect(res.body.message).toContain('Le curseur de page « after » est invalide');
      }
  });
});

describe('compression of JSON answers', () => {
  const auth = () => ({ authorization: `Bearer ${ctx.demo}`, 'x-company-id': String(company) });

  it('sends a small answer as it is, with its length', async () => {
    const res = await get('/api/notifications?pageSize=1', { ...auth(), 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.bytes.length).toBeLessThan(2048);
    expect(res.header('content-encoding')).toBeUndefined();
    expect(Number(res.header('content-length'))).toBe(res.bytes.length);
    expect(JSON.parse(res.bytes.toString()).pageSize).toBe(1);
    expect(res.header('cache-control')).toBe('no-store');
  });

  it('gzips a larger answer for a client that accepts it, and only then', async () => {
    const zipped = await get('/api/customers?pageSize=500', { ...auth(), 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.header('content-encoding')).toBe('gzip');
    expect(zipped.header('vary')).toMatch(/Accept-Encoding/i);
    const json = gunzipSync(zipped.bytes).toString();
    expect(json.length).toBeGreaterThan(2048);
    const plain = await get('/api/customers?pageSize=500', { ...auth(), 'accept-encoding': 'identity' });
    expect(plain.header('content-encoding')).toBeUndefined();
    expect(plain.bytes.toString()).toBe(json);
  });
});
