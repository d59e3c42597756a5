import { and, eq, notInArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documents, memberships, users } from '../../server/src/db/schema/index';
import { hashPassword } from '../../server/src/modules/auth/passwords';
import { clientRights } from '../../server/src/seed/rights';
import { descendantIds } from '../../src/domain/document-categories';
import type { AppRight } from '../../src/domain/rights';
import { GARAGE } from '../support/invoice-helpers';
import { pdfOfSize, upload, uploadForm } from '../support/uploads';
import { useTestServer } from '../support/use-test-server';

// Decision 073: the categories a user may read hold on every path to a file,
// whatever their other rights. The hole: a manager limited to « Bulletins de paie » (4) and
// « Comptabilité › Divers » (46) created a user with « Ma bannette » but without « Mes documents »;
// without « Mes documents » the user held no userGedRight, so they read every category (decision
// 042's rule) and listed and downloaded a payroll deposit (« Social », 32) the manager cannot
// read. The manager reached the same by removing their own « Mes documents ». Lacking a right now
// never widens what a member reads (document-categories.ts, followsOwnCategories).

const ctx = useTestServer({ signIn: ['demo', 'admin'] });
const LIMITED = [4, 46];
const PASSWORD = 'Frontieres2026!';
const readable = new Set(LIMITED.flatMap(descendantIds));

let company: number;
let manager: { id: number; token: string };
const deposits = { payroll: 0, payrollName: 'bulletins-octobre-confidentiels.pdf' };
let outsideDoc: { id: number; name: string };

const inbox = (rights: AppRight['permissions']): AppRight => ({
  label: 'maBannette',
  permissions: rights,
  children: [],
});
const profile: AppRight = { label: 'profil', permissions: ['view'], children: [] };

async function signIn(id: number) {
  const db = ctx.server.deps.db;
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, id));
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return (await ctx.server.api.login(user!.username, PASSWORD)).token;
}

/** A user created by the limited manager through « Gérer mes utilisateurs », signed in. */
async function createdByManager(username: string, appRights: AppRight[]) {
  const res = await ctx.server.api.post(
    '/api/me/admin/my-users',
    {
      name: 'Frontière',
      firstName: 'Noa',
      username,
      email: `${username}@garage-dupont.fr`,
      companies: [{ companyId: company, appRights, categories: LIMITED, categoriesInbox: [46] }],
    },
    { token: manager.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as number, token: await signIn(res.body.id) };
}

const as = (who: { token: string }) => ({ token: who.token, company });
const inboxNames = async (who: { token: string }) => {
  const pending = await ctx.server.api.get('/api/my-inbox?pageSize=200', as(who));
  const history = await ctx.server.api.get('/api/my-inbox/history?pageSize=200', as(who));
  const search = await ctx.server.api.get('/api/my-inbox/history?q=confidentiels', as(who));
  expect([pending.status, history.status, search.status]).toEqual([200, 200, 200]);
  return [...pending.body.items, ...history.body.items, ...search.body.items].map((i: { name: string }) => i.name);
};

/** Every path to the payroll deposit, for someone who must not read it. */
async function expectNoPayrollDeposit(who: { token: string }) {
  expect(await inboxNames(who)).not.toContain(deposits.payrollName);
  const zip = await ctx.server.api.post('/api/files/download', { ids: [deposits.payroll] }, as(who));
  expect(zip.status).toBe(404);
  // Withdrawing it: not found (404), or no right to withdraw at all (403); never done.
  const withdraw = await ctx.server.api.delete(`/api/my-inbox/documents/${deposits.payroll}`, as(who));
  expect([403, 404]).toContain(withdraw.status);
}

/** Every path to a filed document outside the limit, for someone holding « Mes documents ». */
async function expectNoOutsideDocument(who: { id: number; token: string }) {
  const list = await ctx.server.api.get('/api/my-documents?pageSize=200', as(who));
  expect(list.status).toBe(200);
  expect(list.body.items.every((d: { categoryId: number }) => readable.has(d.categoryId))).toBe(true);
  const search = await ctx.server.api.get(`/api/my-documents?q=${encodeURIComponent(outsideDoc.name)}`, as(who));
  expect(search.body.items.map((d: { id: number }) => d.id)).not.toContain(outsideDoc.id);
  const last = await ctx.server.api.get('/api/my-documents/last?limit=100', as(who));
  expect(last.body.items.map((d: { id: number }) => d.id)).not.toContain(outsideDoc.id);
  const widget = await ctx.server.api.get(`/api/widgets/ged/last/user/${who.id}/company/${company}`, as(who));
  expect(widget.body.items.map((d: { id: number }) => d.id)).not.toContain(outsideDoc.id);
  expect((await ctx.server.api.get(`/api/ged/documents/${outsideDoc.id}/view`, as(who))).status).toBe(404);
  expect((await ctx.server.api.get(`/api/ged/documents/${outsideDoc.id}/download`, as(who))).status).toBe(404);
  const zip = await ctx.server.api.post('/api/ged/documents/download', { ids: [outsideDoc.id] }, as(who));
  expect(zip.status).toBe(404);
}

beforeAll(async () => {
  const db = ctx.server.deps.db;
  company = ctx.company(GARAGE);
  // Maya, a manager of the garage who reads Bulletins de paie and Comptabilité › Divers only.
  const [maya] = await db
    .insert(users)
    .values({
      username: 'maya.limitee',
      email: 'maya.limitee@garage-dupont.fr',
      name: 'Limitée',
      firstName: 'Maya',
      userType: 2,
      passwordHash: '',
      lastCompanyId: company,
    })
    .returning();
  await db.insert(memberships).values({
    userId: maya!.id,
    companyId: company,
    appRights: clientRights({ invoicing: true, deposits: true, userAdmin: true }),
    categories: LIMITED,
    categoriesInbox: [46],
  });
  manager = { id: maya!.id, token: await signIn(maya!.id) };
  // A payroll deposit (Social, 32) by demo, who deposits everywhere.
  const bytes = pdfOfSize(500);
  bytes.set(new TextEncoder().encode('paie'), 30);
  const res = await upload(ctx.server.api, uploadForm([{ bytes, name: deposits.payrollName }], 32), {
    token: ctx.demo,
    company,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  deposits.payroll = res.body.items[0].id;
  const [doc] = await db
    .select({ id: documents.id, name: documents.name })
    .from(documents)
    .where(and(eq(documents.companyId, company), notInArray(documents.categoryId, [...readable])))
    .limit(1);
  expect(doc, 'le garage doit avoir un document hors des catégories de Maya').toBeDefined();
  outsideDoc = doc!;
});

describe('the category limit holds whatever the other rights', () => {
  it('the limited manager reads neither the payroll deposit nor the documents outside their categories', async () => {
    await expectNoPayrollDeposit(manager);
    await expectNoOutsideDocument(manager);
  });

  it('a user the manager creates with « Ma bannette » but not « Mes documents » lists and downloads nothing outside', async () => {
    const noa = await createdByManager('noa.bannette', [profile, inbox(['view', 'download', 'create', 'delete'])]);
    await expectNoPayrollDeposit(noa);
    // Their own deposits stay theirs, within the deposit categories given; not into « Social ».
    const own = await upload(
      ctx.server.api,
      uploadForm([{ bytes: pdfOfSize(300), name: 'divers-noa.pdf' }], 46),
      as(noa),
    );
    expect(own.status).toBe(201);
    expect(await inboxNames(noa)).toContain('divers-noa.pdf');
    const social = await upload(
      ctx.server.api,
      uploadForm([{ bytes: pdfOfSize(310), name: 'paie-noa.pdf' }], 32),
      as(noa),
    );
    expect(social.status).toBe(403);
    // Nor Factures reçues (Comptabilité › Achats), read through the same access.
    const received = await ctx.server.api.get('/api/received-invoices?pageSize=200', as(noa));
    expect(received.status).toBe(200);
    expect(received.body.items).toEqual([]);
  });

  it('a user given « Mes documents » without userGedRight is held to their categories too, on every path', async () => {
    const lou = await createdByManager('lou.documents', [
      profile,
      { label: 'mesDocuments', permissions: ['view', 'download'], children: [] },
      inbox(['view', 'download']),
    ]);
    await expectNoOutsideDocument(lou);
    await expectNoPayrollDeposit(lou);
  });

  it('the manager cannot hand out a category they do not hold (403, in French)', async () => {
    const res = await ctx.server.api.post(
      '/api/me/admin/my-users',
      {
        name: 'Frontière',
        firstName: 'Sam',
        username: 'sam.social',
        email: 'sam.social@garage-dupont.fr',
        companies: [
          { companyId: company, appRights: [profile, inbox(['view'])], categories: [32], categoriesInbox: [] },
        ],
      },
      { token: manager.token },
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Vous ne pouvez pas ouvrir la catégorie « Social » : vous ne la lisez pas vous-même.',
    );
  });

  it('removing their own userGedRight or widening their own categories reaches nothing more', async () => {
    const path = `/api/me/admin/my-users/${manager.id}/company/${company}`;
    const rights = clientRights({ invoicing: true, deposits: true, userAdmin: true });
    const withoutGedRight = rights.map((r) =>
      r.label === 'mesDocuments' ? { ...r, permissions: r.permissions.filter((p) => p !== 'userGedRight') } : r,
    );
    const lowered = await ctx.server.api.put(
      path,
      { appRights: withoutGedRight, categories: LIMITED, categoriesInbox: [46] },
      { token: manager.token },
    );
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    await expectNoOutsideDocument(manager);
    await expectNoPayrollDeposit(manager);
    const widened = await ctx.server.api.put(
      path,
      { appRights: rights, categories: [...LIMITED, 32], categoriesInbox: [46] },
      { token: manager.token },
    );
    expect(widened.status).toBe(403);
    expect(widened.body.message).toBe(
      'Vous ne pouvez pas ouvrir la catégorie « Social » : vous ne la lisez pas vous-même.',
    );
  });

  it('removing their own « Mes documents » does not open the payroll deposit to the manager', async () => {
    const rights = clientRights({ invoicing: true, deposits: true, userAdmin: true }).filter(
      (r) => r.label !== 'mesDocuments',
    );
    const res = await ctx.server.api.put(
      `/api/me/admin/my-users/${manager.id}/company/${company}`,
      { appRights: rights, categories: LIMITED, categoriesInbox: [46] },
      { token: manager.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expectNoPayrollDeposit(manager);
  });
});
