// Figures of the catalogue: the environment and the article list with a 10 000
// article catalogue, and the rulebook's totals on a 1 000-line invoice. bench/run.ts prints them.
import { performance } from 'node:perf_hooks';
import { newArticle, onHtChange, onVatChange } from '../src/domain/articles';
import { computeTotals } from '../src/domain/totals';
import type { InvoiceLine } from '../src/domain/types';
import { items } from '../server/src/db/schema/index';
import { articleValues } from '../server/src/modules/catalogue/article-service';
import { startTestServer } from '../tests/support/test-server';

const ARTICLES = 10_000;
const CALLS = 100;
const TOTALS_RUNS = 200;
const VAT = [20, 10, 5.5, 2.1, 0];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (n: number) => `${n.toFixed(1).replace('.', ',')} ms`;

async function timeCalls(call: () => Promise<unknown>, runs: number): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 5; i++) await call(); // warm-up: JIT and query plans
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

function catalogue(companyId: number) {
  return Array.from({ length: ARTICLES }, (_, i) => {
    const base = {
      ...newArticle(),
      code: `ART${String(i + 1).padStart(5, '0')}`,
      designation: `Article ${i + 1}`,
      label: `Article de démonstration n° ${i + 1} – qualité supérieure`,
      salesAccount: '707000',
      unitMeasurement: { label: 'unité' },
    };
    return articleValues(companyId, onHtChange(onVatChange(base, VAT[i % VAT.length]), 1 + (i % 500) * 0.37));
  });
}

function invoiceLines(count: number): InvoiceLine[] {
  return Array.from({ length: count }, (_, i) => ({
    code: i % 25 === 0 ? 'CC' : `ART${i}`,
    type: i % 25 === 0 ? 'Commentaire' : 'Standard',
    label: `Ligne ${i}`,
    quantity: 1 + (i % 7) * 0.5,
    unitMeasurement: 'unité',
    unitPrice: 3.33 + (i % 100) * 1.01,
    salesAccount: '707000',
    vatRate: VAT[i % VAT.length],
  }));
}

export async function benchCatalogue(): Promise<Record<string, string>> {
  const server = await startTestServer();
  try {
    const company = server.seed!.companies[0];
    const rows = catalogue(company.id);
    for (let i = 0; i < rows.length; i += 1000) await server.deps.db.insert(items).values(rows.slice(i, i + 1000));
    const { token } = await server.api.login('demo');
    // Raw fetch, body read as bytes: the figure is the server's answer, not the client's JSON parse.
    const get = async (path: string) => {
      const res = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${token}`, 'x-company-id': String(company.id) },
      });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} : ${res.status}`);
      return body.byteLength;
    };

    let bytes = 0;
    const env = await timeCalls(async () => {
      bytes = await get('/api/environment/plume');
    }, CALLS);
    const list = await timeCalls(() => get('/api/items?pageSize=50'), CALLS);
    const lines = invoiceLines(1000);
    const totals = await timeCalls(async () => computeTotals(lines), TOTALS_RUNS);

    const articles = `${(ARTICLES + 15).toLocaleString('fr-FR')} articles`;
    return {
      [`GET /api/environment/plume (${articles}) – médiane`]: ms(env.median),
      [`GET /api/environment/plume (${articles}) – p95`]: ms(env.p95),
      'Taille de la réponse environnement': `${(bytes / 1024 / 1024).toFixed(2).replace('.', ',')} Mo`,
      [`GET /api/items?pageSize=50 (${articles}) – médiane`]: ms(list.median),
      [`GET /api/items?pageSize=50 (${articles}) – p95`]: ms(list.p95),
      'computeTotals, facture de 1 000 lignes – médiane (200 essais)': ms(totals.median),
    };
  } finally {
    await server.close();
  }
}
