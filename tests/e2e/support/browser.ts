import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server';

const require = createRequire(import.meta.url);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/** The real server on an in-memory PGlite serving the production build. */
export function startAppServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({ staticDir: process.env.E2E_DIST ?? 'dist', env });
}

export async function newContext(browser: Browser, opts: { serviceWorkers?: 'allow' | 'block'; viewport?: { width: number; height: number } } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: opts.viewport ?? { width: 1366, height: 900 },
    serviceWorkers: opts.serviceWorkers ?? 'block',
  });
  await failOnCspViolations(context);
  return context;
}

/**
 * The server sends a strict Content-Security-Policy (decision 008): anything it blocks (inline
 * script, eval, a foreign origin) fails the test when the context closes, whether or not the test
 * watches the console. Chromium reports a violation as a "Refused to …" console error and as a
 * securitypolicyviolation event; both are collected, from every page of the context.
 */
async function failOnCspViolations(context: BrowserContext): Promise<void> {
  const seen: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Violation CSP : ${e.effectiveDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  context.on('console', (msg) => {
    if (/Refused to|Violation CSP|Content Security Policy/.test(msg.text())) seen.push(msg.text());
  });
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext['close']>) => {
    await close(...args);
    expect(seen, 'violations de la politique de sécurité du contenu (CSP)').toEqual([]);
  };
}

/** Any console error or uncaught exception in the page fails the test (house rule). */
export function watchConsole(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return () => errors;
}

export async function signIn(page: Page, baseUrl: string, username = 'demo', password = username, path = '/'): Promise<void> {
  await page.goto(`${baseUrl}/login${path === '/' ? '' : `?redirect=${encodeURIComponent(path)}`}`);
  await page.getByLabel('Identifiant').fill(username);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Dismisses the announcement modal for good (flag of spec 2.8) before a test looks at a screen. */
export async function dismissAnnouncement(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('facturation-announcement-dismissed', 'true'));
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core inside the page: no serious or critical violation allowed. */
export async function expectAccessible(page: Page, context = 'page'): Promise<void> {
  // Evaluated, not added as an inline <script>: the app's CSP (rightly) refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[]; html: string }> }> }> } }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)}`).join(", ")}`);
  });
  expect(violations, `accessibilité de ${context}`).toEqual([]);
}

export const TABLET = { width: 820, height: 1180 };

/** A fresh context signed in as `username`, the announcement dismissed, opened on `path`. */
export async function openSignedIn(browser: Browser, baseUrl: string, path: string, viewport?: { width: number; height: number }, username = 'demo') {
  const context = await newContext(browser, { viewport });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signIn(page, baseUrl, username);
  await dismissAnnouncement(page);
  await page.goto(`${baseUrl}${path}`);
  return { context, page, errors };
}

/** Toasts come and go: accessibility checks look at the screen once they are gone. */
export const noToasts = (page: Page) => expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 15_000 }).toBe(0);
export const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
