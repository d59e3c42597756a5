import { launchBrowser, newContext, signIn } from '../tests/e2e/support/browser';
import { startTestServer } from '../tests/support/test-server';
import { seed } from './env-sync';
import { waitForDatasets } from './offline-support';
const server = await startTestServer({ staticDir: 'dist-envsync' });
const browser = await launchBrowser();
try {
  const company = server.seed!.companies[0]!.id;
  await seed(server, company);
  const { token } = await server.api.login('demo');
  const totals = await Promise.all(['customers', 'items'].map(async (p) => (await server.api.get(`/api/${p}?page=1&pageSize=1`, { token, company })).body.total as number));
  const expected = { customers: totals[0]!, articles: totals[1]!, environment: 1 };
  const context = await newContext(browser, { serviceWorkers: 'block' });
  const page = await context.newPage();
  let bytes = 0, requests = 0, counting = false;
  page.on('response', async (r) => {
    const u = new URL(r.url());
    if (counting && u.pathname.startsWith('/api/')) { const t = r.request().timing(); console.log('  any', u.pathname, Math.round(t.startTime - globalThis.__t0), Math.round(t.responseEnd)); }
    if (!counting || !/^\/api\/(environment|sync)\//.test(u.pathname)) return;
    requests++; bytes += Number((await r.allHeaders())['content-length'] ?? 0);
    const t = r.request().timing(); console.log('  ', u.pathname, 'start→end', Math.round(t.responseEnd), 'ms');
  });
  const s0 = Date.now();
  await signIn(page, server.url, 'demo');
  const pc0 = await page.evaluate(() => Date.now());
  const firstDone = await waitForDatasets(page, expected, 0, 300_000);
  console.log('first sync after sign-in (page clock)', firstDone - pc0, 'ms; wall since sign-in start', Date.now() - s0);
  const times: number[] = [];
  const sizes: string[] = [];
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 1500));
    bytes = 0; requests = 0; counting = true;
    const t0 = await page.evaluate(() => Date.now()); (globalThis as any).__t0 = Date.now();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const t1 = await waitForDatasets(page, expected, t0 + 1, 60_000);
    await new Promise((r) => setTimeout(r, 300));
    counting = false;
    times.push(t1 - t0); sizes.push(`${bytes}B/${requests}req`);
  }
  console.log('next syncs (ms):', times.join(', '), 'median', [...times].sort((a, b) => a - b)[1]);
  console.log('bytes:', sizes.join(', '));
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
