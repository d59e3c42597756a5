import { describe, expect, it } from 'vitest';
import { ARTICLE_MESSAGES } from '../../src/domain/articles';
import { decodeLabel64, encodeLabel64 } from '../../src/domain/label64';
import { sortArticles } from '../../src/domain/sorting';
import { useTestServer } from '../support/use-test-server';

// The article catalogue (ART-1 to ART-10, ERR-9 to ERR-11): /api/items in the current company.

const ctx = useTestServer({ signIn: ['demo', 'admin'] });

const companyId = (label: string) => ctx.company(label);
const DUPLICATE = 'Un article avec ce code existe déjà !';
const article = (over: Record<string, unknown> = {}) => ({
  code: 'TEST',
  type: 'Standard',
  designation: 'Article de test',
  label64: encodeLabel64('Libellé de test'),
  salesAccount: '706000',
  unitMeasurement: { label: 'heure' },
  unitPriceHT: 10,
  vatRate: 20,
  typePurchaseSale: 'Vente',
  ...over,
});
const create = (body: unknown, opts: { company?: number; token?: string; idempotencyKey?: string } = {}) =>
  ctx.server.api.post('/api/items', body, { token: ctx.demo, ...opts });
const list = (query = '', company?: number) => ctx.server.api.get(`/api/items${query}`, { token: ctx.demo, company });

describe('GET /api/items', () => {
  it('pages the catalogue in the order of ART-8: Standard first, then the code', async () => {
    const all = await list('?pageSize=500');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 15, page: 1, pageSize: 500 });
    expect(all.body.items).toEqual(sortArticles(all.body.items));
    expect(all.body.items.at(-1).type).toBe('Commentaire');
    const page2 = await list('?page=2&pageSize=5');
    expect(page2.body).toMatchObject({ total: 15, page: 2, pageSize: 5 });
    expect(page2.body.items).toEqual(all.body.items.slice(5, 10));
  });

  it('sorts numbers by value and ignores case and accents, like the rulebook', async () => {
    const codes = ['Z-10', 'z-9', 'École', 'ecole2', '10', '9', 'a_1'];
    for (const code of codes)
      expect((await create(article({ code }), { company: companyId('Café des Arts') })).status).toBe(201);
    await create(article({ code: '1', type: 'Commentaire' }), { company: companyId('Café des Arts') });
    const all = await list('?pageSize=500', companyId('Café des Arts'));
    expect(all.body.items.map((a: { code: string }) => a.code)).toEqual(
      sortArticles(all.body.items).map((a) => a.code),
    );
    expect(all.body.items.slice(0, 4).map((a: { code: string }) => a.code)).toEqual(['9', '10', 'a_1', 'CAF001']);
  });

  it('searches code, designation and label; % and _ are plain characters', async () => {
    const res = await list('?q=baguette');
    expect(res.body.items.map((a: { designation: string }) => a.designation)).toEqual(['Baguette tradition']);
    expect((await list('?q=levain')).body.total).toBe(1);
    expect((await list('?q=BOU01')).body.total).toBe(4); // BOU010 … BOU013
    const percent = await list('?q=%25');
    expect(percent.body.items.map((a: { label: string }) => a.label)).toEqual(['Éclair au chocolat noir 64 %']);
    expect((await list('?q=_')).body.total).toBe(0);
  });

  it('refuses bad paging with a 400 naming the parameter', async () => {
    for (const q of ['?pageSize=0', '?page=abc', '?pageSize=100000', '?page=-1']) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect(res.body.field).toMatch(/page/);
    }
  });
});

describe('POST /api/items', () => {
  it('creates an article; the label travels in base64 with accents and emoji intact', async () => {
    const text = 'Crème brûlée – « maison » 🍮\nDeuxième ligne';
    const res = await create(article({ code: 'CREME', label64: encodeLabel64(text), unitPriceHT: 12.5, vatRate: 5.5 }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code: 'CREME',
      type: 'Standard',
      designation: 'Article de test',
      label: text,
      label64: encodeLabel64(text),
      salesAccount: '706000',
      unitMeasurement: { label: 'heure' },
      unitPriceHT: 12.5,
      vatRate: 5.5,
      ttc: 13.19,
      ht: 12.5,
      typePurchaseSale: 'Vente',
    });
    const found = await list('?q=CREME');
    expect(decodeLabel64(found.body.items[0].label64)).toBe(text);
  });

  it('accepts French typed numbers and rounds prices to 2 decimals', async () => {
    const res = await create(article({ code: 'FR-NUM', unitPriceHT: '1 234,567', vatRate: '5,5' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ unitPriceHT: 1234.57, vatRate: 5.5, ttc: 1302.47 });
    expect((await create(article({ code: 'NO-VAT', vatRate: '' }))).body.vatRate).toBe(0);
  });

  it('drops the price fields of a Commentaire', async () => {
    const res = await create(
      article({ code: 'NOTE', type: 'Commentaire', unitPriceHT: 50, vatRate: 20, salesAccount: '707000' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'Commentaire',
      salesAccount: '',
      unitMeasurement: null,
      unitPriceHT: 0,
      vatRate: 0,
      ttc: 0,
      ht: 0,
    });
  });

  it('answers 409 with the spec text for a code already used in the company, never 500', async () => {
    const res = await create(article({ code: 'BOU001' }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: DUPLICATE });
    // The same code in another company is fine: codes are unique per company.
    expect((await create(article({ code: 'BOU001' }), { company: companyId('Garage Dupont & Fils') })).status).toBe(
      201,
    );
  });

  it('re-runs the article rules: 422 lists every broken one', async () => {
    const res = await create(article({ code: ' ', label64: '', unitPriceHT: -1 }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      ARTICLE_MESSAGES.codeRequired,
      ARTICLE_MESSAGES.labelRequired,
      ARTICLE_MESSAGES.priceInvalid,
    ]);
    expect((await create(article({ code: 'X1', type: 'Autre' }))).body.errors).toEqual([ARTICLE_MESSAGES.typeInvalid]);
    expect((await create(article({ code: 'X2', unitPriceHT: 'douze' }))).body.errors).toEqual([
      ARTICLE_MESSAGES.priceInvalid,
    ]);
    expect((await create(article({ code: 'X3', vatRate: -5 }))).body.errors).toEqual([ARTICLE_MESSAGES.vatInvalid]);
    expect((await create(article({ code: 'X4', unitPriceHT: '999999999999' }))).status).toBe(422);
  });

  it('answers 400, never 500, to malformed input', async () => {
    const missing = await create({ label64: encodeLabel64('Sans code') });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('code');
    expect((await create(article({ unitPriceHT: true }))).status).toBe(400);
    expect((await create(article({ unitMeasurement: 'heure' }))).status).toBe(400);
    expect((await create(article({ code: 'A\u0000B' }))).status).toBe(400);
    expect((await create(article({ code: 'X'.repeat(51) }))).status).toBe(400);
    const broken = await ctx.server.api.request('POST', '/api/items', {
      token: ctx.demo,
      rawBody: '{"code":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    // A NUL byte hidden in label64 is dropped rather than failing the insert.
    const nul = await create(article({ code: 'NUL', label64: encodeLabel64('a\u0000b') }));
    expect(nul.status).toBe(201);
    expect(nul.body.label).toBe('ab');
  });

  it('creates one article for two calls with the same Idempotency-Key', async () => {
    const body = article({ code: 'IDEM' });
    const first = await create(body, { idempotencyKey: 'article-idem-0001' });
    const second = await create(body, { idempotencyKey: 'article-idem-0001' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replay')).toBe('true');
    expect((await list('?q=IDEM')).body.total).toBe(1);
  });
});

describe('PUT and DELETE /api/items/:id', () => {
  it('updates an article and recomputes its TTC', async () => {
    const created = (await create(article({ code: 'UPD' }))).body;
    const res = await ctx.server.api.put(
      `/api/items/${created.id}`,
      article({ code: 'UPD', unitPriceHT: 100, vatRate: 10, label64: encodeLabel64('Nouveau libellé') }),
      { token: ctx.demo },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      unitPriceHT: 100,
      vatRate: 10,
      ttc: 110,
      label: 'Nouveau libellé',
    });
    const dup = await ctx.server.api.put(`/api/items/${created.id}`, article({ code: 'BOU002' }), { token: ctx.demo });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(DUPLICATE);
  });

  it('deletes an article (204), then it is gone (404)', async () => {
    const created = (await create(article({ code: 'DEL' }))).body;
    expect((await ctx.server.api.delete(`/api/items/${created.id}`, { token: ctx.demo })).status).toBe(204);
    const again = await ctx.server.api.delete(`/api/items/${created.id}`, { token: ctx.demo });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Article introuvable.');
  });

  it('answers 404 for an article of another company, and leaves it untouched', async () => {
    const rousseau = companyId('Conseil Audit Rousseau');
    const theirs = (await create(article({ code: 'ADMIN-1' }), { token: ctx.admin, company: rousseau })).body;
    expect(
      (await ctx.server.api.put(`/api/items/${theirs.id}`, article({ code: 'PIRATE' }), { token: ctx.demo })).status,
    ).toBe(404);
    expect((await ctx.server.api.delete(`/api/items/${theirs.id}`, { token: ctx.demo })).status).toBe(404);
    // Naming their company is refused outright: demo is not a member.
    expect(
      (await ctx.server.api.delete(`/api/items/${theirs.id}`, { token: ctx.demo, company: rousseau })).status,
    ).toBe(403);
    const still = await ctx.server.api.get('/api/items?q=ADMIN-1', { token: ctx.admin, company: rousseau });
    expect(still.body.items[0]).toMatchObject({ id: theirs.id, code: 'ADMIN-1' });
  });

  it('refuses ill-formed ids with a 400', async () => {
    expect((await ctx.server.api.put('/api/items/abc', article(), { token: ctx.demo })).status).toBe(400);
    expect((await ctx.server.api.delete('/api/items/99999999999', { token: ctx.demo })).status).toBe(400);
  });
});

describe('rights', () => {
  it('refuses every call in a company without invoicing (403)', async () => {
    const plume = companyId('Librairie La Plume d’Or');
    expect((await list('', plume)).status).toBe(403);
    expect((await create(article({ code: 'PLUME' }), { company: plume })).status).toBe(403);
    expect((await ctx.server.api.delete('/api/items/1', { token: ctx.demo, company: plume })).status).toBe(403);
    expect((await ctx.server.api.get('/api/items')).status).toBe(401);
  });
});
