// Figures for decision 003: validation (PDF included) and the invoice list with 100 000 invoices of one
// company in the embedded database. bench/run.ts prints them. (The time to render the list
// screen with 10 000 rows in Chromium is measured by the screens' own bench.)
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { todayInParis } from '../src/domain/dates';
import { searchKey } from '../src/domain/search-text';
import { computeTotals } from '../src/domain/totals';
import type { InvoiceLine } from '../src/domain/types';
import { customers, documentCounters } from '../server/src/db/schema/index';
import { invoicePayload } from '../tests/support/invoice-helpers';
import { clearCompanyDocuments } from './support/clear-documents';
import { startTestServer, type TestServer } from '../tests/support/test-server';

const INVOICES = 100_000;
const VALIDATIONS = 50;
const CALLS = 100;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const ms = (n: number) => `${n.toFixed(1).replace('.', ',')} ms`;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `médiane ${ms(percentile(sorted, 50))} · p95 ${ms(percentile(sorted, 95))}`;
};

async function timeCalls(call: () => Promise<unknown>, runs: number, warmup = 5): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  return times;
}

const LINES: InvoiceLine[] = [
  {
    code: 'BOU001',
    type: 'Standard',
    label: 'Baguette tradition',
    quantity: 10,
    unitMeasurement: 'unité',
    unitPrice: 1.3,
    salesAccount: '707000',
    vatRate: 5.5,
    total: 13,
  },
  {
    code: 'BOU011',
    type: 'Standard',
    label: 'Buffet petit-déjeuner',
    quantity: 20,
    unitMeasurement: 'unité',
    unitPrice: 9.5,
    salesAccount: '706000',
    vatRate: 10,
    total: 190,
  },
];

/**
 * 100 000 invoices in one INSERT … SELECT over generate_series: dated from the start of last
 * year to yesterday in number order (one series per year), 2 % drafts; invoices older than 60
 * days are paid but about 1 %, the recent ones are not (a realistic receivables book).
 */
async function bulkInsert(server: TestServer, companyId: number, today: string): Promise<void> {
  const list = await server.deps.db
    .select()
    .from(customers)
    .where(eq(customers.companyId, companyId))
    .orderBy(customers.id);
  const withAddress = list.filter((c) => c.address);
  const values = sql.join(
    withAddress.map(
      (c, k) =>
        sql`(${k}::int, ${c.id}::int, ${c.accountNumber}, ${c.socialReason}, ${c.name ?? ''}, ${searchKey(`${c.accountNumber} ${c.socialReason} ${c.name ?? ''}`)})`,
    ),
    sql`, `,
  );
  const totals = computeTotals(LINES);
  await clearCompanyDocuments(server, companyId);
  const start = `${Number(today.slice(0, 4)) - 1}-01-01`;
  await server.deps.db.execute(sql`
    insert into invoices (company_id, type, designation, customer_id, created_at, due_date, payment_mode, lines, ht, tva, ttc, vat_breakdown,
      validated, number, number_year, number_seq, validated_at, customer_snapshot, paid_at, search_text)
    select ${companyId}, 'Facture', 'Commande ' || d.g, c.id, d.day, d.day + 30, 'Virement', ${JSON.stringify(LINES)}::jsonb,
      ${totals.ht}, ${totals.tva}, ${totals.ttc}, ${JSON.stringify(totals.vatBreakdown)}::jsonb,
      not d.draft,
      case when d.draft then null else 'F' || extract(year from d.day)::int || '-' || lpad(d.seq::text, greatest(4, length(d.seq::text)), '0') end,
      case when d.draft then null else extract(year from d.day)::int end,
      case when d.draft then null else d.seq end,
      case when d.draft then null else d.day::timestamp at time zone 'Europe/Paris' + interval '10 hours' end,
      case when d.draft then null else jsonb_build_object('accountNumber', c.account, 'socialReason', c.social_reason, 'contactName', c.name, 'name', c.social_reason, 'addressLines', '[]'::jsonb) end,
      case when not d.draft and d.day < ${today}::date - 60 and d.g % 97 <> 0 then d.day + 20 else null end,
      'commande ' || d.g || ' ' || c.key || case when d.draft then '' else ' f' || extract(year from d.day)::int || '-' || lpad(d.seq::text, greatest(4, length(d.seq::text)), '0') end
    from (
      select g, day, draft, row_number() over (partition by draft, extract(year from day) order by g) as seq
      from (
        select g, ${start}::date + ((g::bigint * (${today}::date - 1 - ${start}::date)) / ${INVOICES})::int as day, g % 50 = 0 as draft
        from generate_series(1, ${INVOICES}) g
      ) raw
    ) d
    join (values ${values}) as c(k, id, account, social_reason, name, key) on c.k = d.g % ${withAddress.length}
  `);
  // The counters continue the bulk series, so the validations below number F…-next.
  await server.deps.db.execute(sql`
    insert into ${documentCounters} (company_id, series, last)
    select ${companyId}, 'F' || number_year, max(number_seq) from invoices where company_id = ${companyId} and number is not null group by number_year
    on conflict (company_id, series) do update set last = greatest(${documentCounters.last}, excluded.last)
  `);
}

export async function benchInvoices(): Promise<Record<string, string>> {
  const server = await startTestServer();
  try {
    const company = server.seed!.companies[0];
    const today = todayInParis(server.deps.now());
    const t0 = performance.now();
    await bulkInsert(server, company.id, today);
    const insertMs = performance.now() - t0;
    const [{ n }] = (
      await server.deps.db.execute(sql`select count(*)::int as n from invoices where company_id = ${company.id}`)
    ).rows as Array<{ n: number }>;
    const { token } = await server.api.login('demo');
    const opts = { token, company: company.id };
    const firstPagePath = '/api/factures?page=1&pageSize=50';
    // Decision 070: before the server's maintenance turn (every 5 minutes) finds the grown table…
    const unmaintained = await timeCalls(async () => {
      if ((await server.api.get(firstPagePath, opts)).status !== 200) throw new Error(firstPagePath);
    }, 10);
    // …then as the server's timer does it: autovacuum's work, which PGlite does not do by itself.
    const m0 = performance.now();
    const steps = (await server.database?.maintain?.()) ?? [];
    const vacuumed = steps.filter((s) => s.action === 'vacuum').map((s) => s.table);
    const maintained =
      `${ms(performance.now() - m0)} : VACUUM de ${vacuumed.length} tables` +
      `${vacuumed.includes('invoices') ? ' (dont invoices)' : ''}, ANALYZE de ${steps.length - vacuumed.length}`;

    const drafts: number[] = [];
    for (let i = 0; i < VALIDATIONS + 3; i++) {
      const res = await server.api.post('/api/invoices', invoicePayload(server), opts);
      if (res.status !== 201) throw new Error(`brouillon : ${res.status} ${JSON.stringify(res.body)}`);
      drafts.push(res.body.id);
    }
    let next = 0;
    const validate = async () => {
      const res = await server.api.put(`/api/invoices/${drafts[next++]}/validate`, { ledgerId: 1 }, opts);
      if (res.status !== 200) throw new Error(`validation : ${res.status} ${JSON.stringify(res.body)}`);
    };
    const validations = await timeCalls(validate, VALIDATIONS, 3);
    // Decision 046: the validated ones in UBL 2.1, built from their frozen data at each call.
    let ubl = 3;
    const ublExport = await timeCalls(async () => {
      const res = await server.api.get(`/api/invoices/${drafts[ubl++ % drafts.length]}/ubl`, opts);
      if (res.status !== 200) throw new Error(`UBL : ${res.status}`);
    }, VALIDATIONS);

    const list = (path: string) => async () => {
      const res = await server.api.get(path, opts);
      if (res.status !== 200) throw new Error(`${path} : ${res.status}`);
    };
    const firstPage = await timeCalls(list(firstPagePath), CALLS);
    const search = await timeCalls(
      list(`/api/factures?q=${encodeURIComponent('hotel parc')}&page=1&pageSize=50`),
      CALLS,
    );
    // One document among 100 000, by its number: the trigram index's case (decision 070 §5).
    const numbered = `F${today.slice(0, 4)}-0123`;
    const byNumber = await timeCalls(list(`/api/factures?q=${numbered}&page=1&pageSize=50`), CALLS);
    const overdue = await timeCalls(list('/api/factures?state=overdue&page=1&pageSize=50'), CALLS);
    const customer = await timeCalls(
      list('/api/factures?customer=C00002&from=' + `${today.slice(0, 4)}-01-01` + '&validated=true&pageSize=50'),
      CALLS,
    );
    const deep = await timeCalls(list('/api/factures?page=1000&pageSize=50'), CALLS);
    const etat = await timeCalls(list('/api/factures/etat'), CALLS);

    return {
      'Factures en base (une société)': n.toLocaleString('fr-FR'),
      'Insertion en masse (INSERT … SELECT generate_series)': ms(insertMs),
      [`Validation PUT /api/invoices/{id}/validate, Factur-X compris (PDF/A-3 + XML CII) (${VALIDATIONS} brouillons)`]:
        summary(validations),
      [`Export GET /api/invoices/{id}/ubl (${VALIDATIONS} appels)`]: summary(ublExport),
      'GET /api/factures 1re page de 50 avant l’entretien de la base (10 appels)': summary(unmaintained),
      'Entretien de la base embarquée (décision 070)': maintained,
      [`GET /api/factures 1re page de 50 (${CALLS} appels)`]: summary(firstPage),
      [`GET /api/factures recherche « hotel parc » (${CALLS} appels)`]: summary(search),
      [`GET /api/factures recherche d’un numéro « ${numbered} » (${CALLS} appels)`]: summary(byNumber),
      [`GET /api/factures en retard de paiement (${CALLS} appels)`]: summary(overdue),
      [`GET /api/factures client + période + validées (${CALLS} appels)`]: summary(customer),
      [`GET /api/factures page 1 000 (${CALLS} appels)`]: summary(deep),
      [`GET /api/factures/etat tableau de bord (${CALLS} appels)`]: summary(etat),
    };
  } finally {
    await server.close();
  }
}
