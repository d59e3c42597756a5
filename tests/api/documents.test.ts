import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { documents, memberships } from '../../server/src/db/schema/index';
import { demoFileNames } from '../support/demo-names';
import { startTestServer, type TestServer } from '../support/test-server';

// Documents the firm filed (DOC-4): lists, categories, view/download, zip, rights, isolation.

let server: TestServer;
let demo: string;
let admin: string;
let main: number; // Boulangerie Pâtisserie Martin: demo's landing company, the full demo set
let other: number; // Garage Dupont & Fils: demo and admin are both members
beforeAll(async () => {
  server = await startTestServer();
  demo = (await server.api.login('demo')).token;
  admin = (await server.api.login('admin')).token;
  main = server.seed!.companies[0].id;
  other = server.seed!.companies[1].id;
});
afterAll(() => server?.close());
const names = demoFileNames();

const list = (query = '', company = main, token = demo) =>
  server.api.get(`/api/my-documents${query}`, { token, company });

describe('GET /api/my-documents', () => {
  it('lists the company’s documents newest first, paged, with the list shape of the conventions', async () => {
    const res = await list('?pageSize=10');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 10 });
    expect(res.body.total).toBeGreaterThanOrEqual(28);
    expect(res.body.items).toHaveLength(10);
    const dates = res.body.items.map((d: any) => d.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(res.body.items[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      categoryId: expect.any(Number),
      category: expect.any(String),
      categoryPath: expect.any(String),
      mimeType: expect.any(String),
      size: expect.any(Number),
      createdAt: expect.any(String),
      readAt: null,
    });
    const page2 = await list('?pageSize=10&page=2');
    expect(page2.body.items[0].id).not.toBe(res.body.items[0].id);
  });

  it('searches names and category labels ignoring case and accents', async () => {
    const res = await list('?q=declaration%20tva&sort=name');
    expect(res.body.items.map((d: any) => d.name)).toEqual(
      [...names.vatReturns].sort((a, b) => a.localeCompare(b, 'fr')),
    );
    const byCategory = await list('?q=bilan');
    expect(byCategory.body.items.every((d: any) => d.categoryPath.includes('Bilan') || d.name.includes('Bilan'))).toBe(
      true,
    );
    expect((await list('?q=100%25')).body.total).toBe(0);
  });

  it('filters by a category and what lies under it, and sorts', async () => {
    const payslips = await list('?category=4&sort=name');
    expect(payslips.body.items.map((d: any) => d.categoryId).sort()).toEqual([39, 39, 39, 39, 4, 40, 40].sort());
    const names = payslips.body.items.map((d: any) => d.name.toLowerCase());
    expect([...names].sort((a: string, b: string) => (a < b ? -1 : 1))).toEqual(names);
    expect((await list('?sort=oops')).status).toBe(400);
  });

  it('shows only the categories the membership opens when the company applies per-user rights', async () => {
    await server.deps.db
      .update(memberships)
      .set({ categories: [18] })
      .where(and(eq(memberships.userId, server.seed!.demoUserId), eq(memberships.companyId, other)));
    try {
      const res = await list('?pageSize=200', other);
      // Category 18, and the files she deposited herself, which the firm filed: a depositor keeps
      // reading what she sent (access.ts).
      const hers = new Set(
        (
          await server.deps.db
            .select({ id: documents.id })
            .from(documents)
            .where(and(eq(documents.companyId, other), eq(documents.depositedBy, server.seed!.demoUserId)))
        ).map((d) => d.id),
      );
      expect(hers.size).toBeGreaterThan(0);
      const items: Array<{ id: number; categoryId: number }> = res.body.items;
      expect(items.filter((d) => !hers.has(d.id)).map((d) => d.categoryId)).toEqual([18]);
      expect(items.filter((d) => hers.has(d.id))).toHaveLength(hers.size);
      const hidden = (await list('?pageSize=200', other, admin)).body.items.find(
        (d: any) => d.categoryId !== 18 && !hers.has(d.id),
      );
      expect(
        (await server.api.get(`/api/ged/documents/${hidden.id}/view`, { token: demo, company: other })).status,
      ).toBe(404);
    } finally {
      await server.deps.db
        .update(memberships)
        .set({
          categories: server.seed
            ? [
                1, 4, 5, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 39, 40, 41, 42,
                43, 44, 45, 46,
              ]
            : [],
        })
        .where(and(eq(memberships.userId, server.seed!.demoUserId), eq(memberships.companyId, other)));
    }
  });

  it('answers 403 without the documents right', async () => {
    const where = and(eq(memberships.userId, server.seed!.demoUserId), eq(memberships.companyId, other));
    const [m] = await server.deps.db.select().from(memberships).where(where);
    await server.deps.db
      .update(memberships)
      .set({ appRights: m.appRights.filter((r) => r.label !== 'mesDocuments') })
      .where(where);
    try {
      expect((await list('', other)).status).toBe(403);
      expect((await server.api.get('/api/ged/category/0', { token: demo, company: other })).status).toBe(403);
    } finally {
      await server.deps.db.update(memberships).set({ appRights: m.appRights }).where(where);
    }
  });
});

describe('last documents', () => {
  it('GET /api/my-documents/last gives the newest ones', async () => {
    const res = await server.api.get('/api/my-documents/last?limit=3', { token: demo, company: main });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(3);
    expect(res.body.items[0].createdAt >= res.body.items[1].createdAt).toBe(true);
  });

  it('the widget answers for oneself in a member company only', async () => {
    const me = server.seed!.demoUserId;
    const ok = await server.api.get(`/api/widgets/ged/last/user/${me}/company/${main}`, { token: demo });
    expect(ok.status).toBe(200);
    expect(ok.body.items).toHaveLength(5);
    expect(
      (await server.api.get(`/api/widgets/ged/last/user/${server.seed!.adminUserId}/company/${main}`, { token: demo }))
        .status,
    ).toBe(403);
    expect(
      (await server.api.get(`/api/widgets/ged/last/user/${server.seed!.adminUserId}/company/${main}`, { token: admin }))
        .status,
    ).toBe(403);
  });
});

describe('categories', () => {
  it('GET /api/ged/category/0 gives the tree of DOC-1 with counts summed upwards', async () => {
    const res = await server.api.get('/api/ged/category/0', { token: demo, company: main });
    expect(res.status).toBe(200);
    const roots = res.body.categories;
    expect(roots.map((n: any) => `${n.id} ${n.label}`)).toEqual([
      '1 Social',
      '11 Comptabilité',
      '20 Juridique',
      '30 Comptabilité',
      '31 Juridique',
      '32 Social',
    ]);
    const social = roots[0];
    expect(social.children.map((n: any) => n.label)).toEqual([
      'Bulletins de paie',
      'Etats de paie/Charges Sociales et OD',
      'DSN évènementielle',
      'Sortie Salariés',
    ]);
    expect(social.children[0].children.map((n: any) => n.label)).toEqual([
      'Bulletins Individuels',
      'Bulletins Groupés',
    ]);
    expect(social.children[0].count).toBe(7);
    expect(social.count).toBe(social.children.reduce((s: number, c: any) => s + c.count, 0));
  });

  it('GET /api/ged/category/{id} gives one sub-tree; unknown → 404', async () => {
    const res = await server.api.get('/api/ged/category/27', { token: demo, company: main });
    expect(res.body.categories.map((n: any) => n.label)).toEqual(['Assemblée Générale']);
    expect(res.body.categories[0].children.map((n: any) => n.label)).toEqual(['Ordinaire', 'Extraordinaire']);
    expect((await server.api.get('/api/ged/category/999', { token: demo, company: main })).status).toBe(404);
    expect((await server.api.get('/api/ged/category/abc', { token: demo, company: main })).status).toBe(404);
  });

  it('PUT /api/ged/category/{id}/last remembers the category, facet and headings per user and company', async () => {
    const put = await server.api.put(
      '/api/ged/category/18/last',
      { facet: 'name', headings: ['11', '1'] },
      { token: demo, company: main },
    );
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ categoryId: 18, facet: 'name', headings: ['11', '1'] });
    const tree = await server.api.get('/api/ged/category/0', { token: demo, company: main });
    expect(tree.body.last).toMatchObject({ categoryId: 18, facet: 'name', headings: ['11', '1'] });
    expect((await server.api.get('/api/ged/category/0', { token: demo, company: other })).body.last).toBeNull();
    expect(
      (await server.api.put('/api/ged/category/999/last', { facet: 'x' }, { token: demo, company: main })).status,
    ).toBe(404);
    expect(
      (await server.api.put('/api/ged/category/18/last', { headings: 'x' }, { token: demo, company: main })).status,
    ).toBe(400);
  });
});

describe('view and download', () => {
  const find = async (name: string) =>
    (await list(`?q=${encodeURIComponent(name)}`)).body.items.find((d: any) => d.name === name);

  it('view: the PDF inline with its type, and marks it read', async () => {
    const doc = await find(names.balanceSheet);
    const res = await server.api.get(`/api/ged/documents/${doc.id}/view`, { token: demo, company: main });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="${names.balanceSheet}"; filename*=UTF-8''${encodeURIComponent(names.balanceSheet)}`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new TextDecoder().decode(res.raw.slice(0, 5))).toBe('%PDF-');
    expect(Number(res.headers.get('content-length'))).toBe(doc.size);
    expect((await find(names.balanceSheet)).readAt).not.toBeNull();
  });

  it('view: a viewer may read one range (206), the last bytes, and is told when a range is past the end (416)', async () => {
    const doc = await find(names.balanceSheet);
    const as = { token: demo, company: main };
    const whole = Buffer.from((await server.api.get(`/api/ged/documents/${doc.id}/download`, as)).raw);
    const ranged = (range: string) =>
      server.api.get(`/api/ged/documents/${doc.id}/view`, { ...as, headers: { range } });
    const first = await ranged('bytes=0-99');
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${doc.size}`);
    expect(Buffer.from(first.raw).equals(whole.subarray(0, 100))).toBe(true);
    const last = await ranged('bytes=-10');
    expect(last.headers.get('content-range')).toBe(`bytes ${doc.size - 10}-${doc.size - 1}/${doc.size}`);
    expect(Buffer.from(last.raw).equals(whole.subarray(doc.size - 10))).toBe(true);
    const past = await ranged(`bytes=${doc.size}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${doc.size}`);
    expect(past.body.message).toBe('La plage demandée commence après la fin du fichier.');
    // Anything but one bytes range: the whole file, as before.
    expect((await ranged('bytes=0-1,5-9')).status).toBe(200);
  });

  it('download: attachment with the accented name encoded (RFC 6266)', async () => {
    const name = names.vatReturns[0]; // « Déclaration de TVA - Octobre 2026.pdf »: an accent to encode
    const doc = await find(name);
    const res = await server.api.get(`/api/ged/documents/${doc.id}/download`, { token: demo, company: main });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${name.normalize('NFD').replace(/\p{M}/gu, '')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
  });

  it('an image keeps its image type', async () => {
    const doc = await find('Plan des locaux.png');
    const res = await server.api.get(`/api/ged/documents/${doc.id}/view`, { token: demo, company: main });
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('another company’s document is 404, never revealed', async () => {
    const doc = await find(names.balanceSheet);
    // demo is a member of the other company, but the document is not its.
    expect((await server.api.get(`/api/ged/documents/${doc.id}/view`, { token: demo, company: other })).status).toBe(
      404,
    );
    expect(
      (await server.api.get(`/api/ged/documents/${doc.id}/download`, { token: admin, company: other })).status,
    ).toBe(404);
    // admin is not a member of the main company at all: 403 for the company itself.
    expect((await server.api.get(`/api/ged/documents/${doc.id}/view`, { token: admin, company: main })).status).toBe(
      403,
    );
    expect((await server.api.get('/api/ged/documents/99999999/view', { token: demo, company: main })).status).toBe(404);
    expect(
      (await server.api.post('/api/ged/documents/download', { ids: [doc.id] }, { token: admin, company: other }))
        .status,
    ).toBe(404);
  });
});

describe('POST /api/ged/documents/download (zip)', () => {
  it('returns one zip holding exactly the chosen files, with a dated file name', async () => {
    const month = names.payslipMonth;
    const found = (await list(`?q=${encodeURIComponent(`bulletin de paie ${month}`)}&sort=name`)).body.items;
    const items = found.filter((d: any) => d.name.startsWith(`Bulletin de paie - ${month}`));
    expect(items).toHaveLength(2);
    const res = await server.api.post(
      '/api/ged/documents/download',
      { ids: items.map((d: any) => d.id) },
      { token: demo, company: main },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''Documents_Boulangerie%20P%C3%A2tisserie%20Martin_${today}.zip`,
    );
    const files = unzipSync(new Uint8Array(res.raw));
    expect(Object.keys(files).sort()).toEqual(items.map((d: any) => d.name).sort());
    for (const d of items) {
      const single = await server.api.get(`/api/ged/documents/${d.id}/download`, { token: demo, company: main });
      expect(Buffer.from(files[d.name]).equals(Buffer.from(single.raw))).toBe(true);
      expect(strFromU8(files[d.name].slice(0, 5))).toBe('%PDF-');
    }
  });

  it('refuses an empty or malformed selection (400)', async () => {
    expect(
      (await server.api.post('/api/ged/documents/download', { ids: [] }, { token: demo, company: main })).status,
    ).toBe(400);
    expect(
      (await server.api.post('/api/ged/documents/download', { ids: ['a'] }, { token: demo, company: main })).status,
    ).toBe(400);
  });
});
