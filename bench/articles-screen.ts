// The article catalogue SCREEN with 10 000 articles, in Chromium (moved from the e2e suite,
// decision 018: it measures, it does not test a behaviour). 10 000 articles are inserted into the test
// server's database; the built app is opened signed in (session injected); inside the page it
// times the first display, a search, and the frames of a wheel-like scroll. Its former test
// assertions are checks here: the figures are printed, and the section fails (ÉCHEC) if one is
// not met. BENCH_DIST or E2E_DIST reuse a build; otherwise the bench builds into a temporary folder.
import type { Browser } from 'playwright-core';
import { newArticle } from '../src/domain/articles';
import { items } from '../server/src/db/schema/index';
import { articleValues } from '../server/src/modules/catalogue/article-service';
import { startTestServer, type TestServer } from '../tests/support/test-server';
import { builtApp, checkedFigures, consoleErrors, launchChromium, signedInContext } from './support/screen-bench';

const ARTICLES = 10_000;
const fr = (n: number, digits = 0) =>
  n.toLocaleString('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function insertArticles(server: TestServer): Promise<void> {
  const company = server.seed!.companies.find((c) => c.label === 'Boulangerie Pâtisserie Martin')!.id;
  const rows = Array.from({ length: ARTICLES }, (_, i) =>
    articleValues(company, {
      ...newArticle(),
      code: `M${String(i).padStart(5, '0')}`,
      designation: `Article de masse ${i}`,
      label: `Libellé ${i}`,
      unitPriceHT: 10,
      vatRate: 20,
      ttc: 12,
    }),
  );
  for (let i = 0; i < rows.length; i += 1000) await server.deps.db.insert(items).values(rows.slice(i, i + 1000));
}

async function measure(server: TestServer, browser: Browser) {
  const { context } = await signedInContext(server, browser);
  const page = await context.newPage();
  const errors = consoleErrors(page);
  const t0 = Date.now();
  await page.goto(`${server.url}/mes-factures/mes-articles`);
  await page.getByText(/^10\s0\d\d articles$/).waitFor({ timeout: 60_000 });
  const loadMs = Date.now() - t0;
  const rowsInDom = await page.getByRole('row').count();

  const searchMs = await page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
    const start = performance.now();
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, 'masse 9999');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    while (!document.body.innerText.includes('1 article sur')) await new Promise((r) => requestAnimationFrame(r));
    return performance.now() - start;
  });
  await page.getByLabel('Rechercher un article').fill('');
  await page.getByText(/^10\s0\d\d articles$/).waitFor();

  // Wheel-like scrolling, 120 px per frame, then a jump to the end; record the frame times.
  const frames = await page.evaluate(async () => {
    const durations: number[] = [];
    let last = performance.now();
    for (let i = 1; i <= 120; i++) {
      window.scrollBy(0, 120);
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      durations.push(now - last);
      last = now;
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    durations.sort((a, b) => a - b);
    return { median: durations[60], p95: durations[114] };
  });
  await page.getByRole('cell', { name: 'M09999' }).waitFor();
  await context.close();
  return { loadMs, rowsInDom, searchMs, frames, errors };
}

export async function benchArticlesScreen(): Promise<Record<string, string>> {
  const app = await builtApp('articles');
  let server: TestServer | null = null;
  let browser: Browser | null = null;
  try {
    server = await startTestServer({ staticDir: app.staticDir });
    await insertArticles(server);
    browser = await launchChromium();
    const r = await measure(server, browser);
    // The former e2e assertions; 16,7 ms is one frame at 60 Hz, 100 ms is generous on a shared machine.
    const checks: Array<[string, boolean]> = [
      ['lignes dans le DOM < 60', r.rowsInDom < 60],
      ['recherche < 500 ms', r.searchMs < 500],
      ['médiane des images < 100 ms', r.frames.median < 100],
      [`aucune erreur dans la console (${r.errors.length})`, r.errors.length === 0],
    ];
    const figures: Record<string, string> = {
      'Articles de la société': fr(ARTICLES),
      'Ouverture → « 10 0xx articles » affiché': `${fr(r.loadMs)} ms`,
      'Lignes rendues (liste virtualisée)': fr(r.rowsInDom),
      'Recherche « masse 9999 » → 1 résultat à l’écran': `${fr(r.searchMs)} ms`,
      'Durée des images pendant le défilement (120 px par image)': `médiane ${fr(r.frames.median, 1)} ms · p95 ${fr(r.frames.p95, 1)} ms`,
    };
    return checkedFigures(figures, checks, r.errors);
  } finally {
    await browser?.close();
    await server?.close();
    app.remove();
  }
}
