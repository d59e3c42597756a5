import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, invoicePdfs, invoices, rightsAudit, users } from '../../server/src/db/schema/index';
import { hashPassword } from '../../server/src/modules/auth/passwords';
import { ALL_CATEGORY_IDS_OF_SPEC } from '../../src/domain/document-categories';
import type { AppRight } from '../../src/domain/rights';
import { decodeHeader, mailFiles, readMail, resetLinkOf } from '../support/mail';
import { startTestServer, type TestServer } from '../support/test-server';

// « Gérer mes utilisateurs » (decision 040), against the real server and the demo data:
// admin (Julien Rousseau) manages Garage Dupont & Fils, Café des Arts, Fleurs et Jardins de Provence
// and Conseil Audit Rousseau (where the seeded Claire Fontaine manages too), and follows the bakery's
// accounting without managing it; demo is a member of
// Garage Dupont without the right.

const ACCESS_DENIED = 'Accès non autorisé';
const LOGIN_TAKEN = 'Cet identifiant est déjà utilisé.';
const NOT_MANAGER = 'Vous n’avez pas le droit « Gérer mes utilisateurs » dans cette société.';
const PASSWORD = 'NouveauMotDePasse2026';

let server: TestServer;
let admin: string;
let adminId: number;
let demo: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ token: admin } = await server.api.login('admin'));
  ({ token: demo } = await server.api.login('demo'));
  adminId = server.seed!.adminUserId;
});
afterAll(() => server?.close());

const companyId = (label: string) => {
  const company = server.seed!.companies.find((c) => c.label === label);
  if (!company) throw new Error(`société de démo introuvable : ${label}`);
  return company.id;
};
const garage = () => companyId('Garage Dupont & Fils');
const cafe = () => companyId('Café des Arts');
const conseil = () => companyId('Conseil Audit Rousseau');

const listPath = (user: number, company: number, query = '') =>
  `/api/me/admin/my-users/user/${user}/company/${company}${query}`;
const profilePath = (user: number, company: number) => `/api/me/admin/my-users/profile/user/${user}/company/${company}`;
const auditPath = (company: number) => `/api/me/admin/audit/company/${company}`;

const documentsOnly: AppRight[] = [
  { label: 'profil', permissions: ['view'], children: [] },
  { label: 'mesDocuments', permissions: ['view', 'download'], children: [] },
];
const managerRights: AppRight[] = [
  { label: 'profil', permissions: ['view'], children: [{ label: 'gestionUtilisateurs', permissions: ['view'] }] },
  ...documentsOnly.slice(1),
];
/**
 * As stored: the demo managers read only their own categories (decision 042), so « Mes documents »
 * given by them is held the same way (userGedRight added by the server).
 */
const ownCategories = (rights: AppRight[]): AppRight[] =>
  rights.map((r) => (r.label === 'mesDocuments' ? { ...r, permissions: [...r.permissions, 'userGedRight'] } : r));
const access = (companyIdValue: number, appRights: AppRight[] = documentsOnly) => ({
  companyId: companyIdValue,
  appRights,
  categories: [11],
  categoriesInbox: [30],
});
let serial = 0;
const newUser = (extra: Record<string, unknown> = {}) => {
  serial++;
  return {
    name: 'Durand',
    firstName: 'Paul',
    username: `paul.durand${serial}`,
    email: `paul.durand${serial}@garage-dupont.fr`,
    companies: [access(garage())],
    ...extra,
  };
};

/** Creates a user as admin (or `token`) and returns the answer with the welcome mail, if one left. */
async function create(body: Record<string, unknown>, token = admin) {
  const before = new Set(mailFiles(server.dataDir));
  const res = await server.api.post('/api/me/admin/my-users', body, { token });
  const added = mailFiles(server.dataDir).filter((f) => !before.has(f));
  const mail = added.length === 1 ? readMail(server.dataDir, added[0]!) : null;
  return { res, mail };
}

/** A created user who opened the invitation and chose a password, signed in. */
async function activeUser(body: Record<string, unknown> = newUser()) {
  const { res, mail } = await create(body);
  expect(res.status).toBe(201);
  const token = resetLinkOf(mail!.text).searchParams.get('token')!;
  expect((await server.api.post('/api/user/me/reset-password', { token, password: PASSWORD })).status).toBe(200);
  const signIn = await server.api.post('/api/login', { username: res.body.username, password: PASSWORD });
  expect(signIn.status).toBe(200);
  return { id: res.body.id as number, username: res.body.username as string, token: signIn.body.token as string };
}

/** The messages of a failed statement (drizzle wraps the database's error in its own). */
async function failure(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const messages: string[] = [];
    for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
    return messages.join('\n');
  }
  throw new Error('la requête devait échouer');
}

const auditOf = async (company: number) =>
  (await server.api.get(auditPath(company), { token: admin })).body.items as Array<{
    action: string;
    actor: { id: number; label: string };
    target: { id: number; label: string };
    before: unknown;
    after: unknown;
  }>;

describe('the manager’s user list', () => {
  it('shows the demo admin the employees of Conseil Audit Rousseau, with their state', async () => {
    const res = await server.api.get(listPath(adminId, conseil()), { token: admin });
    expect(res.status).toBe(200);
    const byLogin = Object.fromEntries(res.body.items.map((u: { username: string }) => [u.username, u]));
    expect(byLogin.admin).toMatchObject({ manager: true, disabled: false, invitationPending: false });
    expect(byLogin['claire.fontaine']).toMatchObject({ firstName: 'Claire', name: 'Fontaine', manager: true });
    expect(byLogin['emma.petit']).toMatchObject({ disabled: true, manager: false });
    expect(byLogin['hugo.lambert']).toMatchObject({ invitationPending: true, lastSignInAt: null });
    expect(byLogin.admin.lastSignInAt).toEqual(expect.any(String));
    expect(res.body.total).toBe(5);
  });

  it('searches and pages', async () => {
    const found = await server.api.get(listPath(adminId, conseil(), '?q=FONT'), { token: admin });
    expect(found.body.items.map((u: { username: string }) => u.username)).toEqual(['claire.fontaine']);
    const page = await server.api.get(listPath(adminId, conseil(), '?page=2&pageSize=2'), { token: admin });
    expect(page.body).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page.body.items).toHaveLength(2);
  });
});

describe('only the company’s managers reach the administration', () => {
  it('answers 403 to a member without « Gérer mes utilisateurs », 404 for a company not theirs', async () => {
    const demoId = server.seed!.demoUserId;
    expect(await server.api.get(listPath(demoId, garage()), { token: demo })).toMatchObject({
      status: 403,
      body: { message: NOT_MANAGER },
    });
    for (const company of [conseil(), 999_999])
      expect((await server.api.get(listPath(demoId, company), { token: demo })).status).toBe(404);
    expect(
      (await server.api.get(listPath(adminId, companyId('Menuiserie Lefèvre Artisan Bois')), { token: admin })).status,
    ).toBe(404);
    // The bakery, whose accounting the firm only follows (decision 069): a member, not a manager.
    expect(
      (await server.api.get(listPath(adminId, companyId('Boulangerie Pâtisserie Martin')), { token: admin })).status,
    ).toBe(403);
    // The list's :user is the caller.
    expect((await server.api.get(listPath(demoId, garage()), { token: admin })).status).toBe(403);
    expect((await server.api.get(auditPath(garage()), { token: demo })).status).toBe(403);
    expect((await server.api.get(profilePath(adminId, garage()), { token: demo })).status).toBe(403);
    expect((await server.api.get('/api/me/admin/grantable', { token: demo })).body).toEqual([]);
    expect((await create(newUser(), demo)).res.status).toBe(404);
    const removal = await server.api.delete(`/api/me/my-users/${adminId}`, { token: demo, company: garage() });
    expect(removal.status).toBe(403);
    expect((await server.api.get(listPath(adminId, garage()))).status).toBe(401);
  });

  it('offers the stepper the caller’s companies, their own rights and categories', async () => {
    const res = await server.api.get('/api/me/admin/grantable', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.map((c: { id: number }) => c.id).sort()).toEqual(
      [garage(), cafe(), companyId('Fleurs et Jardins de Provence'), conseil()].sort(),
    );
    const g = res.body.find((c: { id: number }) => c.id === garage());
    expect(g.appRights.map((r: AppRight) => r.label)).toContain('mesFactures');
    // Each category says whether the manager reads it and deposits into it: what they may hand out.
    expect(g.categories).toContainEqual({
      id: 42,
      label: 'Ventes',
      path: 'Comptabilité › Ventes',
      read: true,
      deposit: true,
    });
    expect(g.categories).toContainEqual({ id: 1, label: 'Social', path: 'Social', read: true, deposit: false });
  });
});

describe('adding a user', () => {
  it('creates a user of the company (userType 2) who chooses their password from the welcome mail', async () => {
    const body = newUser({ userType: 1 });
    const { res, mail } = await create(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: body.username,
      disabled: false,
      invitationPending: true,
      authSource: 'local',
      companies: [
        {
          companyId: garage(),
          manager: false,
          appRights: ownCategories(documentsOnly),
          categories: [11],
          categoriesInbox: [30],
        },
      ],
    });
    const [row] = await server.deps.db.select().from(users).where(eq(users.id, res.body.id));
    expect(row).toMatchObject({ userType: 2, passwordHash: '' });

    expect(mail).not.toBeNull();
    expect(mail!.headers.to).toContain(body.email);
    expect(decodeHeader(mail!.headers.subject!)).toMatch(/^Bienvenue sur .+ : choisissez votre mot de passe$/);
    expect(mail!.text).toContain('Julien Rousseau');
    expect(mail!.text).toContain('valable 7 jours');
    // No password before the link is used: sign-in fails like a wrong password.
    expect((await server.api.post('/api/login', { username: body.username, password: '' })).status).not.toBe(200);

    const token = resetLinkOf(mail!.text).searchParams.get('token')!;
    expect((await server.api.post('/api/user/me/reset-password', { token, password: PASSWORD })).status).toBe(200);
    const signIn = await server.api.post('/api/login', { username: body.username, password: PASSWORD });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({
      userType: 2,
      appRights: ownCategories(documentsOnly),
      userLastCompany: garage(),
    });
    const list = await server.api.get(listPath(adminId, garage(), `?q=${body.username}`), { token: admin });
    expect(list.body.items[0]).toMatchObject({ invitationPending: false, lastSignInAt: expect.any(String) });
  });

  it('keeps the invitation link valid for 7 days', async () => {
    const { mail } = await create(newUser());
    const token = resetLinkOf(mail!.text).searchParams.get('token')!;
    server.setNow(new Date(Date.now() + 8 * 86_400_000));
    try {
      expect((await server.api.post('/api/user/me/reset-password', { token, password: PASSWORD })).status).toBe(400);
    } finally {
      server.setNow(null);
    }
  });

  it('refuses a login already used, whatever its case (409)', async () => {
    for (const username of ['demo', 'DEMO', 'Claire.Fontaine']) {
      const { res, mail } = await create(newUser({ username }));
      expect(res).toMatchObject({ status: 409, body: { message: LOGIN_TAKEN } });
      expect(mail).toBeNull();
    }
  });

  it('two managers creating the same login at once: one 201, one 409, never a 500', async () => {
    const [a, b] = await Promise.all([
      server.api.post('/api/me/admin/my-users', newUser({ username: 'Zoe.Martin' }), { token: admin }),
      // Another company: its creations do not wait for Garage Dupont's lock, only the index decides.
      server.api.post('/api/me/admin/my-users', newUser({ username: 'zoe.martin', companies: [access(cafe())] }), {
        token: admin,
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.message).toBe(LOGIN_TAKEN);
  });

  it('the database itself refuses a login that differs only by its case', async () => {
    const insert = server.deps.db
      .insert(users)
      .values({ username: 'ZOE.MARTIN', name: 'Martin', firstName: 'Zoé', passwordHash: '' });
    await expect(insert).rejects.toThrow();
  });

  it('refuses bad input with a French 400, never a 500', async () => {
    for (const body of [
      newUser({ email: 'pas-une-adresse' }),
      newUser({ username: 'a b' }),
      newUser({ companies: [] }),
      newUser({ name: '' }),
      { ...newUser(), companies: [{ companyId: 'x' }] },
    ]) {
      const { res } = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[a-zé]/);
    }
    const twice = await create(newUser({ companies: [access(garage()), access(garage())] }));
    expect(twice.res.status).toBe(422);
  });
});

describe('a manager grants at most the rights they hold', () => {
  it('refuses a permission the manager lacks, naming it (403)', async () => {
    const deleteOnProfile = await create(
      newUser({ companies: [access(garage(), [{ label: 'profil', permissions: ['delete'], children: [] }])] }),
    );
    expect(deleteOnProfile.res.status).toBe(403);
    expect(deleteOnProfile.res.body.message).toContain('« delete » sur « profil »');
    const child = await create(
      newUser({
        companies: [
          access(garage(), [
            {
              label: 'profil',
              permissions: ['view'],
              children: [{ label: 'gestionUtilisateurs', permissions: ['edit'] }],
            },
          ]),
        ],
      }),
    );
    expect(child.res.status).toBe(403);
    expect(child.res.body.message).toContain('« profil › gestionUtilisateurs »');
    const unknown = await create(
      newUser({ companies: [access(garage(), [{ label: 'statistiques', permissions: ['view'], children: [] }])] }),
    );
    expect(unknown.res.status).toBe(403);
  });

  it('a manager with few rights cannot hand out more (Claire Fontaine has no accounting)', async () => {
    const [claire] = await server.deps.db.select().from(users).where(eq(users.username, 'claire.fontaine'));
    await server.deps.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, claire!.id));
    const { token } = await server.api.login('claire.fontaine', PASSWORD);
    const accounting = [{ label: 'maComptabilite', permissions: ['view'], children: [] }] as AppRight[];
    const { res } = await create(newUser({ companies: [access(conseil(), accounting)] }), token);
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('« view » sur « maComptabilite »');
    // Her own company only: the admin's Garage is none of hers.
    expect((await create(newUser({ companies: [access(garage())] }), token)).res.status).toBe(404);
    // And a firm account is not hers to change.
    const firm = await server.api.put(`/api/me/admin/my-users/${adminId}/company/${conseil()}`, access(conseil()), {
      token,
    });
    expect(firm.status).toBe(403);
  });

  it('never grants in another company (404)', async () => {
    const { res } = await create(newUser({ companies: [access(companyId('Boulangerie Pâtisserie Martin'))] }));
    expect(res.status).toBe(404);
    expect((await create(newUser({ companies: [access(999_999)] }))).res.status).toBe(404);
  });

  it('grants only existing categories the manager has, deposits only into deposit categories', async () => {
    const unknown = await create(newUser({ companies: [{ ...access(garage()), categories: [999] }] }));
    expect(unknown.res.status).toBe(422);
    const notDeposit = await create(newUser({ companies: [{ ...access(garage()), categoriesInbox: [1] }] }));
    expect(notDeposit.res).toMatchObject({ status: 422, body: { field: 'categoriesInbox' } });
  });

  it('stores every category when the company does not choose them per user (gedUserRight false)', async () => {
    const fleurs = companyId('Fleurs et Jardins de Provence');
    await server.deps.db.execute(sql`update companies set ged_user_right = false where id = ${fleurs}`);
    const { res } = await create(newUser({ companies: [access(fleurs)] }));
    expect(res.status).toBe(201);
    expect(res.body.companies[0].categories).toEqual([...ALL_CATEGORY_IDS_OF_SPEC]);
    expect(res.body.companies[0].categoriesInbox).toEqual([30]);
  });
});

describe('changing rights, removing, disabling', () => {
  it('changes a user’s rights and adds them to another company the manager manages', async () => {
    const { res } = await create(newUser());
    const id = res.body.id;
    const changed = await server.api.put(
      `/api/me/admin/my-users/${id}/company/${garage()}`,
      access(garage(), managerRights),
      {
        token: admin,
      },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.companies[0]).toMatchObject({ manager: true });
    const added = await server.api.put(`/api/me/admin/my-users/${id}/company/${cafe()}`, access(cafe()), {
      token: admin,
    });
    expect(added.body.companies.map((c: { companyId: number }) => c.companyId).sort()).toEqual(
      [garage(), cafe()].sort(),
    );
    const profile = await server.api.get(profilePath(id, cafe()), { token: admin });
    expect(profile.body.companies).toHaveLength(2);
    // A user of none of the manager's companies stays unknown.
    const [claire] = await server.deps.db.select().from(users).where(eq(users.username, 'claire.fontaine'));
    expect((await server.api.get(profilePath(claire!.id, cafe()), { token: admin })).status).toBe(404);
    // Demo belongs to Café des Arts too: the profile shows only the companies the caller manages.
    const demoProfile = await server.api.get(profilePath(server.seed!.demoUserId, cafe()), { token: admin });
    expect(demoProfile.body.companies.map((c: { companyId: number }) => c.companyId).sort()).toEqual(
      [garage(), cafe(), companyId('Fleurs et Jardins de Provence')].sort(),
    );
  });

  it('cannot remove or disable themself', async () => {
    const removal = await server.api.delete(`/api/me/my-users/${adminId}`, { token: admin, company: garage() });
    expect(removal).toMatchObject({
      status: 409,
      body: { message: 'Vous ne pouvez pas vous retirer vous-même de la société.' },
    });
    const disabling = await server.api.put(
      `/api/me/admin/my-users/${adminId}/status`,
      { disabled: true },
      { token: admin },
    );
    expect(disabling.status).toBe(409);
  });

  it('cannot strip the manager right of the last manager of a company (409)', async () => {
    const fleurs = companyId('Fleurs et Jardins de Provence');
    const res = await server.api.put(`/api/me/admin/my-users/${adminId}/company/${fleurs}`, access(fleurs), {
      token: admin,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('dernier gestionnaire');
  });

  it('removing a user from a company ends their access there at once', async () => {
    const user = await activeUser(newUser({ companies: [access(garage()), access(cafe())] }));
    const rights = (company: number) =>
      server.api.get(`/api/utilisateurs/custom/user/${user.id}/company/${company}`, { token: user.token });
    expect((await rights(garage())).status).toBe(200);
    const removal = await server.api.delete(`/api/me/my-users/${user.id}`, { token: admin, company: garage() });
    expect(removal.status).toBe(204);
    expect((await rights(garage())).status).toBe(403);
    expect((await rights(cafe())).status).toBe(200);
    // Again: no longer theirs.
    expect((await server.api.delete(`/api/me/my-users/${user.id}`, { token: admin, company: garage() })).status).toBe(
      404,
    );
  });

  it('removed from their last company, a user is disabled: sessions revoked, sign-in 403 « Accès non autorisé »', async () => {
    const user = await activeUser();
    expect((await server.api.delete(`/api/me/my-users/${user.id}`, { token: admin, company: garage() })).status).toBe(
      204,
    );
    expect((await server.api.get('/api/user/me', { token: user.token })).status).toBe(401);
    const signIn = await server.api.post('/api/login', { username: user.username, password: PASSWORD });
    expect(signIn).toMatchObject({ status: 403, body: { message: ACCESS_DENIED } });
    const [row] = await server.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.disabledAt).not.toBeNull();
    const actions = (await auditOf(garage())).filter((a) => a.target.id === user.id).map((a) => a.action);
    expect(actions.slice(0, 2)).toEqual(['disable', 'remove']);
  });

  it('disables and enables a user; disabling revokes their sessions', async () => {
    const user = await activeUser();
    const off = await server.api.put(`/api/me/admin/my-users/${user.id}/status`, { disabled: true }, { token: admin });
    expect(off).toMatchObject({ status: 200, body: { disabled: true } });
    expect((await server.api.get('/api/user/me', { token: user.token })).status).toBe(401);
    expect(await server.api.post('/api/login', { username: user.username, password: PASSWORD })).toMatchObject({
      status: 403,
      body: { message: ACCESS_DENIED },
    });
    const on = await server.api.put(`/api/me/admin/my-users/${user.id}/status`, { disabled: false }, { token: admin });
    expect(on.body.disabled).toBe(false);
    expect((await server.api.post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(200);
  });

  it('does not disable a user who also belongs to companies the manager does not manage (403)', async () => {
    const res = await server.api.put(
      `/api/me/admin/my-users/${server.seed!.demoUserId}/status`,
      { disabled: true },
      { token: admin },
    );
    expect(res.status).toBe(403);
    expect((await server.api.post('/api/login', { username: 'demo', password: 'demo' })).status).toBe(200);
  });
});

describe('the rights log', () => {
  it('lists every change, newest first, with who did it to whom and before/after', async () => {
    const { res } = await create(newUser({ firstName: 'Inès', name: 'Garnier' }));
    const id = res.body.id;
    await server.api.put(`/api/me/admin/my-users/${id}/company/${garage()}`, access(garage(), managerRights), {
      token: admin,
    });
    await server.api.put(`/api/me/admin/my-users/${id}/status`, { disabled: true }, { token: admin });
    await server.api.put(`/api/me/admin/my-users/${id}/status`, { disabled: false }, { token: admin });
    await server.api.delete(`/api/me/my-users/${id}`, { token: admin, company: garage() });
    const mine = (await auditOf(garage())).filter((a) => a.target.id === id);
    expect(mine.map((a) => a.action)).toEqual(['disable', 'remove', 'enable', 'disable', 'rights', 'create']);
    for (const a of mine) {
      expect(a.actor).toEqual({ id: adminId, label: 'Julien Rousseau' });
      expect(a.target).toEqual({ id, label: 'Inès Garnier' });
    }
    const rights = mine.find((a) => a.action === 'rights')!;
    expect(rights.before).toMatchObject({ appRights: ownCategories(documentsOnly) });
    expect(rights.after).toMatchObject({ appRights: ownCategories(managerRights) });
    expect(mine.find((a) => a.action === 'create')!.before).toBeNull();
  });

  it('shows the demo’s seeded log and stays closed to others', async () => {
    const seeded = await server.api.get(auditPath(conseil()), { token: admin });
    expect(seeded.status).toBe(200);
    expect(seeded.body.total).toBeGreaterThanOrEqual(4);
    expect(
      (await server.api.get(auditPath(companyId('Menuiserie Lefèvre Artisan Bois')), { token: admin })).status,
    ).toBe(404);
    expect((await server.api.get(auditPath(companyId('Boulangerie Pâtisserie Martin')), { token: admin })).status).toBe(
      403,
    );
  });
});

describe('retention (10 years)', () => {
  it('removing a user keeps their documents and the validated invoices; the database refuses deleting them', async () => {
    const user = await activeUser();
    const [doc] = await server.deps.db
      .insert(documents)
      .values({
        companyId: garage(),
        categoryId: 11,
        name: 'bilan-2025.pdf',
        mimeType: 'application/pdf',
        size: 10,
        sha256: 'a'.repeat(64),
        searchKey: 'bilan 2025',
        depositedBy: user.id,
      })
      .returning();
    const kept10Years = async () => {
      const [v] = await server.deps.db
        .select({ n: count() })
        .from(invoices)
        .where(and(eq(invoices.companyId, garage()), eq(invoices.validated, true)));
      const [p] = await server.deps.db.select({ n: count() }).from(invoicePdfs);
      return { validated: v!.n, pdfs: p!.n };
    };
    const before = await kept10Years();
    expect(before.validated).toBeGreaterThan(0);

    expect((await server.api.delete(`/api/me/my-users/${user.id}`, { token: admin, company: garage() })).status).toBe(
      204,
    );
    const [kept] = await server.deps.db.select().from(documents).where(eq(documents.id, doc!.id));
    expect(kept).toMatchObject({ depositedBy: user.id });

    expect(await failure(server.deps.db.delete(users).where(eq(users.id, user.id)))).toContain('désactivez-le');
    expect(await failure(server.deps.db.execute(sql`delete from companies where id = ${garage()}`))).toContain(
      'archivez-la',
    );
    expect(await kept10Years()).toEqual(before);
    const [still] = await server.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(still).toBeDefined();
    const audits = await server.deps.db
      .select({ n: count() })
      .from(rightsAudit)
      .where(eq(rightsAudit.targetId, user.id));
    expect(audits[0]!.n).toBeGreaterThan(0);
  });
});
