import { describe, expect, it } from 'vitest';
import { memberships, users } from '../../server/src/db/schema/index';
import { hashPassword } from '../../server/src/modules/auth/passwords';
import { clientRights } from '../../server/src/seed/rights';
import { descendantIds } from '../../src/domain/document-categories';
import type { AppRight } from '../../src/domain/rights';
import { GARAGE } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Decision 042: the userGedRight permission (on « Mes documents ») is what puts a member
// under the per-user categories of a company that applies them (companies.gedUserRight). With it,
// the member reads their membership's categories only; without it, every category, as in a company
// that does not apply them. Every path to a document follows the same rule (access.ts).

const ctx = useTestServer();
const SOCIAL = 1;

/** A member of the garage who may read Social only, with or without userGedRight on Mes documents. */
async function member(username: string, userGedRight: boolean) {
  const server = ctx.server;
  const company = ctx.company(GARAGE);
  const appRights: AppRight[] = clientRights({ invoicing: true }).map((r) =>
    r.label === 'mesDocuments' && !userGedRight
      ? { ...r, permissions: r.permissions.filter((p) => p !== 'userGedRight') }
      : r,
  );
  const [user] = await server.deps.db
    .insert(users)
    .values({
      username,
      email: `${username}@workplace.example`,
      name: 'Droits',
      firstName: 'Dora',
      userType: 2,
      passwordHash: await hashPassword(username),
      lastCompanyId: company,
    })
    .returning();
  await server.deps.db
    .insert(memberships)
    .values({ userId: user!.id, companyId: company, appRights, categories: [SOCIAL], categoriesInbox: [] });
  return { id: user!.id, token: (await server.api.login(username)).token, company };
}

const documentsOf = async (who: { token: string; company: number }) =>
  (await ctx.server.api.get('/api/my-documents?pageSize=100', who)).body.items as Array<{
    id: number;
    categoryId: number;
  }>;

describe('userGedRight on documents (decision 042)', () => {
  it('with it, a member reads their own categories only; without it, every category of the company', async () => {
    const company = ctx.company(GARAGE);
    const all = await documentsOf({ token: ctx.demo, company });
    const social = new Set(descendantIds(SOCIAL));
    const outside = all.find((d) => !social.has(d.categoryId));
    expect(outside, 'le garage doit avoir un document hors du Social').toBeDefined();

    const restricted = await member('dora-restreinte', true);
    const mine = await documentsOf(restricted);
    expect(mine.every((d) => social.has(d.categoryId))).toBe(true);
    expect(mine.some((d) => d.id === outside!.id)).toBe(false);
    const auth = { token: restricted.token, company };
    expect((await ctx.server.api.get(`/api/ged/documents/${outside!.id}/view`, auth)).status).toBe(404);
    const widget = await ctx.server.api.get(`/api/widgets/ged/last/user/${restricted.id}/company/${company}`, auth);
    expect(widget.body.items.some((d: { id: number }) => d.id === outside!.id)).toBe(false);

    const free = await member('dora-libre', false);
    const theirs = await documentsOf(free);
    expect(theirs.map((d) => d.id).sort()).toEqual(all.map((d) => d.id).sort());
    expect(
      (await ctx.server.api.get(`/api/ged/documents/${outside!.id}/view`, { token: free.token, company })).status,
    ).toBe(200);
  });
});
