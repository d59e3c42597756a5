// First load (decision 014): Chromium with Lighthouse's "Slow 4G" profile (CDP: 150 ms latency,
// 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower), cold cache, median of 5 runs. Times /login's
// first contentful paint and usable form, the signed-in home after sign-in, a repeat visit served
// by the service worker, and counts the bytes of /login and of the signed-in home.
// BENCH_DIST=dist reuses a build; otherwise the bench builds into a temporary folder.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { startTestServer, type TestServer } from '../tests/support/test-server';

const RUNS = 5;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Lighthouse's "Slow 4G" (its throttling constants: 1.6 Mbit/s = 1638.4 kbit/s, 750 kbit/s).
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1638.4 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

const nf = (digits: number) =>
  new Intl.NumberFormat('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const sec = (ms: number) => `${nf(2).format(ms / 1000)} s`;
const kb = (bytes: number) => `${nf(1).format(bytes / 1024)} Ko`;
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/**
 * Installed before any page script: checks at every frame, inside the page, for the live sign-in
 * form and for the signed-in home's heading, and writes the moment of each on the console. Waiting
 * with Playwright's own waitForFunction evaluated its injected script (over 100 KB) in the page
 * while it was loading, on the 4× slower processor: the instrument delayed what it timed (decision
 * 056). A string, not a function: tsx would add a helper the page does not have.
 */
const WATCH_SCRIPT = `(() => {
  const seen = {};
  const say = (what) => { seen[what] = true; console.debug('bench:' + what + ':' + performance.now()); };
  const tick = () => {
    if (!seen.login && document.querySelector('main[data-live] button')) say('login');
    if (!seen.home && [...document.querySelectorAll('h1')].some((h) => /^Bonjour/.test(h.textContent || '') && h.checkVisibility())) say('home');
    if (!seen.home) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

type Moment = 'login' | 'home';

/** Milliseconds since the page's navigation start when `what` was seen by WATCH_SCRIPT. */
async function momentOf(page: Page, what: Moment): Promise<number> {
  const message = await page.waitForEvent('console', {
    predicate: (m) => m.text().startsWith(`bench:${what}:`),
    timeout: 60_000,
  });
  return Number(message.text().slice(`bench:${what}:`.length));
}

async function fill(page: Page) {
  await page.getByLabel('Identifiant').fill('demo');
  await page.getByLabel('Mot de passe').fill('demo');
  if (await page.getByRole('button', { name: 'Se connecter' }).isDisabled())
    throw new Error('bouton « Se connecter » inactif');
}

/**
 * When the signed-in home's heading is visible (seen in the page at every frame: Playwright's
 * own waitFor polls at 0, 20, 70, 170, 270 ms then every 500 ms, and rounded a home painted at
 * 1.3 s up to 1.77 s, decision 031); its accessible name is still checked after.
 */
async function homeReady(page: Page, home: Promise<number>, start: number) {
  const at = await home;
  await page.getByRole('heading', { name: /^Bonjour/ }).waitFor({ timeout: 60_000 });
  return at - start;
}

/** typing: ms per key; 0 = fields filled at once and clicked (no time for the prefetch). */
async function coldLogin(browser: Browser, url: string, typing = 0) {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'fr-FR' });
  await context.addInitScript(WATCH_SCRIPT);
  const page = await context.newPage();
  await throttle(page);
  const login = momentOf(page, 'login');
  await page.goto(`${url}/login`, { waitUntil: 'commit' });
  const usable = await login;
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  if (typing) {
    await page.getByLabel('Identifiant').pressSequentially('demo', { delay: typing });
    await page.getByLabel('Mot de passe').pressSequentially('demo', { delay: typing });
  } else await fill(page);
  const start = await page.evaluate(() => performance.now());
  const homeSeen = momentOf(page, 'home');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  const home = await homeReady(page, homeSeen, start);
  await context.close();
  return { fcp, usable, home };
}

async function repeatVisit(browser: Browser, url: string) {
  const context = await browser.newContext({ serviceWorkers: 'allow', locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await fill(page);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
  await page.evaluate(() => localStorage.setItem('facturation-announcement-dismissed', 'true'));
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 60_000 });
  await context.addInitScript(WATCH_SCRIPT);
  const second = await context.newPage();
  await throttle(second);
  const home = momentOf(second, 'home');
  await second.goto(`${url}/`, { waitUntil: 'commit' });
  const ms = await homeReady(second, home, 0);
  await context.close();
  return ms;
}

interface Bytes {
  js: number;
  css: number;
  jsGzip: number;
  cssGzip: number;
  all: number;
  requests: number;
  /** JavaScript files: each lazy wave of small chunks costs a round trip (decision 025). */
  scripts: number;
}

function gzipOf(dist: string, path: string): number {
  const file = join(dist, path);
  if (!existsSync(file) || !statSync(file).isFile()) return 0;
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file)).length;
}

async function bytesOf(
  context: BrowserContext,
  dist: string,
  url: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<Bytes> {
  const page = await context.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const paths = new Map<string, string>();
  const sizes = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => paths.set(e.requestId, new URL(e.request.url).pathname));
  cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const b: Bytes = { js: 0, css: 0, jsGzip: 0, cssGzip: 0, all: 0, requests: sizes.size, scripts: 0 };
  for (const [id, size] of sizes) {
    const path = paths.get(id) ?? '';
    b.all += size;
    if (path.endsWith('.js')) {
      b.js += size;
      b.jsGzip += gzipOf(dist, path);
      b.scripts++;
    }
    if (path.endsWith('.css')) {
      b.css += size;
      b.cssGzip += gzipOf(dist, path);
    }
  }
  await page.close();
  return b;
}

const describeBytes = (b: Bytes) =>
  `JS ${kb(b.jsGzip)} gzip (${kb(b.js)} transférés, ${b.scripts} fichiers), CSS ${kb(b.cssGzip)} gzip (${kb(b.css)}), ${kb(b.all)} transférés en tout, ${b.requests} requêtes`;

async function measure(server: TestServer, dist: string, browser: Browser) {
  const runs: Array<{ fcp: number; usable: number; home: number }> = [];
  for (let i = 0; i < RUNS; i++) runs.push(await coldLogin(browser, server.url));
  const typed: number[] = [];
  for (let i = 0; i < RUNS; i++) typed.push((await coldLogin(browser, server.url, 250)).home);
  const repeats: number[] = [];
  for (let i = 0; i < RUNS; i++) repeats.push(await repeatVisit(browser, server.url));

  const anonymous = await browser.newContext({ serviceWorkers: 'block', locale: 'fr-FR' });
  const login = await bytesOf(anonymous, dist, `${server.url}/login`, (p) => p.locator('main[data-live]').waitFor());
  await anonymous.close();
  const { token, profile } = await server.api.login('demo');
  const signedIn = await browser.newContext({ serviceWorkers: 'block', locale: 'fr-FR' });
  await signedIn.addInitScript((session) => {
    localStorage.setItem('workplace.session', session);
    localStorage.setItem('facturation-announcement-dismissed', 'true');
  }, JSON.stringify({ token, profile }));
  const home = await bytesOf(signedIn, dist, `${server.url}/`, (p) =>
    p.getByRole('heading', { name: /^Bonjour/ }).waitFor(),
  );
  await signedIn.close();

  const m = (key: 'fcp' | 'usable' | 'home') => median(runs.map((r) => r[key]));
  return {
    'Profil réseau et processeur':
      'Slow 4G de Lighthouse (150 ms, 1,6 Mbit/s ↓, 750 kbit/s ↑, processeur 4× plus lent), cache vide',
    [`/login, premier affichage de contenu (FCP), médiane de ${RUNS} (objectif ≤ 1,2 s)`]: sec(m('fcp')),
    [`/login, formulaire utilisable (React monté), médiane de ${RUNS} (objectif ≤ 2,5 s)`]: sec(m('usable')),
    [`Accueil connecté utilisable après le clic, champs remplis d’un coup, médiane de ${RUNS} (objectif ≤ 3 s)`]: sec(
      m('home'),
    ),
    [`Accueil connecté utilisable après le clic, identifiants tapés en 2 s (le reste se charge pendant la saisie), médiane de ${RUNS}`]:
      sec(median(typed)),
    [`Visite suivante servie par le service worker, accueil utilisable, médiane de ${RUNS} (objectif ≤ 0,5 s)`]: sec(
      median(repeats),
    ),
    'Octets de /login': describeBytes(login),
    'Octets de l’accueil connecté (/)': describeBytes(home),
    // The home runs /login's entry too: what it adds is the signed-in layer (decision 064).
    'JavaScript de l’accueil en plus de /login, gzip (objectif ≤ 200 Ko)': kb(home.jsGzip - login.jsGzip),
    'Toutes les mesures (FCP / formulaire / accueil, ms)': runs
      .map((r) => `${Math.round(r.fcp)}/${Math.round(r.usable)}/${Math.round(r.home)}`)
      .join(' ; '),
    'Visites suivantes (ms)': repeats.map((v) => Math.round(v)).join(' ; '),
  };
}

export async function benchFirstLoad(): Promise<Record<string, string>> {
  const dist = process.env.BENCH_DIST ?? mkdtempSync(join(tmpdir(), 'workplace-bench-first-load-'));
  let server: TestServer | null = null;
  let browser: Browser | null = null;
  try {
    if (!process.env.BENCH_DIST)
      await build({
        root: ROOT,
        configFile: join(ROOT, 'vite.config.ts'),
        logLevel: 'warn',
        build: { outDir: dist, emptyOutDir: true },
      });
    server = await startTestServer({ staticDir: dist });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--disable-gpu', '--disable-dev-shm-usage', '--disable-quic'],
    });
    return await measure(server, dist, browser);
  } finally {
    await browser?.close();
    await server?.close();
    if (!process.env.BENCH_DIST) rmSync(dist, { recursive: true, force: true });
  }
}
