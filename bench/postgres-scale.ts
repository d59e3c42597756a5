// Decision 036: the server on PostgreSQL with 1 000 companies and 1 million invoices.
// A throwaway cluster (tests/support/pg-cluster.ts), the demo data, then 1 000 companies copied from
// a demo company, each with 1 000 validated invoices copied from a demo invoice (one INSERT … SELECT
// per table), the first with 100 000 more. Then: first page and search p95 (one client), the last
// page of the big one by offset and by keyset cursor, validate p95, and the list endpoints'
// throughput with 50 clients on one instance and on three (each its own process, clients spread
// round robin as a balancer would).
// Reproduce: `npm run bench -- postgres-scale`, or alone `npx tsx bench/postgres-scale.ts`
// (SCALE_COMPANIES=1000 SCALE_INVOICES=1000 SCALE_DEEP=100000 SCALE_SECONDS=10).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { readConfig } from '../server/src/env';
import { startServer } from '../server/src/server';
import { seedDemo } from '../server/src/seed/demo';
import { adminQuery, startPgCluster } from '../tests/support/pg-cluster';
import { apiClient } from '../tests/support/test-server';
import { percentile, runLoad, type Target } from './list-load';

const HERE = dirname(fileURLToPath(import.meta.url));
const COMPANIES = Number(process.env.SCALE_COMPANIES ?? 1000);
const INVOICES = Number(process.env.SCALE_INVOICES ?? 1000);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 10);
const DEEP = Number(process.env.SCALE_DEEP ?? 100_000);
const CLIENTS = 50;

const ms = (n: number) => `${n.toFixed(1).replace('.', ',')} ms`;

/** Column names of a table but `skip`, quoted, for INSERT … SELECT copies. */
async function columns(db: pg.Client, table: string, skip: string[]): Promise<string[]> {
  const r = await db.query(
    `select column_name from information_schema.columns where table_name = $1 and table_schema = 'public' order by ordinal_position`,
    [table],
  );
  return r.rows.map((row: { column_name: string }) => row.column_name).filter((c) => !skip.includes(c));
}

/** Copies a demo company (with demo's membership and one customer) COMPANIES times, and a validated invoice INVOICES times into each. */
async function fill(url: string, demoUserId: number, templateCompany: number): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const q = (c: string[]) => c.map((x) => `"${x}"`).join(', ');
    const companyCols = await columns(db, 'companies', ['id', 'label']);
    await db.query(`create temporary table new_companies (id int)`);
    await db.query(
      `with made as (
         insert into companies (label, ${q(companyCols)})
         select 'Société ' || g || ' SARL', ${q(companyCols)} from companies, generate_series(1, $1) g where id = $2
         returning id)
       insert into new_companies select id from made`,
      [COMPANIES, templateCompany],
    );
    const memberCols = await columns(db, 'memberships', ['company_id']);
    await db.query(
      `insert into memberships (company_id, ${q(memberCols)})
       select n.id, ${q(memberCols)} from memberships m, new_companies n where m.company_id = $1 and m.user_id = $2`,
      [templateCompany, demoUserId],
    );
    const customerCols = await columns(db, 'customers', ['id', 'company_id', 'sync_xid']);
    await db.query(
      `insert into customers (company_id, ${q(customerCols)})
       select n.id, ${q(customerCols)} from new_companies n,
         (select * from customers where company_id = $1 order by id limit 1) c`,
      [templateCompany],
    );
    const [template] = (
      await db.query(
        `select id from invoices where company_id = $1 and validated and type = 'Facture' order by id limit 1`,
        [templateCompany],
      )
    ).rows;
    const invoiceCols = await columns(db, 'invoices', [
      'id',
      'company_id',
      'customer_id',
      'number',
      'number_year',
      'number_seq',
      'search_text',
      'designation',
    ]);
    await db.query(
      `insert into invoices (company_id, customer_id, number, number_year, number_seq, designation, search_text, ${q(invoiceCols)})
       select n.id, c.id, 'F2026-' || lpad(g::text, 6, '0'), 2026, g, 'Prestation ' || g,
              'f2026-' || lpad(g::text, 6, '0') || ' prestation ' || g || ' ' || c.social_reason, ${q(invoiceCols.map((x) => `t.${x}`)).replace(/"t\.([^"]+)"/g, 't."$1"')}
       from new_companies n join customers c on c.company_id = n.id,
            (select * from invoices where id = $1) t, generate_series(1, $2) g`,
      [template.id, INVOICES],
    );
    // One firm's big client: DEEP more invoices in the first copy, for the deep pages.
    await db.query(
      `insert into invoices (company_id, customer_id, number, number_year, number_seq, designation, search_text, ${q(invoiceCols)})
       select n.id, c.id, 'F2025-' || lpad(g::text, 6, '0'), 2025, g, 'Prestation ' || g,
              'f2025-' || lpad(g::text, 6, '0') || ' prestation ' || g || ' ' || c.social_reason, ${q(invoiceCols.map((x) => `t.${x}`)).replace(/"t\.([^"]+)"/g, 't."$1"')}
       from (select min(id) as id from new_companies) n join customers c on c.company_id = n.id,
            (select * from invoices where id = $1) t, generate_series(1, $2) g`,
      [template.id, DEEP],
    );
    await db.query('vacuum analyze');
  } finally {
    await db.end();
  }
}

async function startInstance(url: string, dataDir: string): Promise<{ target: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'postgres-scale-server.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_POOL_MAX: '20',
    },
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`l’instance s’est arrêtée (code ${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    target: (JSON.parse(line) as { url: string }).url,
    stop: async () => {
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function p95Of(times: number[]): Promise<string> {
  const sorted = [...times].sort((a, b) => a - b);
  return `médiane ${ms(percentile(sorted, 50))} · p95 ${ms(percentile(sorted, 95))}`;
}

export async function benchPostgresScale(): Promise<Record<string, string>> {
  const cluster = await startPgCluster();
  const dataDir = mkdtempSync(join(tmpdir(), 'workplace-scale-'));
  const stops: Array<() => Promise<void>> = [];
  try {
    await adminQuery(cluster, 'create database scale');
    const url = cluster.url('scale');
    const t0 = performance.now();
    let demoUserId = 0;
    let templateCompany = 0;
    const seeding = await startServer(
      readConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: url }),
      {
        prepare: async (deps) => {
          const seed = await seedDemo(deps);
          demoUserId = seed.demoUserId;
          templateCompany = seed.companies[0]!.id;
        },
      },
    );
    await seeding.close();
    await fill(url, demoUserId, templateCompany);
    const filled = ((performance.now() - t0) / 1000).toFixed(0);

    const one = await startInstance(url, dataDir);
    stops.push(one.stop);
    const api = apiClient(one.target);
    const { token } = await api.login('demo');
    const companyRow = await (async () => {
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        const byLabel = async (label: string) =>
          (await db.query('select id from companies where label = $1', [label])).rows[0] as { id: number };
        return {
          ...(await byLabel(`Société ${Math.ceil(COMPANIES / 2)} SARL`)),
          big: (await byLabel('Société 1 SARL')).id,
        };
      } finally {
        await db.end();
      }
    })();
    const company = companyRow.id;
    const as = { token, company };

    const timed = async (n: number, call: (i: number) => Promise<{ status: number }>) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const s = performance.now();
        const res = await call(i);
        if (res.status !== 200) throw new Error(`réponse ${res.status}`);
        times.push(performance.now() - s);
      }
      return times;
    };
    await timed(20, () => api.get('/api/factures?page=1&pageSize=50', as)); // warm-up
    const firstPage = await timed(200, () => api.get('/api/factures?page=1&pageSize=50', as));
    const search = await timed(200, (i) =>
      api.get(`/api/factures?page=1&pageSize=50&q=prestation%20${1 + ((i * 37) % INVOICES)}`, as),
    );
    // The big client: its last page by offset, then the same page after the cursor of the one before.
    const big = { token, company: companyRow.big };
    const lastPage = Math.floor((INVOICES + DEEP) / 50);
    const beforeLast = await api.get(`/api/factures?page=${lastPage - 1}&pageSize=50`, big);
    const deepOffset = await timed(20, () => api.get(`/api/factures?page=${lastPage}&pageSize=50`, big));
    const deepKeyset = await timed(50, () => api.get(`/api/factures?pageSize=50&after=${beforeLast.body.next}`, big));
    const keysetPage = (await api.get(`/api/factures?pageSize=50&after=${beforeLast.body.next}`, big)).body.items;
    const offsetPage = (await api.get(`/api/factures?page=${lastPage}&pageSize=50`, big)).body.items;
    if (JSON.stringify(keysetPage) !== JSON.stringify(offsetPage)) throw new Error('les deux lectures diffèrent');

    // Validate: drafts copied from the first invoice of the company, validated one after the other.
    const first = (await api.get('/api/factures?page=1&pageSize=1', as)).body.items[0];
    const full = (await api.get(`/api/invoices/${first.id}`, as)).body;
    const drafts: number[] = [];
    const today = new Date().toISOString().slice(0, 10);
    for (let i = 0; i < 60; i++) {
      const res = await api.post(
        '/api/invoices',
        { ...full, id: undefined, validated: undefined, number: undefined, createdAt: today, dueDate: today },
        as,
      );
      if (res.status !== 201) throw new Error(`brouillon : ${res.status} ${JSON.stringify(res.body)}`);
      drafts.push(res.body.id);
    }
    const validate = await timed(60, (i) => api.put(`/api/invoices/${drafts[i]}/validate`, {}, as));

    const targetOf = (u: string): Target => ({ url: u, token, company });
    await runLoad(targetOf(one.target), 2, CLIENTS);
    const single = await runLoad(targetOf(one.target), SECONDS, CLIENTS);
    const others = await Promise.all([startInstance(url, dataDir), startInstance(url, dataDir)]);
    stops.push(...others.map((o) => o.stop));
    const three = [one.target, ...others.map((o) => o.target)].map(targetOf);
    await runLoad(three, 2, CLIENTS);
    const triple = await runLoad(three, SECONDS, CLIENTS);
    const load = (r: typeof single) =>
      `${Math.round(r.perSecond).toLocaleString('fr-FR')} requêtes/s · p95 ${ms(r.p95)} (${r.errors} en erreur)`;
    return {
      Commande: 'npm run bench -- postgres-scale (seule : npx tsx bench/postgres-scale.ts)',
      Données: `${COMPANIES.toLocaleString('fr-FR')} sociétés × ${INVOICES.toLocaleString('fr-FR')} factures validées = ${(COMPANIES * INVOICES).toLocaleString('fr-FR')} factures, plus la démonstration ; PostgreSQL jetable (fsync), préparé en ${filled} s`,
      'Liste, première page (50), un client': await p95Of(firstPage),
      'Recherche dans la liste, un client': await p95Of(search),
      [`Page ${lastPage} de 50 d’une société à ${(INVOICES + DEEP).toLocaleString('fr-FR')} factures, par décalage (?page=)`]:
        await p95Of(deepOffset),
      [`La même page après le curseur de la précédente (?after=)`]: await p95Of(deepKeyset),
      'Validation (PDF compris), une à la fois': await p95Of(validate),
      [`Listes, ${CLIENTS} clients, une instance`]: load(single),
      [`Listes, ${CLIENTS} clients, trois instances (tourniquet)`]: `${load(triple)} — ×${(triple.perSecond / single.perSecond).toFixed(2).replace('.', ',')}`,
      Objectifs: 'liste et recherche p95 < 50 ms ; validation p95 < 150 ms ; trois instances ≥ 2,5 × une',
      Machine: 'les trois instances, PostgreSQL et les 50 clients partagent les 2 cœurs de la machine',
    };
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run alone: npx tsx bench/postgres-scale.ts
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchPostgresScale();
  for (const [k, v] of Object.entries(figures)) console.log(`${k} : ${v}`);
  process.exit(0);
}
