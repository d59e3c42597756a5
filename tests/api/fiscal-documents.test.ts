import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships } from '../../server/src/db/schema/index';
import { demoFileNames } from '../support/demo-names';
import { MARTIN } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// /fiscadas/{id} (decision 045): GET /api/ged/fiscal/{id} gives a fiscal document of the
// company (Bilan and liasse fiscale, Déclaration de TVA, « Fiscal » deposits) under the documents'
// read rules; an unknown id, another company's document and a non-fiscal one answer the same 404.

const ctx = useTestServer();
const GARAGE = 'Garage Dupont & Fils';

async function findId(company: number, q: string): Promise<number> {
  const res = await ctx.server.api.get(`/api/my-documents?q=${encodeURIComponent(q)}`, { token: ctx.demo, company });
  expect(res.body.items.length, q).toBeGreaterThan(0);
  return res.body.items[0].id;
}
const fiscal = (id: number | string, company = ctx.company(MARTIN)) =>
  ctx.server.api.get(`/api/ged/fiscal/${id}`, { token: ctx.demo, company });

describe('GET /api/ged/fiscal/{id}', () => {
  it('opens a fiscal document of the company, whose bytes are the documents’ view', async () => {
    const martin = ctx.company(MARTIN);
    const names = demoFileNames();
    const id = await findId(martin, names.taxReturn.replace('.pdf', ''));
    const res = await fiscal(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      name: names.taxReturn,
      categoryId: 18,
      mimeType: 'application/pdf',
    });
    const vat = await fiscal(await findId(martin, names.vatReturns[0].replace('.pdf', '')));
    expect(vat.body.categoryPath).toBe('Comptabilité › Déclaration de TVA');
    const view = await ctx.server.api.get(`/api/ged/documents/${id}/view`, { token: ctx.demo, company: martin });
    expect(view.status).toBe(200);
    expect(new TextDecoder().decode(view.raw.slice(0, 5))).toBe('%PDF-');
  });

  it('an unknown id, a non-fiscal document or another company’s: the same 404', async () => {
    const martin = ctx.company(MARTIN);
    const names = demoFileNames();
    const payslip = await findId(martin, `bulletin de paie ${names.payslipMonth} marie`);
    const foreign = await findId(ctx.company(GARAGE), names.balanceSheet.replace('.pdf', ''));
    for (const id of [999_999, payslip, foreign, 'abc', 0]) {
      const res = await fiscal(id);
      expect(res.status, String(id)).toBe(404);
      expect(res.body.message).toBe('Document fiscal introuvable.');
    }
    // The same Garage document in its own company is a fiscal document.
    expect((await fiscal(foreign, ctx.company(GARAGE))).status).toBe(200);
  });

  it('follows the documents’ rights: without view on « Mes documents », 403', async () => {
    const martin = ctx.company(MARTIN);
    const names = demoFileNames();
    const id = await findId(martin, names.taxReturn.replace('.pdf', ''));
    const where = and(eq(memberships.userId, ctx.server.seed!.demoUserId), eq(memberships.companyId, martin));
    const [row] = await ctx.server.deps.db.select().from(memberships).where(where);
    await ctx.server.deps.db
      .update(memberships)
      .set({ appRights: row!.appRights.filter((r) => r.label !== 'mesDocuments') })
      .where(where);
    try {
      expect((await fiscal(id)).status).toBe(403);
    } finally {
      await ctx.server.deps.db.update(memberships).set({ appRights: row!.appRights }).where(where);
    }
  });
});
