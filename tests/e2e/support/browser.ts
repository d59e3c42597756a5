import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import { apiClient, startTestServer, type TestServer } from '../../support/test-server';

// Conventions of the e2e suite (decision 018): one browser per worker, one signed-in context and page
// per file where the tests allow it (moved with visit(), not reloaded), reduced motion (no animation
// to wait for), the session injected unless the test is about signing in, any console error fails
// the test when its context closes, axe once per screen and size.

const require = createRequire(import.meta.url);
/** Debian's Chromium, the browser people run (the installed app's tests: offline-shell.test.ts). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's headless shell of the same Chromium build (same Blink, V8, service workers, IndexedDB),
 * without the desktop browser's layers: the suite's screens in 29 % less Chromium CPU (257 → 182 s
 * for the e2e project, decision 049). CHROMIUM_PATH runs everything in that browser.
 */
const HEADLESS_SHELL = process.env.CHROMIUM_PATH ? CHROMIUM : '/usr/bin/chromium-headless-shell';
export const TABLET = { width: 820, height: 1180 };
const LAPTOP = { width: 1366, height: 900 };

const shared = new Map<string, Promise<Browser>>();

/**
 * How long a screen's condition may take before the test fails: a hang guard, not a performance
 * check (`npm run bench` measures). Playwright's own default, 30 s, failed CI twice on a starved
 * machine (2026-11-27: the e2e step at 15 min, a screen that takes 1 s alone past 30 s), so every
 * context the suite opens waits this long, and polls use it too (decision 055).
 */
export const CONDITION_WAIT = 90_000;

/** Every context the browser opens (browser.newPage() included) waits CONDITION_WAIT by default. */
function withConditionWait(browser: Browser): Browser['newContext'] {
  const open = browser.newContext.bind(browser);
  return async (options) => {
    const context = await open(options);
    context.setDefaultTimeout(CONDITION_WAIT);
    return context;
  };
}

/**
 * One Chromium for every file a worker runs (the e2e project does not isolate its files): a launch
 * costs about a second. Tests never share a context; a file's `browser.close()` closes the contexts
 * left open and keeps Chromium for the next file; Playwright ends it with the worker. A Chromium that
 * died is launched again.
 */
export async function launchBrowser(opts: { fullBrowser?: boolean; v8Defaults?: boolean } = {}): Promise<Browser> {
  const executablePath = opts.fullBrowser || !existsSync(HEADLESS_SHELL) ? CHROMIUM : HEADLESS_SHELL;
  const key = `${executablePath}${opts.v8Defaults ? ' (V8 defaults)' : ''}`;
  const current = await shared.get(key)?.catch(() => null);
  if (current?.isConnected()) return current;
  const launched = chromium
    .launch({
      executablePath,
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
        // One renderer per site instead of per frame and context: the tests' pages are all one origin
        // (the test server), so site isolation only spawned processes. 356 → 330 CPU-seconds for the
        // whole e2e project alone, 71 tests unchanged (decision 018).
        '--disable-site-isolation-trials',
        '--disable-features=site-per-process,IsolateOrigins,Translate,OptimizationHints,MediaRouter',
        '--process-per-site',
        // V8 without its helper threads (concurrent compilers and garbage collector): on a machine the
        // test lanes keep saturated they only split the same work, at a cost (decision 057). The
        // benches keep V8's defaults (`v8Defaults`): they time what users' browsers do.
        ...(opts.v8Defaults ? [] : ['--js-flags=--single-threaded']),
      ],
    })
    .then((browser) =>
      Object.assign(browser, {
        newContext: withConditionWait(browser),
        // A file's afterAll: what a failed test left open is closed (its checks already failed it).
        close: async () => void (await Promise.allSettled(browser.contexts().map((c) => c.close()))),
      }),
    );
  shared.set(key, launched);
  return launched;
}

/** The real server on an in-memory PGlite serving the production build. */
export function startAppServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({ staticDir: process.env.E2E_DIST ?? 'dist', env });
}

/** What the app keeps in localStorage once signed in (src/lib/session.ts), with the announcement dismissed. */
export interface InjectedSession {
  origin: string;
  localStorage: Array<{ name: string; value: string }>;
}

/**
 * Signs in through the API (POST /api/login) and returns the storage the app would have written:
 * the session as src/lib/session.ts stores it and, unless `announcement` is kept, the "do not show
 * again" flag of the announcement modal (NAV-22). Used by every test that is not about signing in.
 */
export async function sessionFor(
  baseUrl: string,
  username = 'demo',
  opts: { password?: string; announcement?: boolean } = {},
): Promise<InjectedSession> {
  const { token, profile } = await apiClient(baseUrl).login(username, opts.password ?? username);
  const { token: _inBody, ...stored } = profile as Record<string, unknown>;
  const localStorage = [{ name: 'workplace.session', value: JSON.stringify({ token, profile: stored }) }];
  if (!opts.announcement) localStorage.push({ name: 'facturation-announcement-dismissed', value: 'true' });
  return { origin: baseUrl, localStorage };
}

export interface ContextOptions {
  serviceWorkers?: 'allow' | 'block';
  viewport?: { width: number; height: number };
  /** A phone: touch and a mobile layout viewport. */
  mobile?: boolean;
  /** Signed in from the first navigation (no login form): see sessionFor(). */
  session?: InjectedSession;
  /** Console errors this test expects (offline fetches, a 409…); anything else fails it. */
  allowConsole?: RegExp;
}

/** Console errors of every page of the context, minus the failed-resource lines of expected 4xx answers. */
const consoleErrors = new WeakMap<BrowserContext, string[]>();

export async function newContext(browser: Browser, opts: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: opts.viewport ?? LAPTOP,
    serviceWorkers: opts.serviceWorkers ?? 'block',
    reducedMotion: 'reduce',
    ...(opts.mobile ? { hasTouch: true, isMobile: true } : {}),
  });
  failOnConsoleErrors(context, opts.allowConsole);
  await failOnCspViolations(context);
  if (opts.session) await injectSession(context, opts.session);
  await shiftPageClocks(context);
  return context;
}

/**
 * In the calendar lane (WORKPLACE_NOW, decision 076) the pages live at the test process's instant,
 * the servers' too: Playwright's clock sets the context's time, which then flows on. Only `Date` is
 * moved; the timers and animation frames keep the browser's own clock.
 */
async function shiftPageClocks(context: BrowserContext): Promise<void> {
  if (!process.env.WORKPLACE_NOW) return;
  await context.clock.setSystemTime(new Date());
}

/**
 * Writes the session into localStorage before the app's first script runs, once per context (a
 * cookie remembers it): a later sign-out, which clears localStorage, stays signed out. An init
 * script rather than Playwright's storageState, which opens an extra page per context (~1 s).
 */
async function injectSession(context: BrowserContext, session: InjectedSession): Promise<void> {
  await context.addInitScript(
    ({ origin, items }) => {
      if (location.origin !== origin || document.cookie.includes('e2e-session-injected=1')) return;
      for (const { name, value } of items) localStorage.setItem(name, value);
      document.cookie = 'e2e-session-injected=1; path=/; SameSite=Strict';
    },
    { origin: session.origin, items: session.localStorage },
  );
}

/**
 * House rule: a console error or an uncaught exception in any page fails the test, checked when
 * the context closes (tests close their contexts). "Failed to load resource" lines are Chromium's
 * note of an HTTP error answer, which many tests expect (404, 401, 415); `allow` names the rest.
 */
function failOnConsoleErrors(context: BrowserContext, allow?: RegExp): void {
  const errors: string[] = [];
  consoleErrors.set(context, errors);
  context.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) errors.push(msg.text());
  });
  context.on('weberror', (err) => errors.push(String(err.error())));
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext['close']>) => {
    await close(...args);
    expect(
      errors.filter((e) => !allow?.test(e)),
      'erreurs dans la console du navigateur',
    ).toEqual([]);
  };
}

/**
 * The server sends a strict Content-Security-Policy (decision 008): anything it blocks (inline
 * script, eval, a foreign origin) fails the test when the context closes, whatever the allow-list.
 * Chromium reports a violation as a "Refused to …" console error and as a securitypolicyviolation
 * event; both are collected, from every page of the context.
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

/** The console errors of one page so far (for a check in the middle of a test; the context checks them all at close). */
export function watchConsole(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return () => errors;
}

/** Signs in through the login form: only for the tests about signing in (others use sessionFor). */
export async function signIn(
  page: Page,
  baseUrl: string,
  username = 'demo',
  password = username,
  path = '/',
): Promise<void> {
  await page.goto(`${baseUrl}/login${path === '/' ? '' : `?redirect=${encodeURIComponent(path)}`}`);
  await page.getByLabel('Identifiant').fill(username);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Dismisses the announcement modal for good (flag of NAV-22) before a test looks at a screen. */
export async function dismissAnnouncement(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('facturation-announcement-dismissed', 'true'));
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core inside the page: no serious or critical violation allowed. One check per screen and
 * size (laptop, tablet, phone) in the whole suite, where the screen shows the most (decision 018):
 * before adding one, look for the screen in the table of that decision.
 */
export async function expectAccessible(page: Page, context = 'page'): Promise<void> {
  // Evaluated, not added as an inline <script>: the app's CSP (rightly) refuses inline scripts.
  // Once per document: a second check on the same page reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // Only serious and critical violations fail a test: the rules that can report nothing worse than
    // moderate (their checks' impacts, from axe's own metadata: region, landmarks, heading order…)
    // are not run. The answer is the same, for about an eighth less of axe's time (decision 052).
    const belowSerious = () => {
      const rank: Record<string, number> = { minor: 1, moderate: 2, serious: 3, critical: 4 };
      type Check = string | { id: string };
      const audit = (
        window as unknown as {
          axe: {
            _audit: {
              rules: Array<{ id: string; any: Check[]; all: Check[]; none: Check[] }>;
              data: { checks: Record<string, { impact?: string } | undefined> };
            };
          };
        }
      ).axe._audit;
      // A check of unknown impact, or a rule without checks, counts as critical: it keeps running.
      const worst = (rule: (typeof audit.rules)[number]) =>
        Math.max(
          ...[...rule.any, ...rule.all, ...rule.none].map(
            (c) => rank[audit.data.checks[typeof c === 'string' ? c : c.id]?.impact ?? 'critical'] ?? 4,
          ),
          rule.any.length + rule.all.length + rule.none.length === 0 ? 4 : 0,
        );
      return Object.fromEntries(
        audit.rules.filter((rule) => worst(rule) < rank.serious).map((rule) => [rule.id, { enabled: false }]),
      );
    };
    const result = await (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[]; html: string }> }>;
          }>;
        };
      }
    ).axe.run(document, { resultTypes: ['violations'], rules: belowSerious() });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .slice(0, 3)
            .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`)
            .join(', ')}`,
      );
  });
  expect(violations, `accessibilité de ${context}`).toEqual([]);
}

/**
 * A fresh context signed in as `username` (session injected, announcement dismissed), opened on
 * `path`. `errors` are the page's console errors so far; the context checks them all at close.
 */
export async function openSignedIn(
  browser: Browser,
  baseUrl: string,
  path: string,
  viewport?: { width: number; height: number },
  username = 'demo',
  opts: Omit<ContextOptions, 'session' | 'viewport'> = {},
) {
  const context = await newContext(browser, { ...opts, viewport, session: await sessionFor(baseUrl, username) });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(`${baseUrl}${path}`);
  return { context, page, errors };
}

/** Toasts come and go: accessibility checks look at the screen once they are gone. */
export const noToasts = (page: Page) =>
  expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: CONDITION_WAIT }).toBe(0);
/** Closes the toasts on screen with their close button, as a user would, instead of waiting 3 s for them. */
export async function closeToasts(page: Page): Promise<void> {
  for (const close of await page.getByRole('button', { name: 'Fermer la notification' }).all())
    await close.click({ timeout: 2_000 }).catch(() => undefined); // it may have closed by itself meanwhile
  await noToasts(page);
}
export const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

/** Until no finite animation or transition runs (a drawer sliding after a resize, a modal opening). */
export const settled = (page: Page) =>
  page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );

/** Until the screen has its data: no skeleton and nothing busy on screen, nothing moving. */
export async function screenLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.mantine-Skeleton-root[data-visible], [aria-busy="true"]'));
  await settled(page);
}

/**
 * Screenshots are for people reviewing the screens, not assertions: taken only when SHOTS_DIR is
 * set (`SHOTS_DIR=/tmp/shots npm run test:e2e`), once the page has stopped moving.
 */
export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const path = join(dir, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await settled(page);
  await page.screenshot({ path, fullPage });
}

/** A screenshot at another size (the page goes back to its size after): only when SHOTS_DIR is set. */
export async function shotAt(
  page: Page,
  name: string,
  viewport: { width: number; height: number },
  fullPage = false,
): Promise<void> {
  if (!process.env.SHOTS_DIR) return;
  const size = page.viewportSize();
  await page.setViewportSize(viewport);
  await shot(page, name, fullPage);
  if (size) await page.setViewportSize(size);
}

/**
 * In-app navigation, without reloading the document: the router follows a history change as it
 * follows a link. A full `page.goto` parses and starts the whole app again (0.5–1 CPU-second in Chromium);
 * use this once the app is loaded, on screens without unsaved edits (their guard would ask first).
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}
