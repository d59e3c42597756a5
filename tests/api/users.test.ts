import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

// The connected user (USER-1 to USER-4, AUTH-7): profile, last company, rights per company, password change.

let server: TestServer;
let demo: string;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  demo = (await server.api.login('demo')).token;
  admin = (await server.api.login('admin')).token;
});
afterAll(() => server?.close());

const NOT_MEMBER = 'Vous n’êtes pas membre de cette société.';
const companyId = (label: string) => {
  const company = server.seed!.companies.find((c) => c.label === label);
  if (!company) throw new Error(`société de démo introuvable : ${label}`);
  return company.id;
};
const labels = (rights: Array<{ label: string }>) => rights.map((r) => r.label);
const rightsPath = (userId: number | string, company: number | string) =>
  `/api/utilisateurs/custom/user/${userId}/company/${company}`;

describe('GET /api/user/me', () => {
  it('returns the profile of USER-1 without secrets', async () => {
    const res = await server.api.get('/api/user/me', { token: demo });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: server.seed!.demoUserId,
      username: 'demo',
      name: 'Martin',
      firstName: 'Sophie',
      userType: 2,
    });
    expect(res.body.userCompanies).toHaveLength(10);
    for (const key of ['userLastCompany', 'appRights', 'categories', 'categoriesInbox'])
      expect(res.body).toHaveProperty(key);
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(res.body).not.toHaveProperty('token');
  });
});

describe('PUT /api/user/me (last company)', () => {
  it('switches to a member company and returns that company’s rights', async () => {
    const plume = companyId('Librairie La Plume d’Or');
    const res = await server.api.put('/api/user/me', { idDerniereSociete: plume }, { token: demo });
    expect(res.status).toBe(200);
    expect(res.body.userLastCompany).toBe(plume);
    expect(res.body.userCompanies).toHaveLength(10);
    // La Plume d’Or has no invoicing: no mesFactures entry.
    expect(labels(res.body.appRights)).not.toContain('mesFactures');
    expect(labels(res.body.appRights)).toEqual(expect.arrayContaining(['profil', 'mesDocuments', 'maBannette']));

    // Persisted: GET and a new sign-in see it.
    expect((await server.api.get('/api/user/me', { token: demo })).body.userLastCompany).toBe(plume);
    expect((await server.api.login('demo')).profile.userLastCompany).toBe(plume);

    const boulangerie = companyId('Boulangerie Pâtisserie Martin');
    const back = await server.api.put('/api/user/me', { idDerniereSociete: boulangerie }, { token: demo });
    expect(back.status).toBe(200);
    expect(back.body.userLastCompany).toBe(boulangerie);
    expect(labels(back.body.appRights)).toContain('mesFactures');
  });

  it('answers 403 for a company the user is not a member of, and changes nothing', async () => {
    const before = (await server.api.get('/api/user/me', { token: demo })).body.userLastCompany;
    for (const id of [companyId('Conseil Audit Rousseau'), 999_999]) {
      const res = await server.api.put('/api/user/me', { idDerniereSociete: id }, { token: demo });
      expect(res.status, String(id)).toBe(403);
      expect(res.body).toEqual({ message: NOT_MEMBER });
    }
    expect((await server.api.get('/api/user/me', { token: demo })).body.userLastCompany).toBe(before);
    // The administrator is a member of his own company.
    const own = await server.api.put(
      '/api/user/me',
      { idDerniereSociete: companyId('Conseil Audit Rousseau') },
      { token: admin },
    );
    expect(own.status).toBe(200);
    expect(labels(own.body.appRights[0].children)).toEqual(['mesDepots', 'gestionUtilisateurs']);
  });

  it('answers 400 naming the field when it is missing', async () => {
    const res = await server.api.put('/api/user/me', {}, { token: demo });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('idDerniereSociete');
    expect(res.body.message).toBe('Le champ « idDerniereSociete » est obligatoire.');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await server.api.request('PUT', '/api/user/me', {
      token: demo,
      rawBody: '{"idDerniereSociete": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Le corps de la requête n’est pas un JSON valide.' });
  });

  it('answers 400 for an ill-typed or out-of-range company id (never 500)', async () => {
    for (const value of ['1', true, null, [1], { id: 1 }, 1.5, 0, -3, 2_147_483_648, 1e20]) {
      const res = await server.api.put('/api/user/me', { idDerniereSociete: value }, { token: demo });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.field).toBe('idDerniereSociete');
      expect(res.body.message).toMatch(/« idDerniereSociete »/);
    }
    const text = await server.api.put('/api/user/me', { idDerniereSociete: '1' }, { token: demo });
    expect(text.body.message).toBe("Le champ « idDerniereSociete » n'a pas le bon type (nombre attendu).");
    const nothing = await server.api.put('/api/user/me', { idDerniereSociete: null }, { token: demo });
    expect(nothing.body.message).toMatch(/bon type/);
    const huge = await server.api.put('/api/user/me', { idDerniereSociete: 2_147_483_648 }, { token: demo });
    expect(huge.body.message).toBe('Le champ « idDerniereSociete » est trop long ou trop grand.');
  });

  it('answers 401 without a token', async () => {
    expect((await server.api.put('/api/user/me', { idDerniereSociete: 1 })).status).toBe(401);
  });
});

describe('GET /api/utilisateurs/custom/user/{id}/company/{company}', () => {
  it('returns the user’s own rights in a member company', async () => {
    const res = await server.api.get(rightsPath(server.seed!.demoUserId, companyId('Boulangerie Pâtisserie Martin')), {
      token: demo,
    });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    for (const right of res.body) {
      expect(Object.keys(right).sort()).toEqual(['children', 'label', 'permissions']);
      expect(typeof right.label).toBe('string');
      for (const child of right.children) expect(Object.keys(child).sort()).toEqual(['label', 'permissions']);
    }
    const invoices = res.body.find((r: { label: string }) => r.label === 'mesFactures');
    expect(invoices.permissions).toContain('view');
    expect(labels(invoices.children)).toEqual(['gestionClients', 'listeFactures', 'listeDevis', 'gestionArticles']);
  });

  it('has no mesFactures entry for Librairie La Plume d’Or', async () => {
    const res = await server.api.get(rightsPath(server.seed!.demoUserId, companyId('Librairie La Plume d’Or')), {
      token: demo,
    });
    expect(res.status).toBe(200);
    expect(labels(res.body)).not.toContain('mesFactures');
    expect(labels(res.body)).toContain('mesDocuments');
  });

  it('gives the administrator his profil children', async () => {
    const res = await server.api.get(rightsPath(server.seed!.adminUserId, companyId('Conseil Audit Rousseau')), {
      token: admin,
    });
    expect(res.status).toBe(200);
    const profil = res.body.find((r: { label: string }) => r.label === 'profil');
    expect(labels(profil.children)).toEqual(['mesDepots', 'gestionUtilisateurs']);
  });

  it('answers 403 for another user’s rights, even in a shared company', async () => {
    const shared = companyId('Garage Dupont & Fils');
    const res = await server.api.get(rightsPath(server.seed!.adminUserId, shared), { token: demo });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Vous ne pouvez consulter que vos propres droits.' });
  });

  it('answers 403 for a company the user is not a member of', async () => {
    for (const company of [companyId('Conseil Audit Rousseau'), 999_999]) {
      const res = await server.api.get(rightsPath(server.seed!.demoUserId, company), { token: demo });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: NOT_MEMBER });
    }
  });

  it('ignores X-Company-Id: the company of the path is the one checked', async () => {
    const res = await server.api.get(rightsPath(server.seed!.demoUserId, companyId('Conseil Audit Rousseau')), {
      token: demo,
      company: companyId('Boulangerie Pâtisserie Martin'),
    });
    expect(res.status).toBe(403);
    const ok = await server.api.get(rightsPath(server.seed!.demoUserId, companyId('Café des Arts')), {
      token: demo,
      company: companyId('Conseil Audit Rousseau'),
    });
    expect(ok.status).toBe(200);
  });

  it('answers 400 naming the parameter for a non-numeric or out-of-range id (never 500)', async () => {
    const me = server.seed!.demoUserId;
    const cases: Array<[string | number, string | number, string]> = [
      ['abc', 1, 'id'],
      [me, 'x', 'lastCompany'],
      [me, '1.5', 'lastCompany'],
      [me, '-1', 'lastCompany'],
      [me, '%20', 'lastCompany'],
      [me, '99999999999', 'lastCompany'],
      ['99999999999999999999', 1, 'id'],
    ];
    for (const [id, company, field] of cases) {
      const res = await server.api.get(rightsPath(id, company), { token: demo });
      expect(res.status, `${id}/${company}`).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toBe(`Le paramètre « ${field} » doit être un identifiant numérique.`);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await server.api.get(rightsPath(server.seed!.demoUserId, 1))).status).toBe(401);
  });
});

describe('PUT /api/user/me/password', () => {
  it('answers 422 when the current password is wrong', async () => {
    const res = await server.api.put(
      '/api/user/me/password',
      { currentPassword: 'faux', newPassword: 'MotDePasseSolide2026' },
      { token: demo },
    );
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'Le mot de passe actuel est incorrect.',
      errors: ['Le mot de passe actuel est incorrect.'],
      field: 'currentPassword',
    });
  });

  it('answers 422 with the policy message for a weak new password', async () => {
    const short = await server.api.put(
      '/api/user/me/password',
      { currentPassword: 'demo', newPassword: 'court' },
      { token: demo },
    );
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({
      message: 'Le mot de passe doit contenir au moins 10 caractères.',
      field: 'newPassword',
    });
    const digits = await server.api.put(
      '/api/user/me/password',
      { currentPassword: 'demo', newPassword: '12345678901234' },
      { token: demo },
    );
    expect(digits.status).toBe(422);
    expect(digits.body.message).toBe('Le mot de passe doit contenir au moins une lettre et un chiffre.');
    expect((await server.api.post('/api/login', { username: 'demo', password: 'demo' })).status).toBe(200);
  });

  it('answers 400 when a field is missing', async () => {
    const res = await server.api.put('/api/user/me/password', { newPassword: 'MotDePasseSolide2026' }, { token: demo });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('currentPassword');
  });

  it('changes the password (204): the new one signs in, the old one no longer does', async () => {
    const res = await server.api.put(
      '/api/user/me/password',
      { currentPassword: 'demo', newPassword: 'MotDePasseSolide2026' },
      { token: demo },
    );
    expect(res.status).toBe(204);
    expect(res.raw.byteLength).toBe(0);
    const fresh = await server.api.post('/api/login', { username: 'demo', password: 'MotDePasseSolide2026' });
    expect(fresh.status).toBe(200);
    const old = await server.api.post('/api/login', { username: 'demo', password: 'demo' });
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('Identifiant et/ou mot de passe incorrect(s)');
    // The session that made the change stays valid.
    expect((await server.api.get('/api/user/me', { token: demo })).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await server.api.put('/api/user/me/password', { currentPassword: 'a', newPassword: 'b' })).status).toBe(
      401,
    );
  });
});

describe('password change signs out the other devices', () => {
  it('revokes the other sessions and keeps the current one', async () => {
    const here = await server.api.login('admin');
    const elsewhere = await server.api.login('admin');
    const res = await server.api.put(
      '/api/user/me/password',
      { currentPassword: 'admin', newPassword: 'AdminNouveau2026' },
      { token: here.token },
    );
    expect(res.status).toBe(204);
    expect((await server.api.get('/api/user/me', { token: here.token })).status).toBe(200);
    expect((await server.api.get('/api/user/me', { token: elsewhere.token })).status).toBe(401);
  });
});

/**
 * PUT /api/user/me read the way the server answers a body it refuses: before the client has sent it
 * all. fetch reads an answer only once the whole body is out, and fails with a connection reset when
 * the server closes first, which happens on a busy machine; node:http reads the answer when it comes.
 */
function putEarlyAnswer(body: string): Promise<{ status: number; message?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.url}/api/user/me`,
      { method: 'PUT', headers: { authorization: `Bearer ${demo}`, 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, ...JSON.parse(Buffer.concat(chunks).toString()) }));
      },
    );
    // The rest of the body may hit a closed connection once the answer is in: only an error before it counts.
    req.on('error', (error) => reject(error));
    req.on('socket', (socket) => socket.on('error', () => {}));
    req.end(body);
  });
}

describe('request size', () => {
  it('answers 413 in French to a JSON body over 10 MB', async () => {
    const res = await putEarlyAnswer(JSON.stringify({ idDerniereSociete: 1, pad: 'x'.repeat(11 * 1024 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.message).toBe('La requête est trop volumineuse (10 Mo au maximum).');
  });
});
