// Figures for decision 043: « Mon compte » of a client company whose firm issued it about
// 600 invoices (50 years of monthly fees, inserted in bulk, not through HTTP), each paid by
// transfer: p95 of the statement (default period and whole history), of the invoice list and of
// the CSV export. MY_ACCOUNT_BENCH_INVOICES sizes the account.
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { companies, firmAccounts, invoicePayments, invoices } from '../server/src/db/schema/index';
import { FIRM_LABEL } from '../server/src/seed/my-account';
import { addDays, todayInParis } from '../src/domain/dates';
import { startTestServer } from '../tests/support/test-server';
import { latency } from './latency';

const INVOICES = Number(process.env.MY_ACCOUNT_BENCH_INVOICES ?? 600);
const RUNS = 30;

async function timed(runs: number, call: () => Promise<Response>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`réponse ${res.status}`);
    times.push(performance.now() - t);
  }
  return times;
}

export async function benchMyAccount(): Promise<Record<string, string>> {
  const server = await startTestServer();
  try {
    const db = server.deps.db;
    const client = server.seed!.companies.find((c) => c.label === 'Boulangerie Pâtisserie Martin')!.id;
    const [firm] = await db.select().from(companies).where(eq(companies.label, FIRM_LABEL));
    const [link] = await db.select().from(firmAccounts).where(eq(firmAccounts.clientCompanyId, client));
    const today = todayInParis(new Date());
    for (let start = 0; start < INVOICES; start += 200) {
      const batch = Array.from({ length: Math.min(200, INVOICES - start) }, (_, k) => {
        const date = addDays(today, -30 * (start + k + 13));
        return {
          companyId: firm.id,
          type: 'Facture',
          customerId: link.customerId,
          createdAt: date,
          dueDate: addDays(date, 30),
          ht: '180.00',
          tva: '36.00',
          ttc: '216.00',
          validated: true,
          number: `BENCH-${start + k + 1}`,
          amountPaid: '216.00',
          paidAt: addDays(date, 20),
        };
      });
      const rows = await db.insert(invoices).values(batch).returning({ id: invoices.id, date: invoices.createdAt });
      await db.insert(invoicePayments).values(
        rows.map((r) => ({
          companyId: firm.id,
          invoiceId: r.id,
          paidOn: addDays(r.date as string, 20),
          means: 'virement',
          amount: '216.00',
        })),
      );
    }
    const { token } = await server.api.login('demo');
    const headers = { authorization: `Bearer ${token}`, 'x-company-id': String(client) };
    const get = (path: string) => () => fetch(`${server.url}${path}`, { headers });
    const statement = await timed(RUNS, get('/api/my-account/statement'));
    const history = await timed(RUNS, get('/api/my-account/statement?dateStart=1970-01-01'));
    const list = await timed(RUNS, get('/api/my-account/invoices?pageSize=50'));
    const csv = await timed(RUNS, get('/api/my-account/statement/export?format=csv&dateStart=1970-01-01'));
    return {
      'Factures du cabinet à la société': (INVOICES + 13).toLocaleString('fr-FR'),
      'Extrait de compte, 12 derniers mois': latency(statement),
      'Extrait de compte, tout l’historique': latency(history),
      'Liste des factures, première page (50)': latency(list),
      'Export CSV de tout l’historique': latency(csv),
    };
  } finally {
    await server.close();
  }
}
