// `npm run bench` (decision 047): the offline start of the app from the service worker's cache in WebKit
// (Debian's WebKitGTK, Safari's engine, through WebDriver under Xvfb) and in Chromium (playwright-core),
// side by side. After one online visit (signed in, the service worker in control, the company's data
// on the device), the server is made unreachable (a TCP relay refuses its port: navigator.onLine stays
// true, as on a tablet whose Wi-Fi is up) and the app is opened 5 times from a blank page: time from
// the navigation (the document's own clock, performance.now()) until the signed-in home shows
// « Bonjour … », checked every frame. Median of 5 in each browser.
// Run alone: npx tsx bench/webkit-offline.ts (BENCH_DIST, else E2E_DIST, else dist; built if missing).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { launchBrowser, newContext, sessionFor } from '../tests/e2e/support/browser';
import { startTestServer, type TestServer } from '../tests/support/test-server';
import { startWebKitDriver } from '../tests/webkit/support/launch';
import { startRelay, type Relay } from '../tests/webkit/support/unreachable';
import {
  CACHES_STORED,
  controlled,
  injectSession,
  LAPTOP,
  role,
  waitForCaches,
  WebKit,
} from '../tests/webkit/support/webkit';

const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const nf = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const ms = (x: number) => `${nf.format(Math.round(x))} ms`;
const DATASETS = ['environment', 'customers', 'articles', 'invoices', 'quotes'];

/** The same check in both browsers: performance.now() when a visible h1/h2 starts with « Bonjour ». */
const HOME_SHOWN = `const h = [...document.querySelectorAll('h1, h2')].find((e) => (e.textContent || '').startsWith('Bonjour'));
return h && h.offsetParent !== null ? performance.now() : 0;`;

async function webkitStarts(driverUrl: string, server: TestServer, relay: Relay): Promise<number[]> {
  const page = await WebKit.open(LAPTOP, driverUrl);
  try {
    await injectSession(page, relay.url, server);
    await page.goto(`${relay.url}/`);
    await page.find(role('heading', /^Bonjour/), 30_000);
    await controlled(page);
    await waitForCaches(page, DATASETS);
    await relay.down();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.driver.get('about:blank');
      await page.driver.executeScript('location.href = arguments[0];', `${relay.url}/`);
      times.push(
        await page.until<number>(`if (location.protocol === 'about:') return 0;\n${HOME_SHOWN}`, [], {
          timeout: 30_000,
          everyFrame: true,
          what: 'accueil affiché hors ligne',
        }),
      );
    }
    return times;
  } finally {
    await relay.up();
    await page.quit();
  }
}

async function chromiumStarts(relay: Relay): Promise<number[]> {
  const browser = await launchBrowser({ v8Defaults: true });
  const context = await newContext(browser, {
    serviceWorkers: 'allow',
    session: await sessionFor(relay.url),
    allowConsole: /./, // offline fetches fail by design; this is a timing, not a test
  });
  try {
    const first = await context.newPage();
    await first.goto(`${relay.url}/`);
    await first.getByRole('heading', { name: /^Bonjour/ }).waitFor();
    await first.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
    await first.waitForFunction(
      new Function('args', CACHES_STORED) as (args: string[][]) => Promise<boolean>,
      [DATASETS],
      {
        polling: 100,
        timeout: 30_000,
      },
    );
    await first.close();
    await relay.down();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await context.newPage();
      await page.goto(`${relay.url}/`, { waitUntil: 'commit' });
      const handle = await page.waitForFunction(new Function(HOME_SHOWN) as () => number | 0, undefined, {
        polling: 'raf',
        timeout: 30_000,
      });
      times.push((await handle.jsonValue()) as number);
      await page.close();
    }
    return times;
  } finally {
    await relay.up();
    await context.close();
    await browser.close();
  }
}

export async function benchWebkitOffline(): Promise<Record<string, string>> {
  execSync('node scripts/ensure-webkit.mjs', { stdio: 'ignore' });
  execSync('node scripts/ensure-chromium.mjs', { stdio: 'ignore' });
  const dist = process.env.BENCH_DIST ?? process.env.E2E_DIST ?? 'dist';
  if (!existsSync(`${dist}/index.html`))
    execSync(`npx vite build --outDir ${dist} --emptyOutDir --logLevel warn`, {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  const server = await startTestServer({ staticDir: dist });
  // One relay per browser: two origins, so neither finds the other's service worker or data.
  const [relayWebKit, relayChromium] = await Promise.all([startRelay(server.port), startRelay(server.port)]);
  const driver = await startWebKitDriver();
  try {
    const webkit = await webkitStarts(driver.url, server, relayWebKit);
    const chromium = await chromiumStarts(relayChromium);
    const [w, c] = [median(webkit), median(chromium)];
    return {
      'WebKit (WebKitGTK, moteur de Safari) : navigation → accueil connecté affiché, serveur injoignable (médiane de 5)':
        ms(w),
      'Chromium (Debian) : navigation → accueil connecté affiché, serveur injoignable (médiane de 5)': ms(c),
      'WebKit : les 5 mesures': webkit.map(ms).join(' · '),
      'Chromium : les 5 mesures': chromium.map(ms).join(' · '),
      'Rapport WebKit / Chromium': `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(w / c)} ×`,
    };
  } finally {
    await driver.stop();
    await Promise.all([relayWebKit.close(), relayChromium.close()]);
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchWebkitOffline().then(
    (r) => {
      console.table(r);
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
