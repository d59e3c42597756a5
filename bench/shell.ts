// Figures of the app shell (decision 001): gzip bytes of the JavaScript a browser loads for /login and
// for the signed-in shell, and the median latency of sign-in and profile calls on the embedded
// database. bench/run.ts prints them.
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestServer, type TestServer } from '../tests/support/test-server';
import { builtApp, launchChromium } from './support/screen-bench';

const CALLS = 300;

const nf = (digits: number) =>
  new Intl.NumberFormat('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (n: number) => `${nf(1).format(n)} ms`;
const kb = (bytes: number) => `${nf(1).format(bytes / 1024)} Ko (${nf(0).format(bytes)} octets)`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function timeCalls(call: () => Promise<number>, runs: number): Promise<number> {
  for (let i = 0; i < 5; i++) await call(); // warm-up: JIT, query plans
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const status = await call();
    times.push(performance.now() - start);
    if (status !== 200) throw new Error(`réponse ${status} au lieu de 200`);
  }
  return median(times);
}

/** Loads `path` in a fresh page and sums the gzip size of every JavaScript response. */
async function jsGzipOf(
  context: BrowserContext,
  url: string,
  ready: string,
): Promise<{ bytes: number; files: number }> {
  const page = await context.newPage();
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (type.includes('javascript') || new URL(res.url()).pathname.endsWith('.js')) bodies.push(res.body());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByText(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  const buffers = await Promise.all(bodies);
  await page.close();
  return { bytes: buffers.reduce((sum, b) => sum + gzipSync(b).length, 0), files: buffers.length };
}

async function measurePages(server: TestServer, browser: Browser): Promise<Record<string, string>> {
  // Service workers blocked: the precache would fetch every chunk, not what the page needs.
  const anonymous = await browser.newContext({ serviceWorkers: 'block', locale: 'fr-FR' });
  const login = await jsGzipOf(anonymous, `${server.url}/login`, 'Se connecter');
  await anonymous.close();

  const { token, profile } = await server.api.login('demo');
  const signedIn = await browser.newContext({ serviceWorkers: 'block', locale: 'fr-FR' });
  await signedIn.addInitScript(
    ({ session }) => {
      localStorage.setItem('workplace.session', session);
      localStorage.setItem('facturation-announcement-dismissed', 'true');
    },
    { session: JSON.stringify({ token, profile }) },
  );
  const shell = await jsGzipOf(signedIn, `${server.url}/`, `Bonjour ${profile.firstName}`);
  await signedIn.close();
  return {
    'JavaScript gzip de /login': `${kb(login.bytes)}, ${login.files} fichiers`,
    'JavaScript gzip de la coquille connectée (/)': `${kb(shell.bytes)}, ${shell.files} fichiers`,
  };
}

async function measureApi(server: TestServer): Promise<Record<string, string>> {
  const { token } = await server.api.login('demo');
  const login = await timeCalls(
    async () => (await server.api.post('/api/login', { username: 'demo', password: 'demo' })).status,
    CALLS,
  );
  const me = await timeCalls(async () => (await server.api.get('/api/user/me', { token })).status, CALLS);
  return {
    [`POST /api/login, médiane sur ${CALLS} appels`]: ms(login),
    [`GET /api/user/me, médiane sur ${CALLS} appels`]: ms(me),
  };
}

export async function benchShell(): Promise<Record<string, string>> {
  const app = await builtApp('dist');
  let server: TestServer | null = null;
  let browser: Browser | null = null;
  try {
    server = await startTestServer({ staticDir: app.staticDir });
    browser = await launchChromium();
    const pages = await measurePages(server, browser);
    await browser.close();
    browser = null;
    return { ...pages, ...(await measureApi(server)), 'Base de données': 'PGlite embarquée (en mémoire)' };
  } finally {
    await browser?.close();
    await server?.close();
    app.remove();
  }
}
