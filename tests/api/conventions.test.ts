import type { Context } from 'hono';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idempotencyKeys, inboxDeposits } from '../../server/src/db/schema/index';
import { createApp } from '../../server/src/app';
import { z } from 'zod';
import { endpoint } from '../../src/contract/endpoint';
import { endpoints } from '../../src/contract/index';
import { createModule } from '../../server/src/http/route';
import type { AppEnv } from '../../server/src/http/types';
import { modules } from '../../server/src/modules/index';
import { customerPayload, invoicePayload } from '../support/invoice-helpers';
import { startTestServer, type ApiResponse, type TestServer } from '../support/test-server';
import { pdfOfSize, upload, uploadForm } from '../support/uploads';

// api-conventions.md, checked on the session and user endpoints: error shape, 404, OpenAPI,
// Idempotency-Key, robustness to malformed input, X-Company-Id.

let server: TestServer;
let demo: string;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  demo = (await server.api.login('demo')).token;
  admin = (await server.api.login('admin')).token;
});
afterAll(() => server?.close());

const companyId = (label: string) => {
  const company = server.seed!.companies.find((c) => c.label === label);
  if (!company) throw new Error(`société de démo introuvable : ${label}`);
  return company.id;
};

/** Every error is JSON `{ message, errors?, field? }` with a French sentence (never zod's English). */
function expectError(res: ApiResponse, status: number, label = '') {
  expect(res.status, `${label} ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
  expect(typeof res.body.message, label).toBe('string');
  expect(res.body.message.length, label).toBeGreaterThan(0);
  expect(res.body.message, label).not.toMatch(/^(Invalid|Expected|Required|Unexpected)|received /);
  expect(
    Object.keys(res.body).every((k) => ['message', 'errors', 'field'].includes(k)),
    label,
  ).toBe(true);
  if (res.body.errors !== undefined)
    expect(
      res.body.errors.every((e: unknown) => typeof e === 'string'),
      label,
    ).toBe(true);
  if (res.body.field !== undefined) expect(typeof res.body.field, label).toBe('string');
}

describe('unknown API addresses', () => {
  it('answer 404 with a JSON message, whatever the method', async () => {
    const cases: Array<[string, string]> = [
      ['GET', '/api/nexiste-pas'],
      ['POST', '/api/nexiste/pas/du/tout'],
      ['DELETE', '/api/user/me'],
      ['PATCH', '/api/login'],
      ['GET', '/api/login'],
    ];
    for (const [method, path] of cases) {
      const res = await server.api.request(method, path, { token: demo });
      expectError(res, 404, `${method} ${path}`);
      expect(res.body).toEqual({ message: 'Cette adresse d’API n’existe pas.' });
    }
  });

  it('do not need a token to say so', async () => {
    expectError(await server.api.get('/api/nexiste-pas'), 404);
  });
});

describe('GET /api/openapi.json', () => {
  let doc: any;
  beforeAll(async () => {
    const res = await server.api.get('/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });

  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('describes POST /api/login with username and password required, without auth', () => {
    const op = doc.paths['/api/login']?.post;
    expect(op).toBeDefined();
    expect(op.security).toBeUndefined();
    const schema = op.requestBody.content['application/json'].schema;
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(expect.arrayContaining(['username', 'password']));
    expect(schema.required).not.toContain('redirect');
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['username', 'password', 'redirect']));
    expect(schema.properties.username.type).toBe('string');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
  });

  it('describes /api/user/me (GET and PUT) as bearer-protected', () => {
    const path = doc.paths['/api/user/me'];
    expect(path?.get).toBeDefined();
    expect(path.get.security).toEqual([{ bearer: [] }]);
    expect(path.put.requestBody.content['application/json'].schema.required).toEqual(['idDerniereSociete']);
  });

  it('lists the other session calls with their path parameters', () => {
    for (const path of [
      '/api/ldap/login',
      '/api/logout',
      '/api/user/me/forgotten-password',
      '/api/user/me/reset-password',
    ]) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
    const rights = doc.paths['/api/utilisateurs/custom/user/{id}/company/{lastCompany}']?.get;
    expect(rights).toBeDefined();
    expect(rights.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
      'path:id',
      'path:lastCompany',
    ]);
  });
});

describe('the contract (src/contract, decision 021)', () => {
  let doc: any;
  beforeAll(async () => {
    doc = (await server.api.get('/api/openapi.json')).body;
  });
  const operations = () =>
    Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ label: `${method.toUpperCase()} ${path}`, method, op })),
    );

  it('describes every endpoint of the contract, each once', () => {
    expect(operations().length).toBe(endpoints.length);
    // 68 endpoints (69 routes: POST /business-files//:id/send is an alias of a spec typo, not in the contract).
    expect(endpoints.length).toBeGreaterThanOrEqual(68);
  });

  it('gives every operation a 2xx answer with its schema (JSON schema, a file, or 204 without body)', () => {
    for (const { label, op } of operations()) {
      const codes = Object.keys(op.responses).filter((c) => /^2/.test(c));
      expect(codes.length, label).toBeGreaterThan(0);
      for (const code of codes) {
        const content = op.responses[code].content;
        if (code === '204') expect(content, label).toBeUndefined();
        else
          expect(
            Object.values(content ?? {}).every((c: any) => c.schema && Object.keys(c.schema).length > 0),
            label,
          ).toBe(true);
      }
      for (const code of Object.keys(op.responses).filter((c) => /^[45]/.test(c))) {
        expect(op.responses[code].content['application/json'].schema, label).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
    }
  });

  it('says of every mutation whether it may wait offline (x-offline), and of no read', () => {
    for (const { label, method, op } of operations()) {
      if (method === 'get') expect(op['x-offline'], label).toBeUndefined();
      else expect(['queue', 'online-only'], label).toContain(op['x-offline']);
    }
  });

  // Without a token and without a body: nothing runs past the route's first check (401 or 400).
  it('is served: every endpoint answers something else than the unknown-address 404', async () => {
    for (const e of endpoints) {
      const path = `/api${e.path.replace(/:[A-Za-z]+/g, '1')}`;
      const res = await server.api.request(e.method.toUpperCase(), path);
      expect(res.body?.message, `${e.method} ${path}`).not.toBe('Cette adresse d’API n’existe pas.');
    }
  });

  it('fails loudly under test when an answer leaves its declared schema', async () => {
    const wrong = endpoint({
      method: 'get',
      path: '/__test/contract',
      tag: 'Test',
      summary: 'Test',
      auth: false,
      responses: { 200: z.object({ n: z.number() }) },
    });
    const { app, route } = createModule(server.deps, '/api');
    route(wrong, {}, (c) => c.json({ n: 'pas un nombre' }));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await app.request('/api/__test/contract');
      expect(res.status).toBe(500);
      expect(String(errors.mock.calls[0]?.[0])).toMatch(/^Réponse hors contrat : GET \/__test\/contract/);
    } finally {
      errors.mockRestore();
    }
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and request, without redoing the work', async () => {
    const cafe = companyId('Café des Arts');
    const first = await server.api.put(
      '/api/user/me',
      { idDerniereSociete: cafe },
      { token: demo, idempotencyKey: 'cle-idem-0001' },
    );
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replay')).toBeNull();
    expect(first.body.userLastCompany).toBe(cafe);

    // Meanwhile the user moves to another company.
    const boulangerie = companyId('Boulangerie Pâtisserie Martin');
    expect((await server.api.put('/api/user/me', { idDerniereSociete: boulangerie }, { token: demo })).status).toBe(
      200,
    );

    const second = await server.api.put(
      '/api/user/me',
      { idDerniereSociete: cafe },
      { token: demo, idempotencyKey: 'cle-idem-0001' },
    );
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replay')).toBe('true');
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    // Not applied again: the last company is still the one chosen afterwards.
    expect((await server.api.get('/api/user/me', { token: demo })).body.userLastCompany).toBe(boulangerie);
  });

  it('answers 422 for the same key with another body or another company', async () => {
    const other = await server.api.put(
      '/api/user/me',
      { idDerniereSociete: companyId('Garage Dupont & Fils') },
      { token: demo, idempotencyKey: 'cle-idem-0001' },
    );
    expectError(other, 422);
    expect(other.body.message).toBe('Cette clé d’idempotence a déjà servi pour une autre requête.');
    const otherCompany = await server.api.put(
      '/api/user/me',
      { idDerniereSociete: companyId('Café des Arts') },
      {
        token: demo,
        idempotencyKey: 'cle-idem-0001',
        company: companyId('Café des Arts'),
      },
    );
    expectError(otherCompany, 422);
    const otherPath = await server.api.put(
      '/api/user/me/password',
      { currentPassword: 'x', newPassword: 'y' },
      { token: demo, idempotencyKey: 'cle-idem-0001' },
    );
    expectError(otherPath, 422);
  });

  it('keeps keys per user', async () => {
    const res = await server.api.put(
      '/api/user/me',
      { idDerniereSociete: companyId('Garage Dupont & Fils') },
      { token: admin, idempotencyKey: 'cle-idem-0001' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('idempotent-replay')).toBeNull();
  });

  it('replays an error answer too', async () => {
    const body = { idDerniereSociete: companyId('Conseil Audit Rousseau') };
    const first = await server.api.put('/api/user/me', body, { token: demo, idempotencyKey: 'cle-idem-0002' });
    expectError(first, 403);
    const second = await server.api.put('/api/user/me', body, { token: demo, idempotencyKey: 'cle-idem-0002' });
    expect(second.status).toBe(403);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replay')).toBe('true');
  });

  it('answers 400 for a malformed key', async () => {
    for (const key of ['x', 'court', 'avec des espaces', 'é'.repeat(10), 'a'.repeat(129)]) {
      const res = await server.api.put(
        '/api/user/me',
        { idDerniereSociete: companyId('Café des Arts') },
        { token: demo, idempotencyKey: key },
      );
      expectError(res, 400, key);
      expect(res.body.field).toBe('Idempotency-Key');
    }
  });

  it('answers two parallel requests with the same key without doing the work twice', async () => {
    const body = { idDerniereSociete: companyId('Épicerie Fine Bernard') };
    const results = await Promise.all(
      [1, 2].map(() => server.api.put('/api/user/me', body, { token: demo, idempotencyKey: 'cle-idem-0003' })),
    );
    const fresh = results.filter((r) => r.status === 200 && r.headers.get('idempotent-replay') === null);
    expect(fresh).toHaveLength(1);
    for (const r of results) expect([200, 503]).toContain(r.status);
    const busy = results.find((r) => r.status === 503);
    if (busy) expect(busy.headers.get('retry-after')).toBeTruthy();
  });

  it('frees a key after 24 hours: the request is applied again and its new answer kept', async () => {
    const key = 'cle-idem-0004';
    const choose = (company: number) =>
      server.api.put('/api/user/me', { idDerniereSociete: company }, { token: demo, idempotencyKey: key });
    const cafe = companyId('Café des Arts');
    const first = await choose(cafe);
    expect(first.status).toBe(200);
    const old = new Date(Date.now() - 25 * 3_600_000);
    await server.deps.db.update(idempotencyKeys).set({ createdAt: old }).where(eq(idempotencyKeys.key, key));

    // Another request under the same key, a day later: not a reuse (422), not a replay.
    const garage = companyId('Garage Dupont & Fils');
    const later = await choose(garage);
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replay')).toBeNull();
    expect(later.body.userLastCompany).toBe(garage);
    // Its answer is the one kept now: sent again, it is replayed.
    const [row] = await server.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row.createdAt.getTime()).toBeGreaterThan(old.getTime() + 3_600_000);
    const replay = await choose(garage);
    expect(replay.headers.get('idempotent-replay')).toBe('true');
    expect(replay.body).toEqual(later.body);
  });

  it('replays a 204 with an empty body and does not change the password twice', async () => {
    const change = { currentPassword: 'admin', newPassword: 'AdminSolide2026' };
    const first = await server.api.put('/api/user/me/password', change, {
      token: admin,
      idempotencyKey: 'cle-mdp-0001',
    });
    expect(first.status).toBe(204);
    // The password is changed again, without a key.
    expect(
      (
        await server.api.put(
          '/api/user/me/password',
          { currentPassword: 'AdminSolide2026', newPassword: 'AdminEncore2027' },
          { token: admin },
        )
      ).status,
    ).toBe(204);
    const replay = await server.api.put('/api/user/me/password', change, {
      token: admin,
      idempotencyKey: 'cle-mdp-0001',
    });
    expect(replay.status).toBe(204);
    expect(replay.raw.byteLength).toBe(0);
    expect(replay.headers.get('idempotent-replay')).toBe('true');
    expect((await server.api.post('/api/login', { username: 'admin', password: 'AdminEncore2027' })).status).toBe(200);
  });
});

describe('malformed input never causes a 500', () => {
  const json = { 'content-type': 'application/json' };

  it('refuses bodies that are not a JSON object with 400, naming the field', async () => {
    const bodies: unknown[] = [
      [],
      [{ username: 'demo', password: 'demo' }],
      null,
      42,
      'demo',
      true,
      {},
      { username: 42, password: 'demo' },
      { username: 'demo', password: null },
      { username: {}, password: [] },
      { username: '', password: 'x' },
      { username: '   ', password: 'x' },
    ];
    for (const body of bodies) {
      const res = await server.api.request('POST', '/api/login', { rawBody: JSON.stringify(body), headers: json });
      expectError(res, 400, JSON.stringify(body));
      expect(res.body.field, JSON.stringify(body)).toBeTruthy();
    }
  });

  it('names the field of an ill-typed value', async () => {
    const res = await server.api.post('/api/login', { username: 42, password: 'demo' });
    expect(res.body).toMatchObject({
      field: 'username',
      message: "Le champ « username » n'a pas le bon type (texte attendu).",
    });
    const root = await server.api.request('POST', '/api/login', { rawBody: '[]', headers: json });
    expect(root.body.field).toBe('corps');
    const empty = await server.api.request('POST', '/api/login', { headers: json });
    expect(empty.body).toMatchObject({ field: 'corps', message: 'Le champ « corps » est obligatoire.' });
  });

  it('refuses JSON that does not parse with 400', async () => {
    for (const raw of ['{', '{"username": "demo",}', "{'username': 'demo'}", 'undefined', '\u0000', '{"a":1}{"b":2}']) {
      const res = await server.api.request('POST', '/api/login', { rawBody: raw, headers: json });
      expectError(res, 400, raw);
      expect(res.body.message).toBe('Le corps de la requête n’est pas un JSON valide.');
    }
  });

  it('refuses strings over the maximum with 400 (or 413), not a 500', async () => {
    const long = await server.api.post('/api/login', { username: 'd'.repeat(201), password: 'demo' });
    expectError(long, 400);
    expect(long.body).toMatchObject({
      field: 'username',
      message: 'Le champ « username » est trop long ou trop grand.',
    });
    expectError(await server.api.post('/api/login', { username: 'demo', password: 'p'.repeat(501) }), 400);
    const huge = await server.api.post('/api/login', { username: 'demo', password: 'p'.repeat(2_000_000) });
    expect([400, 413]).toContain(huge.status);
    expectError(huge, huge.status);
    expectError(await server.api.post('/api/user/me/forgotten-password', { username: 'x'.repeat(10_000) }), 400);
    expectError(
      await server.api.post('/api/user/me/reset-password', {
        token: 't'.repeat(201),
        password: 'NouveauMotDePasse2026',
      }),
      400,
    );
    expectError(
      await server.api.put(
        '/api/user/me/password',
        { currentPassword: 'demo', newPassword: 'n'.repeat(501) },
        { token: demo },
      ),
      400,
    );
  });

  it('survives deeply nested JSON', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const res = await server.api.request('POST', '/api/login', { rawBody: deep, headers: json });
    expectError(res, 400);
  });

  it('refuses another Content-Type with 415', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
    ]) {
      const res = await server.api.request('POST', '/api/login', {
        rawBody: JSON.stringify({ username: 'demo', password: 'demo' }),
        headers: { 'content-type': type },
      });
      expectError(res, 415, type);
      expect(res.body.message).toBe('Le corps de la requête doit être du JSON (Content-Type: application/json).');
    }
    const put = await server.api.request('PUT', '/api/user/me', {
      token: demo,
      rawBody: '{"idDerniereSociete":1}',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(put, 415);
  });

  it('accepts application/json with a charset', async () => {
    const res = await server.api.request('POST', '/api/login', {
      rawBody: JSON.stringify({ username: 'demo', password: 'demo' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBe(200);
  });

  it('keeps the error shape on every endpoint of the module', async () => {
    const checks: Array<[Promise<ApiResponse>, number]> = [
      [server.api.post('/api/logout'), 401],
      [server.api.get('/api/user/me', { token: 'inconnu' }), 401],
      [
        server.api.put('/api/user/me', { idDerniereSociete: companyId('Conseil Audit Rousseau') }, { token: demo }),
        403,
      ],
      [server.api.get(`/api/utilisateurs/custom/user/abc/company/1`, { token: demo }), 400],
      [
        server.api.put(
          '/api/user/me/password',
          { currentPassword: 'faux', newPassword: 'NouveauMotDePasse2026' },
          { token: demo },
        ),
        422,
      ],
      [server.api.post('/api/ldap/login', { username: 'a', password: 'b' }), 503],
      [
        server.api.post('/api/user/me/reset-password', { token: 'x'.repeat(40), password: 'NouveauMotDePasse2026' }),
        400,
      ],
    ];
    for (const [pending, status] of checks) expectError(await pending, status);
  });

  it('tags every answer with a request id, echoing the caller’s', async () => {
    const res = await server.api.get('/api/nexiste-pas', { headers: { 'x-request-id': 'req-test-42' } });
    expect(res.headers.get('x-request-id')).toBe('req-test-42');
    expect((await server.api.post('/api/login', { username: 'demo' })).headers.get('x-request-id')).toBeTruthy();
  });
});

// Decision 007: a key belongs to (user, company); a multipart request is compared on its files.
// A mail is never sent twice for one key, even when the process dies after it left.
describe('Idempotency-Key scope and content', () => {
  const customer = (socialReason: string) =>
    customerPayload(socialReason, { email: 'compta@example.fr', payementDelay: 30 });
  const customersNamed = async (token: string, company: number, q: string) =>
    (await server.api.get(`/api/customers?q=${encodeURIComponent(q)}`, { token, company })).body.total as number;

  it('does not replay another company’s answer after a company switch (the key is per user and company)', async () => {
    const { token } = await server.api.login('demo');
    const [martin, garage] = [companyId('Boulangerie Pâtisserie Martin'), companyId('Garage Dupont & Fils')];
    const body = customer('Client clé partagée');
    const inCompany = async (company: number) => {
      // No X-Company-Id: the last company chosen applies, as after a switch in the menu.
      expect((await server.api.put('/api/user/me', { idDerniereSociete: company }, { token })).status).toBe(200);
      return server.api.post('/api/customers', body, { token, idempotencyKey: 'cle-societe-0001' });
    };
    const first = await inCompany(martin);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const other = await inCompany(garage);
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect(other.headers.get('idempotent-replay')).toBeNull();
    expect(await customersNamed(token, garage, 'clé partagée')).toBe(1);
    // Back in the first company, the key still replays its own answer there, without a second customer.
    const back = await inCompany(martin);
    expect(back.headers.get('idempotent-replay')).toBe('true');
    expect(back.body).toEqual(first.body);
    expect(await customersNamed(token, martin, 'clé partagée')).toBe(1);
  });

  it('answers 422 for the same key with another file in an upload, and replays the same file', async () => {
    const garage = companyId('Garage Dupont & Fils');
    const deposit = (bytes: Uint8Array) =>
      upload(server.api, uploadForm([{ bytes, name: 'releve.pdf' }], 43), {
        token: demo,
        company: garage,
        idempotencyKey: 'cle-depot-0001',
      });
    const first = await deposit(pdfOfSize(3000));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const other = await deposit(pdfOfSize(3001));
    expectError(other, 422);
    expect(other.body.message).toBe('Cette clé d’idempotence a déjà servi pour une autre requête.');
    const same = await deposit(pdfOfSize(3000)); // another multipart boundary, the same file
    expect(same.status).toBe(201);
    expect(same.headers.get('idempotent-replay')).toBe('true');
    expect(same.body).toEqual(first.body);
    const rows = await server.deps.db
      .select({ id: inboxDeposits.id })
      .from(inboxDeposits)
      .where(and(eq(inboxDeposits.companyId, garage), eq(inboxDeposits.name, 'releve.pdf')));
    expect(rows).toHaveLength(1);
  });

  it('never mails twice for one key: a crash after the mail left makes the replay say it was interrupted', async () => {
    const { token } = await server.api.login('demo');
    const martin = companyId('Boulangerie Pâtisserie Martin');
    const draft = await server.api.post('/api/invoices', invoicePayload(server), { token, company: martin });
    expect(
      (await server.api.put(`/api/invoices/${draft.body.id}/validate`, {}, { token, company: martin })).status,
    ).toBe(200);
    const mails = () =>
      existsSync(join(server.dataDir, 'mail')) ? readdirSync(join(server.dataDir, 'mail')).length : 0;
    const before = mails();
    const sendIt = () =>
      server.api.post(
        `/api/business-files/${draft.body.id}/send`,
        {},
        { token, company: martin, idempotencyKey: 'cle-envoi-0001' },
      );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.deps.faults = (at) => {
      if (at === 'mail:after-send') throw new Error('panne simulée après l’envoi');
    };
    try {
      expect((await sendIt()).status).toBe(500);
    } finally {
      server.deps.faults = undefined;
      errors.mockRestore();
    }
    expect(mails()).toBe(before + 1);
    const replay = await sendIt();
    expectError(replay, 409);
    expect(replay.body.message).toBe(
      'Cette opération a été interrompue avant sa réponse : son résultat est incertain. Vérifiez-le avant de la refaire.',
    );
    expect(mails()).toBe(before + 1);
    // A new key (the user's explicit retry) sends again.
    const retry = await server.api.post(
      `/api/business-files/${draft.body.id}/send`,
      {},
      { token, company: martin, idempotencyKey: 'cle-envoi-0002' },
    );
    expect(retry.status).toBe(200);
    expect(mails()).toBe(before + 2);
    // Its answer replaced the "in progress" mark: replayed, not mailed again.
    const replayed = await server.api.post(
      `/api/business-files/${draft.body.id}/send`,
      {},
      { token, company: martin, idempotencyKey: 'cle-envoi-0002' },
    );
    expect(replayed.headers.get('idempotent-replay')).toBe('true');
    expect(replayed.body).toEqual(retry.body);
    expect(mails()).toBe(before + 2);
  });
});

// X-Company-Id is checked on a scratch route (outside the contract: adHoc) built with the real
// createModule({ company: true }) and middleware, on this server's database.
describe('X-Company-Id on a company-scoped route', () => {
  let request: (headers: Record<string, string>) => Promise<ApiResponse>;
  beforeAll(() => {
    const scratch = () => {
      const { app, adHoc } = createModule(server.deps, '/api', 'Test');
      adHoc('get', '/__test/company', { summary: 'Société courante (test)', company: true }, (c: Context<AppEnv>) =>
        c.json(c.get('company')),
      );
      return app;
    };
    modules.push(scratch);
    const app = createApp(server.deps);
    modules.pop();
    request = async (headers) => {
      const res = await app.request('/api/__test/company', { headers });
      const text = await res.text();
      return {
        status: res.status,
        body: text ? JSON.parse(text) : text,
        headers: res.headers,
        raw: new ArrayBuffer(0),
      };
    };
  });

  it('uses the last company when the header is absent', async () => {
    const { token, profile } = await server.api.login('demo');
    const res = await request({ authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(profile.userLastCompany);
  });

  it('uses the named member company', async () => {
    const cafe = companyId('Café des Arts');
    const res = await request({ authorization: `Bearer ${demo}`, 'x-company-id': String(cafe) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: cafe, label: 'Café des Arts' });
    expect(Array.isArray(res.body.rights)).toBe(true);
  });

  it('answers 403 for a company the user is not a member of', async () => {
    for (const id of [companyId('Conseil Audit Rousseau'), 999_999]) {
      const res = await request({ authorization: `Bearer ${demo}`, 'x-company-id': String(id) });
      expectError(res, 403, String(id));
      expect(res.body.message).toBe('Vous n’êtes pas membre de cette société.');
    }
  });

  it('answers 400 naming the header when it is not an id (never 500)', async () => {
    for (const value of ['abc', '1.5', '-1', '', '99999999999', '1e3']) {
      const res = await request({ authorization: `Bearer ${demo}`, 'x-company-id': value });
      expectError(res, 400, value);
      expect(res.body.field).toBe('X-Company-Id');
    }
  });

  it('checks the token first (401)', async () => {
    expectError(await request({ 'x-company-id': String(companyId('Café des Arts')) }), 401);
  });
});

// Decision 055: a transaction route does not read its key's answer before the work; a key whose work
// was done must still get its first answer when this attempt fails, on a scratch route that fails
// (503) from its second call on.
describe('Idempotency-Key on a route that fails once its work is done', () => {
  let send: (key: string) => Promise<Response>;
  beforeAll(() => {
    let calls = 0;
    const scratch = () => {
      const { app, adHoc } = createModule(server.deps, '/api', 'Test');
      adHoc('post', '/__test/once', { summary: 'Échoue après le premier appel (test)', company: true }, (c) =>
        ++calls === 1 ? c.json({ call: calls }) : c.json({ message: 'Service indisponible.' }, 503),
      );
      return app;
    };
    modules.push(scratch);
    const app = createApp(server.deps);
    modules.pop();
    send = async (key) =>
      app.request('/api/__test/once', {
        method: 'POST',
        headers: { authorization: `Bearer ${demo}`, 'idempotency-key': key, 'content-type': 'application/json' },
        body: '{}',
      });
  });

  it('answers the first answer again, not the failure of the attempt that redid the work', async () => {
    const first = await send('cle-panne-0001');
    expect(first.status).toBe(200);
    const again = await send('cle-panne-0001');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replay')).toBe('true');
    expect(await again.json()).toEqual({ call: 1 });
    // A new key meets the failure itself.
    expect((await send('cle-panne-0002')).status).toBe(503);
  });
});
