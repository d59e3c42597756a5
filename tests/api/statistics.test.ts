import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInParis } from '../../src/domain/dates';
import { companies, users } from '../../server/src/db/schema/index';
import { startTestServer, type TestServer } from '../support/test-server';

// RIGHTS-5, NAV-3: statistics are for user type 1 only (can(…, 'statistics'), decision 023). Their
// figures come from the auth module (sign-ins) and the users module (accounts, companies), each
// read through its service.

let server: TestServer;
let admin: string;
let demo: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.api.login('admin')).token;
  demo = (await server.api.login('demo')).token;
});
afterAll(() => server?.close());

describe('statistics (administrators)', () => {
  it('refuses a user who is not of type 1, in French', async () => {
    const res = await server.api.get('/api/statistiques/datedebut/2026-01-01/datefin/2026-12-31', { token: demo });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Les statistiques sont réservées aux administrateurs.');
  });

  it('counts accounts, companies and today’s sign-ins for an administrator', async () => {
    const today = todayInParis(server.deps.now());
    const res = await server.api.get(`/api/statistiques/datedebut/${today}/datefin/${today}`, { token: admin });
    expect(res.status).toBe(200);
    const [{ n: userCount }] = await server.deps.db.select({ n: count() }).from(users);
    const [{ n: companyCount }] = await server.deps.db.select({ n: count() }).from(companies);
    expect(res.body).toMatchObject({ period: { start: today, end: today }, users: userCount, companies: companyCount });
    // The two sign-ins above, by two different users, on this Paris day.
    expect(res.body.signIns).toBeGreaterThanOrEqual(2);
    expect(res.body.activeUsers).toBeGreaterThanOrEqual(2);
    expect(res.body.signInsByDay).toEqual([{ date: today, count: res.body.signIns }]);
  });

  it('shows the demo’s history: working days of the last month, before today, by the users who could sign in', async () => {
    const today = todayInParis(server.deps.now());
    const first = addDays(today, -30);
    const yesterday = addDays(today, -1);
    const res = await server.api.get(`/api/statistiques/datedebut/${first}/datefin/${yesterday}`, { token: admin });
    expect(res.status).toBe(200);
    // The owner, the manager, two employees, and the one disabled 15 days ago, who signed in before.
    expect(res.body.activeUsers).toBe(5);
    expect(res.body.signIns).toBeGreaterThan(40);
    const days: Array<{ date: string; count: number }> = res.body.signInsByDay;
    expect(days.length).toBeGreaterThan(15);
    // Nobody works on Sundays.
    expect(days.filter((d) => new Date(`${d.date}T12:00:00Z`).getUTCDay() === 0)).toEqual([]);
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(res.body.signIns);

    // « Dernière connexion » follows the history: the invited employee has never signed in.
    const { adminUserId, companies: seeded } = server.seed!;
    const conseil = seeded.find((c) => c.label === 'Conseil Audit Rousseau')!;
    const list = await server.api.get(`/api/me/admin/my-users/user/${adminUserId}/company/${conseil.id}`, {
      token: admin,
    });
    const last = Object.fromEntries(
      list.body.items.map((u: { username: string; lastSignInAt: string | null }) => [u.username, u.lastSignInAt]),
    );
    expect(last['hugo.lambert']).toBeNull();
    for (const name of ['claire.fontaine', 'lucas.bernard', 'emma.petit'])
      expect(last[name] && todayInParis(new Date(last[name])) < today, name).toBe(true);
  });

  it('counts a sign-in on its day in Paris: 23:30 UTC on 10 March is the 11th', async () => {
    server.setNow(new Date('2031-03-10T23:30:00Z'));
    try {
      const { token } = await server.api.login('admin');
      const day = async (date: string) =>
        (await server.api.get(`/api/statistiques/datedebut/${date}/datefin/${date}`, { token })).body;
      expect(await day('2031-03-11')).toMatchObject({ signIns: 1, signInsByDay: [{ date: '2031-03-11', count: 1 }] });
      expect(await day('2031-03-10')).toMatchObject({ signIns: 0, signInsByDay: [] });
    } finally {
      server.setNow(null);
    }
  });

  it('keeps the firm’s cross-company deposit history to user type 1', async () => {
    const refused = await server.api.get('/api/my-inbox/history/admin', { token: demo });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Réservé au cabinet (administrateurs).');
    expect((await server.api.get('/api/my-inbox/history/admin', { token: admin })).status).toBe(200);
  });
});
