// Figures for decision 040: « Gérer mes utilisateurs » for a company of about 2 000 users
// (inserted in bulk, not through HTTP): p95 of the list's first page, of a deep page and of a
// search, then of one creation (user, membership, audit row, invitation link and mail) over HTTP.
// ADMIN_BENCH_USERS sizes the company.
import { performance } from 'node:perf_hooks';
import { memberships, users } from '../server/src/db/schema/index';
import { clientRights } from '../server/src/seed/rights';
import { startTestServer } from '../tests/support/test-server';
import { latency } from './latency';

const USERS = Number(process.env.ADMIN_BENCH_USERS ?? 2_000);
const RUNS = 30;
const CREATES = 20;

async function timed(runs: number, call: (i: number) => Promise<Response>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await call(i);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`réponse ${res.status}`);
    times.push(performance.now() - t);
  }
  return times;
}

export async function benchAdmin(): Promise<Record<string, string>> {
  const server = await startTestServer();
  try {
    const db = server.deps.db;
    const company = server.seed!.companies.find((c) => c.label === 'Garage Dupont & Fils')!.id;
    const appRights = clientRights({ invoicing: true });
    for (let start = 0; start < USERS; start += 500) {
      const batch = Array.from({ length: Math.min(500, USERS - start) }, (_, i) => ({
        username: `salarie.${start + i}`,
        name: `Nom${start + i}`,
        firstName: 'Prénom',
        email: `salarie.${start + i}@garage-dupont.fr`,
        passwordHash: '',
        lastCompanyId: company,
      }));
      const rows = await db.insert(users).values(batch).returning({ id: users.id });
      await db
        .insert(memberships)
        .values(
          rows.map((r) => ({ userId: r.id, companyId: company, appRights, categories: [], categoriesInbox: [] })),
        );
    }
    const { token, profile } = await server.api.login('admin');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const list = (query: string) => () =>
      fetch(`${server.url}/api/me/admin/my-users/user/${profile.id}/company/${company}${query}`, { headers });
    const firstPage = await timed(RUNS, list('?page=1&pageSize=50'));
    const deepPage = await timed(RUNS, list('?page=30&pageSize=50'));
    const search = await timed(RUNS, list('?q=Nom19'));
    const create = await timed(CREATES, (i) =>
      fetch(`${server.url}/api/me/admin/my-users`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: 'Mesure',
          firstName: 'Création',
          username: `creation.${i}`,
          email: `creation.${i}@garage-dupont.fr`,
          companies: [
            { companyId: company, appRights: appRights.slice(0, 2), categories: [11], categoriesInbox: [30] },
          ],
        }),
      }),
    );
    return {
      'Utilisateurs dans la société': USERS.toLocaleString('fr-FR'),
      'Liste, première page (50)': latency(firstPage),
      'Liste, page 30': latency(deepPage),
      'Liste, recherche « Nom19 »': latency(search),
      'Création d’un utilisateur (avec courriel)': latency(create),
    };
  } finally {
    await server.close();
  }
}
