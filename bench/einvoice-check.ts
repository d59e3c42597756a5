// Decision 086: the cost of the official verdict on a received e-invoice — checkEInvoice (XSD +
// profile Schematron + EN 16931 + BR-FR, in the reader threads through SaxonJS): ms per file p50/p95
// (the first file of each thread loads its SEFs, measured apart), and the threads' memory. On the
// repository's two fixtures, each repeated, and on every e-invoice of ../shared/corpora when present.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureEInvoiceSefs } from '../scripts/einvoice-sef.mjs';
import { checkEInvoice } from '../server/src/modules/received-invoices/official-check';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const CORPUS = resolve(ROOT, '../shared/corpora');

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (n: number) => `${Math.round(n)} ms`;

function corpusFiles(): string[] {
  if (!existsSync(CORPUS)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }))
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (/\.(xml|pdf)$/i.test(e.name)) out.push(join(dir, e.name));
  };
  for (const top of ['facturx', 'cii', 'ubl']) walk(join(CORPUS, top));
  return out;
}

export async function benchEInvoiceCheck(): Promise<Record<string, string>> {
  await ensureEInvoiceSefs();
  const fixtures = ['cii-conforme.xml', 'ubl-conforme.xml'].map((f) =>
    readFileSync(join(ROOT, 'src/einvoice/fixtures', f)),
  );
  // Warm-up: each thread of the pool loads the SEFs it needs on its first files.
  const started = performance.now();
  await Promise.all([checkEInvoice(fixtures[0], 'a.xml'), checkEInvoice(fixtures[1], 'b.xml')]);
  const warm = performance.now() - started;
  const times: Record<string, number[]> = { cii: [], ubl: [], corpus: [] };
  for (let i = 0; i < 20; i++)
    for (const [k, bytes] of [
      ['cii', fixtures[0]],
      ['ubl', fixtures[1]],
    ] as const) {
      const t = performance.now();
      await checkEInvoice(bytes, `${k}-${i}.xml`);
      times[k].push(performance.now() - t);
    }
  const verdicts: Record<string, number> = {};
  for (const path of corpusFiles()) {
    const t = performance.now();
    const r = await checkEInvoice(new Uint8Array(readFileSync(path)), path.split('/').pop()!);
    times.corpus.push(performance.now() - t);
    verdicts[r.verdict] = (verdicts[r.verdict] ?? 0) + 1;
  }
  const figures: Record<string, string> = {
    'premiers fichiers (chargement des SEF, 2 fils)': ms(warm),
  };
  for (const [k, v] of Object.entries(times)) {
    if (!v.length) continue;
    const s = [...v].sort((a, b) => a - b);
    figures[`${k} : fichiers`] = String(v.length);
    figures[`${k} : p50`] = ms(pct(s, 50));
    figures[`${k} : p95`] = ms(pct(s, 95));
  }
  if (times.corpus.length)
    figures['corpus : verdicts'] = Object.entries(verdicts)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
  figures['mémoire du processus (RSS, fils compris)'] = `${Math.round(process.memoryUsage().rss / 1024 / 1024)} Mo`;
  return figures;
}
