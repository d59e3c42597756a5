import { beforeAll, describe, expect, it } from 'vitest';
import { invoicePayload, MARTIN, quotePayload } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Lost updates (decision 010): a draft carries a version; a save names the version it started
// from, and a save from an older version is refused with a French 409 instead of overwriting.

const ctx = useTestServer();
let martin: number;
beforeAll(() => void (martin = ctx.company(MARTIN)));

const opts = () => ({ token: ctx.demo, company: martin });
const STALE =
  'Ce brouillon a été modifié ailleurs (dans un autre onglet ou sur un autre appareil) depuis que vous l’avez ouvert : rechargez-le pour voir ces modifications, ou écrasez-les avec votre version.';

const kinds = [
  { name: 'invoice', path: '/api/invoices', payload: (o = {}) => invoicePayload(ctx.server, o) },
  { name: 'quote', path: '/api/estimates', payload: (o = {}) => quotePayload(ctx.server, o) },
];

describe.each(kinds)('draft versions ($name)', ({ path, payload }) => {
  it('starts at 1, returns it in reads, and bumps it on every save', async () => {
    const created = await ctx.server.api.post(path, payload({ designation: 'v1' }), opts());
    expect(created.status).toBe(201);
    expect(created.body.version).toBe(1);
    expect((await ctx.server.api.get(`${path}/${created.body.id}`, opts())).body.version).toBe(1);
    const saved = await ctx.server.api.put(
      `${path}/${created.body.id}`,
      payload({ designation: 'v2', version: 1 } as object),
      opts(),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ designation: 'v2', version: 2 });
  });

  it('refuses a save from a stale version (second tab) with 409 and keeps the first save', async () => {
    const { body: doc } = await ctx.server.api.post(path, payload({ designation: 'origine' }), opts());
    const tabA = await ctx.server.api.put(
      `${path}/${doc.id}`,
      payload({ designation: 'onglet A', version: doc.version } as object),
      opts(),
    );
    expect(tabA.status).toBe(200);
    const tabB = await ctx.server.api.put(
      `${path}/${doc.id}`,
      payload({ designation: 'onglet B', version: doc.version } as object),
      opts(),
    );
    expect(tabB.status).toBe(409);
    expect(tabB.body).toEqual({ message: STALE, field: 'version' });
    expect((await ctx.server.api.get(`${path}/${doc.id}`, opts())).body).toMatchObject({
      designation: 'onglet A',
      version: 2,
    });
    // Overwriting knowingly: the same content sent with the server's current version.
    const overwrite = await ctx.server.api.put(
      `${path}/${doc.id}`,
      payload({ designation: 'onglet B', version: 2 } as object),
      opts(),
    );
    expect(overwrite.body).toMatchObject({ designation: 'onglet B', version: 3 });
  });

  it('lets exactly one of two simultaneous saves from the same version win (atomic check)', async () => {
    const { body: doc } = await ctx.server.api.post(path, payload(), opts());
    const answers = await Promise.all(
      ['X', 'Y', 'Z'].map((d) =>
        ctx.server.api.put(`${path}/${doc.id}`, payload({ designation: d, version: doc.version } as object), opts()),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.designation;
    expect((await ctx.server.api.get(`${path}/${doc.id}`, opts())).body).toMatchObject({
      designation: winner,
      version: 2,
    });
  });

  it('a save without a version (scripts) still works, and a bad version is a 400', async () => {
    const { body: doc } = await ctx.server.api.post(path, payload(), opts());
    expect(
      (await ctx.server.api.put(`${path}/${doc.id}`, payload({ designation: 'sans version' }), opts())).body.version,
    ).toBe(2);
    expect((await ctx.server.api.put(`${path}/${doc.id}`, payload({ version: 'deux' } as object), opts())).status).toBe(
      400,
    );
  });
});
