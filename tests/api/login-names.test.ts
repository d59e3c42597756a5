import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema/index';
import { payrollSsoToken } from '../../server/src/modules/payroll/service';
import type { AppRight } from '../../src/domain/rights';
import { GARAGE } from '../support/invoice-helpers';
import { verifyPayrollForm } from '../support/payroll-host';
import { useTestServer } from '../support/use-test-server';

// Decision 075: logins accepted look-alikes (`admın` with a dotless i, `аdmin`
// with a Cyrillic а, an invisible U+200B) and `|`, which made the payroll token ambiguous
// (`demo|paie`). Logins are now NFKC-normalised at creation and sign-in, limited to ASCII letters,
// digits and . _ - @ (422 in French otherwise), and the payroll token signs length-prefixed fields.

const ctx = useTestServer({ signIn: ['admin'] });
const api = () => ctx.server.api;

const documentsOnly: AppRight[] = [
  { label: 'profil', permissions: ['view'], children: [] },
  { label: 'mesDocuments', permissions: ['view', 'download'], children: [] },
];
let serial = 0;
const newUser = (username: string) => {
  serial++;
  return {
    name: 'Durand',
    firstName: 'Paul',
    username,
    email: `paul.durand.${serial}@garage-dupont.fr`,
    companies: [{ companyId: ctx.company(GARAGE), appRights: documentsOnly, categories: [11], categoriesInbox: [30] }],
  };
};
const create = (username: string) => api().post('/api/me/admin/my-users', newUser(username), { token: ctx.admin });
const userCount = async () => (await ctx.server.deps.db.select({ n: count() }).from(users))[0]!.n;

describe('login names', () => {
  it('refuses look-alikes, invisible characters and « | » at creation: 422 in French naming the character, nothing stored', async () => {
    const before = await userCount();
    for (const [login, shown] of [
      ['admın', '« ı » (U+0131)'],
      ['\u0430dmin', '« а » (U+0430)'],
      ['ad\u200bmin', 'U+200B (invisible)'],
      ['demo|paie', '« | » (U+007C)'],
      ['zoé.martin', '« é » (U+00E9)'],
    ]) {
      const res = await create(login);
      expect(res.status, login).toBe(422);
      expect(res.body.field).toBe('username');
      expect(res.body.message).toBe(
        `L’identifiant ne peut contenir que des lettres sans accent (a à z), des chiffres et les signes . _ - @ : le caractère ${shown} n’est pas accepté.`,
      );
      expect(res.body.errors).toEqual([res.body.message]);
    }
    expect(await userCount()).toBe(before);
  });

  it('stores the NFKC form (full-width letters become ASCII) and finds it taken whatever the form', async () => {
    const res = await create('ｐａｕｌ.ｆｕｌｌ');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.username).toBe('paul.full');
    const [row] = await ctx.server.deps.db
      .select({ username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = 'paul.full'`);
    expect(row!.username).toBe('paul.full');
    const again = await create('paul.ｆｕｌｌ');
    expect(again.status).toBe(409);
  });

  it('signs in with the NFKC form of the login', async () => {
    expect((await api().post('/api/login', { username: 'ａｄｍｉｎ', password: 'admin' })).status).toBe(200);
    // A look-alike is another login, which no account may have: the usual refusal.
    expect((await api().post('/api/login', { username: 'admın', password: 'admin' })).status).toBe(401);
  });
});

describe('the payroll token', () => {
  const secret = 'secret-de-test-du-service-de-paie-0123456789';
  it('is not the same for « demo|paie » in scope « x » and « demo » in scope « paie|x »', () => {
    const time = 1_800_000_000;
    expect(payrollSsoToken(secret, 'demo|paie', 'x', time)).not.toBe(payrollSsoToken(secret, 'demo', 'paie|x', time));
    expect(payrollSsoToken(secret, 'demo', 'paie', 12)).not.toBe(payrollSsoToken(secret, 'demo', 'paie1', 2));
  });

  it('is what the payroll host checks, field by field', () => {
    const time = 1_800_000_000;
    const token = payrollSsoToken(secret, 'demo', 'paie|x', time);
    const seen = new Set<string>();
    expect(verifyPayrollForm(secret, { user: 'demo', scope: 'paie|x', time: String(time), token }, time, seen)).toBe(
      'ok',
    );
    expect(verifyPayrollForm(secret, { user: 'demo|paie', scope: 'x', time: String(time), token }, time, seen)).toBe(
      'bad signature',
    );
  });
});
