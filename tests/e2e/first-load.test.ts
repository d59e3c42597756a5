// First load (decision 014): /login loads only what signing in needs (≤ 107 KB of JavaScript and
// ≤ 150 KB in all, compressed, as transferred), nothing of the signed-in layer before sign-in,
// paints its French form without JavaScript, and keeps what was typed before the app took over.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import {
  expectAccessible,
  launchBrowser,
  newContext,
  screenLoaded,
  sessionFor,
  startAppServer,
  watchConsole,
} from './support/browser';
import { waitForCaches } from './support/offline-helpers';

const KB = 1024;
const DIST = process.env.E2E_DIST ?? 'dist';
// What /login must not ask for, recognised by a string only that code contains.
const SIGNED_IN_ONLY: Record<string, string> = {
  Dexie: 'DexieError',
  outbox: 'workplace-outbox',
  charts: 'recharts',
  'PDF renderer': 'PDFDocument',
  'signed-in frame and menus': 'Nouvelle version disponible',
};

/** Chunk path → what it carries of the signed-in layer (one chunk may carry several: decision 025). */
function forbiddenChunks(): Map<string, string> {
  const found = new Map<string, string>();
  const dir = join(DIST, 'assets');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const [what, marker] of Object.entries(SIGNED_IN_ONLY))
      if (text.includes(marker))
        found.set(`/assets/${file}`, [found.get(`/assets/${file}`), what].filter(Boolean).join(', '));
  }
  return found;
}

/** Build-time gzip copy, or gzip now for the small files the build leaves uncompressed. */
const gzipSize = (file: string) =>
  existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file)).length;

/** Bytes as transferred (compressed, from Chromium's network layer) per URL path. */
async function recordTransfers(page: Page): Promise<Map<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const sizes = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, new URL(e.request.url).pathname));
  cdp.on('Network.loadingFinished', (e) => sizes.set(urls.get(e.requestId) ?? e.requestId, e.encodedDataLength));
  return sizes;
}

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('first load of /login', () => {
  it('stays within the budget and asks for nothing of the signed-in layer', async () => {
    const forbidden = forbiddenChunks();
    const markersFound = new Set([...forbidden.values()].flatMap((w) => w.split(', ')));
    expect([...markersFound].sort(), 'the markers still find the signed-in chunks').toEqual(
      Object.keys(SIGNED_IN_ONLY).sort(),
    );
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchConsole(page);
    const sizes = await recordTransfers(page);
    await page.goto(`${server.url}/login`);
    await page.locator('main[data-live]').waitFor();
    await page.waitForLoadState('networkidle');

    const paths = [...sizes.keys()];
    const js = paths.filter((p) => p.endsWith('.js')).reduce((sum, p) => sum + sizes.get(p)!, 0);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    expect(js, `JavaScript transféré (${paths.join(', ')})`).toBeLessThanOrEqual(107 * KB);
    // The issue counts gzip: the same files' build-time gzip copies (Chromium itself gets brotli).
    const jsGzip = paths.filter((p) => p.endsWith('.js')).reduce((sum, p) => sum + gzipSize(join(DIST, p)), 0);
    expect(jsGzip, 'JavaScript gzip').toBeLessThanOrEqual(107 * KB);
    expect(total).toBeLessThanOrEqual(150 * KB);
    expect(paths.filter((p) => forbidden.has(p)).map((p) => `${p} (${forbidden.get(p)})`)).toEqual([]);
    await expectAccessible(page, 'la connexion');
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('shows the French form with JavaScript disabled', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR' });
    const page = await context.newPage();
    const stylesheets: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'stylesheet' && stylesheets.push(r.url())));
    const html = await (await page.goto(`${server.url}/login`))!.text();
    // Its CSS comes inline, and nothing else asks for the same rules again (decision 056).
    expect(html).toMatch(/<style>[^<]*\.sl-card\{/);
    expect(stylesheets).toEqual([]);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await expect(page.title()).resolves.toBe('Connexion | Workplace');
    expect(await page.getByRole('heading', { name: 'Connexion' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Identifiant').isVisible()).toBe(true);
    expect(await page.getByLabel('Mot de passe').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Se connecter' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe(
      '/forgotten-password',
    );
    await context.close();
  });

  it('keeps what was typed in the prerendered form when the app takes over, then signs in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchConsole(page);
    // The app's code is held back until the user has typed in the prerendered form.
    let release!: () => void;
    const typed = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
    await page.locator('#static-login input[name="username"]').fill('demo');
    await page.locator('#static-login input[name="password"]').fill('demo');
    release();
    await page.locator('main[data-live]').waitFor();
    expect(await page.getByLabel('Identifiant').inputValue()).toBe('demo');
    expect(await page.getByLabel('Mot de passe').inputValue()).toBe('demo');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('password');
    // Answered reads: a GET that ky retries after a 503 on a loaded machine counts once.
    const reads: string[] = [];
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (r.request().method() === 'GET' && url.pathname.startsWith('/api/') && r.status() < 400)
        reads.push(`${url.pathname}${url.search}`);
    });
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
    // The sign-in refresh of the device's copies and the home's widgets share their answers: once
    // both are done, no address was read twice (the bell's list and the registers were, before).
    await waitForCaches(page, ['environment', 'customers', 'articles', 'invoices', 'quotes', 'cashRegisters']);
    await screenLoaded(page);
    expect(reads.filter((url, i) => reads.indexOf(url) !== i)).toEqual([]);
    expect(errors()).toEqual([]);
    await context.close();
  });
});

// Decision 025: the signed-in layer and the home screen come in a handful of chunks (about a hundred
// small ones before, fetched in waves: one round trip each on a mobile line), 200 KB gzip at most.
describe('first load of the signed-in home', () => {
  it('asks for a handful of JavaScript files', async () => {
    const context = await newContext(browser, { session: await sessionFor(server.url) });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
    expect(scripts.length, scripts.join(', ')).toBeLessThanOrEqual(4);
    // Decision 064: the rest of the shell, after what /login runs, is at most 200 KB of JavaScript (gzip);
    // decision 088 lets it reach 203 KB for now (the approved platform's and lifecycle's contract
    // schemas and filter labels), until the shell stops carrying every area's schemas.
    const loginScripts = [...readFileSync(join(DIST, 'login.html'), 'utf8').matchAll(/<script[^>]* src="([^"]+)"/g)];
    const rest = scripts.filter((p) => !loginScripts.some((m) => m[1] === p));
    expect(loginScripts.length).toBeGreaterThan(0);
    expect(rest.length).toBeGreaterThan(0);
    const restGzip = rest.reduce((sum, p) => sum + gzipSize(join(DIST, p)), 0);
    expect(restGzip, `JavaScript gzip après la connexion (${rest.join(', ')})`).toBeLessThanOrEqual(203 * KB);
    await context.close();
  });
});
