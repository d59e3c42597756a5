import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../../server/src/db/schema/index';
import { hashPassword } from '../../server/src/modules/auth/passwords';
import { clientRights, followerRights, INBOX_CATEGORY_IDS } from '../../server/src/seed/rights';
import { startTestServer, type TestServer } from '../support/test-server';
import { pdfOfSize, upload, uploadForm } from '../support/uploads';

// Decision 006: document category rights hold on every path to a file's bytes or name — the
// inbox included. A member who may read only Social and Comptabilité (GED) must not reach a filed
// deposit of "Achats", nor read its name; their own deposits stay theirs (access.ts, mayReadFile).

let server: TestServer;
let company: number; // Garage Dupont & Fils: demo deposits, admin (the firm) files
let demo: string;
let admin: string;
let reader: { id: number; token: string };
let firmReader: { id: number; token: string };
/** The firm following only the company's accounting (decision 069): no « Mes documents », no « Ma bannette ». */
let follower: { id: number; token: string };
const ids = { secret: 0, pending: 0, own: 0, secretDoc: 0, ownDoc: 0, batch: 0 };

async function addMember(
  username: string,
  userType: number,
  categories: number[],
  appRights = clientRights({ invoicing: true, deposits: true }),
) {
  const [user] = await server.deps.db
    .insert(users)
    .values({
      username,
      email: `${username}@workplace.example`,
      name: 'Restreint',
      firstName: 'Rémi',
      userType,
      passwordHash: await hashPassword(username),
      lastCompanyId: company,
    })
    .returning();
  await server.deps.db.insert(memberships).values({
    userId: user.id,
    companyId: company,
    appRights,
    categories,
    categoriesInbox: INBOX_CATEGORY_IDS,
  });
  return { id: user.id, token: (await server.api.login(username)).token };
}

const deposit = async (token: string, name: string, category: number) => {
  const bytes = pdfOfSize(400);
  bytes.set(new TextEncoder().encode(name), 20); // its own bytes
  const res = await upload(server.api, uploadForm([{ bytes, name }], category), { token, company });
  expect(res.status).toBe(201);
  return res.body.items[0].id as number;
};

beforeAll(async () => {
  server = await startTestServer();
  company = server.seed!.companies[1].id;
  demo = (await server.api.login('demo')).token;
  admin = (await server.api.login('admin')).token;
  reader = await addMember('lecteur-social', 2, [1, 11]);
  firmReader = await addMember('cabinet-social', 1, [1]);
  follower = await addMember('cabinet-compta', 1, [], followerRights());
  ids.secret = await deposit(demo, 'achats-confidentiels.pdf', 43);
  ids.own = await deposit(reader.token, 'mon-depot.pdf', 43);
  ids.pending = await deposit(demo, 'banque-en-attente.pdf', 44);
  const batch = await server.api.post('/api/batch', { ids: [ids.secret, ids.own] }, { token: admin, company });
  ids.batch = batch.body.id;
  let view = batch.body;
  for (let i = 0; i < 100 && view.status !== 'done'; i++) {
    await new Promise((r) => setTimeout(r, 20));
    view = (await server.api.get(`/api/trigger/batch/${ids.batch}`, { token: admin, company })).body;
  }
  ids.secretDoc = view.files.find((f: any) => f.id === ids.secret).documentId;
  ids.ownDoc = view.files.find((f: any) => f.id === ids.own).documentId;
});
afterAll(() => server?.close());

const get = (path: string, who = reader) => server.api.get(path, { token: who.token, company });
const names = (items: Array<{ name: string }>) => items.map((i) => i.name);

describe('a member restricted to some categories', () => {
  it('the inbox history and list name neither another member’s filed deposit nor a pending one; their own stays', async () => {
    const history = names((await get('/api/my-inbox/history?pageSize=200')).body.items);
    expect(history).toContain('mon-depot.pdf');
    expect(history).not.toContain('achats-confidentiels.pdf');
    expect(history).not.toContain('banque-en-attente.pdf');
    expect((await get('/api/my-inbox/history?q=confidentiels')).body.total).toBe(0);
    expect(names((await get('/api/my-inbox?pageSize=200')).body.items)).not.toContain('banque-en-attente.pdf');
    // Withdrawing it is not even "someone else's file" (403): it does not exist for them.
    expect(
      (await server.api.delete(`/api/my-inbox/documents/${ids.pending}`, { token: reader.token, company })).status,
    ).toBe(404);
  });

  it('POST /api/files/download: another member’s deposit is 404, their own is served', async () => {
    expect(
      (await server.api.post('/api/files/download', { ids: [ids.secret] }, { token: reader.token, company })).status,
    ).toBe(404);
    expect(
      (await server.api.post('/api/files/download', { ids: [ids.pending] }, { token: reader.token, company })).status,
    ).toBe(404);
    expect(
      (await server.api.post('/api/files/download', { ids: [ids.own] }, { token: reader.token, company })).status,
    ).toBe(200);
  });

  it('documents: list, search, recent, widget, preview, download and zip all keep the filed deposit out', async () => {
    const list = names((await get('/api/my-documents?pageSize=200')).body.items);
    expect(list).not.toContain('achats-confidentiels.pdf');
    expect(list).toContain('mon-depot.pdf');
    expect((await get('/api/my-documents?q=confidentiels')).body.total).toBe(0);
    expect(names((await get('/api/my-documents/last?limit=100')).body.items)).not.toContain('achats-confidentiels.pdf');
    expect(names((await get(`/api/widgets/ged/last/user/${reader.id}/company/${company}`)).body.items)).not.toContain(
      'achats-confidentiels.pdf',
    );
    expect((await get(`/api/ged/documents/${ids.secretDoc}/view`)).status).toBe(404);
    expect((await get(`/api/ged/documents/${ids.secretDoc}/download`)).status).toBe(404);
    expect(
      (await server.api.post('/api/ged/documents/download', { ids: [ids.secretDoc] }, { token: reader.token, company }))
        .status,
    ).toBe(404);
    expect((await get(`/api/ged/documents/${ids.ownDoc}/download`)).status).toBe(200);
  });

  it('notifications name a filed document only to the members who may read it', async () => {
    const labels = (who: { token: string }) =>
      server.api
        .get('/api/notifications?pageSize=100', { token: who.token, company })
        .then((r) => r.body.items.map((n: any) => n.label).join('\n'));
    const mine = await labels(reader);
    expect(mine).not.toContain('achats-confidentiels.pdf');
    expect(mine).toContain('mon-depot.pdf');
    expect(await labels({ token: demo })).toContain('achats-confidentiels.pdf');
  });

  it('a member without « Mes documents » nor « Ma bannette » is told of no filed document and lists no deposit', async () => {
    const notes = await server.api.get('/api/notifications?pageSize=100', { token: follower.token, company });
    expect(notes.status).toBe(200);
    expect(notes.body.items.map((n: { type: number }) => n.type)).not.toContain(1);
    const history = await server.api.get(`/api/my-inbox/history/admin?company=${company}&pageSize=200`, {
      token: follower.token,
    });
    expect(history.status).toBe(200);
    expect(history.body.items).toEqual([]);
  });

  it('a firm user with restricted rights: admin history, batches and batch views follow the same rule', async () => {
    const history = names(
      (await server.api.get(`/api/my-inbox/history/admin?company=${company}&pageSize=200`, { token: firmReader.token }))
        .body.items,
    );
    expect(history).not.toContain('achats-confidentiels.pdf');
    expect(history).not.toContain('banque-en-attente.pdf');
    expect(
      (await server.api.post('/api/batch', { ids: [ids.pending] }, { token: firmReader.token, company })).status,
    ).toBe(404);
    const view = (await get(`/api/trigger/batch/${ids.batch}`, firmReader)).body;
    expect(names(view.files)).toEqual([]);
    // The unrestricted firm user still sees everything.
    expect(
      names(
        (await server.api.get(`/api/my-inbox/history/admin?company=${company}&pageSize=200`, { token: admin })).body
          .items,
      ),
    ).toContain('achats-confidentiels.pdf');
  });
});
