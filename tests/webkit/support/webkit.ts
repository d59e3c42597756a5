import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Builder, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { expect, inject } from 'vitest';
import { apiClient, startTestServer, type TestServer } from '../../support/test-server';
import { startRelay, type Relay } from './unreachable';

// Conventions of the WebKit lane (decision 047), after the e2e suite's (decision 018): one
// MiniBrowser session per file, moved with visit() rather than reloaded where the test allows; the
// session injected (localStorage) unless the test is about signing in; elements found as a user
// finds them (role and accessible name, label, text), matched exactly as the app writes them; every
// wait is on a condition, polled inside the page (one WebDriver round trip per wait); console errors
// and uncaught exceptions of each loaded document collected and checked.

export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const TABLET = { width: 820, height: 1180 };
export const LAPTOP = { width: 1366, height: 900 };
export type Size = { width: number; height: number };

type Name = string | RegExp;
/** How a user finds an element. All given parts must hold; `within` scopes the search to the first match of another query. */
export interface Query {
  role?: string;
  /** The accessible name (aria-labelledby, aria-label, label, text), exact unless a RegExp. */
  name?: Name;
  /** The element whose own text is this (the deepest one), exact unless a RegExp. */
  text?: Name;
  /** A form field by its label. */
  label?: Name;
  /** Any element whose text contains this (rows, list items). */
  hasText?: Name;
  testId?: string;
  css?: string;
  within?: Query;
}

type Wire = { [K in keyof Query]: unknown };
const wire = (q: Query): Wire => {
  const out: Wire = {};
  for (const [k, v] of Object.entries(q))
    out[k as keyof Query] =
      v instanceof RegExp ? { re: v.source, flags: v.flags } : k === 'within' ? wire(v as Query) : v;
  return out;
};

/** The in-page half: finds elements by role, name, label or text, and runs the waits. */
const LIB = String.raw`
const W = window.__wk || (window.__wk = (() => {
  const IMPLICIT = {
    button: 'button, input[type=button], input[type=submit], input[type=reset]',
    link: 'a[href]',
    heading: 'h1, h2, h3, h4, h5, h6',
    dialog: 'dialog',
    textbox: 'input:not([type]), input[type=text], input[type=email], input[type=search], input[type=tel], input[type=password], textarea',
    combobox: 'select',
    list: 'ul, ol',
    listitem: 'li',
    article: 'article',
    table: 'table',
    row: 'tr',
    navigation: 'nav',
    status: 'output',
    progressbar: 'progress',
    checkbox: 'input[type=checkbox]',
    spinbutton: 'input[type=number]',
  };
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const text = (el) => norm(el.textContent);
  const matches = (value, want) =>
    want && typeof want === 'object' ? new RegExp(want.re, want.flags).test(value) : value === want;
  const visible = (el) =>
    el.isConnected && (el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : el.getClientRects().length > 0);
  // The text an accessible name takes from content: aria-hidden parts (a required field's « * ») left out.
  const content = (node) => {
    let s = '';
    for (const c of node.childNodes) {
      if (c.nodeType === 3) s += c.data;
      else if (c.nodeType === 1 && c.getAttribute('aria-hidden') !== 'true' && !/^(SCRIPT|STYLE|TEMPLATE)$/.test(c.tagName))
        s += c.getAttribute('aria-label') ? ' ' + c.getAttribute('aria-label') + ' ' : c.tagName === 'IMG' ? ' ' + (c.alt || '') + ' ' : ' ' + content(c) + ' ';
    }
    return s;
  };
  const nameOf = (el) => {
    const by = el.getAttribute('aria-labelledby');
    if (by) return norm(by.split(/\s+/).map((id) => { const t = document.getElementById(id); return t ? content(t) : ''; }).join(' '));
    const aria = el.getAttribute('aria-label');
    if (aria && aria.trim()) return norm(aria);
    if (el.labels && el.labels.length) return norm([...el.labels].map(content).join(' '));
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)) return norm(el.getAttribute('title') || el.getAttribute('placeholder'));
    return norm(content(el)) || norm(el.getAttribute('title'));
  };
  const byRole = (root, role) =>
    [...root.querySelectorAll('[role]' + (IMPLICIT[role] ? ', ' + IMPLICIT[role] : ''))].filter((el) => {
      const explicit = (el.getAttribute('role') || '').split(' ')[0];
      return explicit ? explicit === role : true;
    });
  const byLabel = (root, want) => {
    const out = [];
    for (const el of root.querySelectorAll('input, textarea, select, [role=combobox], [role=textbox], [role=slider]'))
      if (matches(nameOf(el), want)) out.push(el);
    return out;
  };
  // The deepest elements whose whole text matches: climbing from each text node while the text stays
  // short (an exact string: no longer than it), instead of reading the text of every element.
  const byText = (root, want) => {
    const limit = typeof want === 'string' ? want.length : 500;
    const found = new Set();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.data.trim()) continue;
      for (let el = n.parentElement; el; el = el.parentElement) {
        if (/^(SCRIPT|STYLE|TEMPLATE)$/.test(el.tagName)) break;
        const t = text(el);
        if (t.length > limit) break;
        if (matches(t, want)) { found.add(el); break; }
        if (el === root) break;
      }
    }
    return [...found].filter((el) => ![...found].some((other) => other !== el && el.contains(other)));
  };
  const findAll = (q) => {
    let root = document;
    if (q.within) {
      const scope = findAll(q.within)[0];
      if (!scope) return [];
      root = scope;
    }
    let found;
    if (q.role) found = byRole(root, q.role);
    else if (q.label) found = byLabel(root, q.label);
    else if (q.text) found = byText(root, q.text);
    else if (q.testId) found = [...root.querySelectorAll('[data-testid="' + q.testId + '"]')];
    else found = [...root.querySelectorAll(q.css || '*')];
    return found.filter(
      (el) =>
        visible(el) &&
        (!q.name || matches(nameOf(el), q.name)) &&
        (!q.label || !q.role || matches(nameOf(el), q.label)) &&
        (!q.text || !q.role || matches(text(el), q.text)) &&
        (!q.testId || el.dataset.testid === q.testId) &&
        (!q.css || el.matches(q.css)) &&
        (!q.hasText || (q.hasText.re ? new RegExp(q.hasText.re, q.hasText.flags).test(text(el)) : text(el).includes(q.hasText))),
    );
  };
  // Polls check() until it returns something truthy or the time is up: one round trip per wait.
  // every: milliseconds between two checks, 0 for every frame (timings).
  const poll = (check, ms, done, every = 40) => {
    const end = Date.now() + ms;
    const next = (value) => {
      if (value) return done({ value });
      if (Date.now() > end) return done({ timeout: true });
      if (every) setTimeout(tick, every);
      else requestAnimationFrame(tick);
    };
    const fail = (e) => done({ error: String(e && e.stack || e) });
    // A check may answer at once or later (a promise: an IndexedDB read).
    const tick = () => {
      let value;
      try { value = check(); } catch (e) { return fail(e); }
      if (value && typeof value.then === 'function') value.then(next, fail);
      else next(value);
    };
    tick();
  };
  return { findAll, poll, nameOf, text };
})());
`;

export interface ConsoleGuard {
  errors: string[];
}

/** A WebKit page (one MiniBrowser window) with the lane's helpers. */
export class WebKit {
  private constructor(readonly driver: WebDriver) {}

  /** Opens a MiniBrowser through the run's WebKitWebDriver, its page (the viewport) at `size`. */
  static async open(size: Size = LAPTOP, driverUrl?: string): Promise<WebKit> {
    const url = driverUrl ?? inject('webkitDriver');
    if (!url) throw new Error('WebKitWebDriver absent : lancez le projet « webkit » (tests/webkit/global-setup.ts).');
    const driver = await new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
    await driver.manage().setTimeouts({ script: 120_000, pageLoad: 60_000, implicit: 0 });
    const page = new WebKit(driver);
    await page.resize(size);
    return page;
  }

  /**
   * The window sized so that the page itself (innerWidth × innerHeight) is `size`: the window's frame
   * (MiniBrowser's toolbar) is added to it. The page learns its new size a moment after the window
   * does, later still on a loaded machine (a stale reading once gave a page 38 px short): the frame is
   * measured once the page's size holds still, and the window set again until the page is `size`.
   */
  async resize(size: Size): Promise<void> {
    let rect = size;
    for (let attempt = 0; attempt < 4; attempt++) {
      await this.driver.manage().window().setRect(rect);
      const inner = await this.settledInnerSize();
      if (inner[0] === size.width && inner[1] === size.height) return;
      const outer = await this.driver.manage().window().getRect();
      rect = { width: size.width + outer.width - inner[0], height: size.height + outer.height - inner[1] };
    }
    throw new Error(`WebKit : la page n’a pas pris la taille ${size.width}×${size.height}.`);
  }

  /** The page's size once two readings a few frames apart agree. */
  private async settledInnerSize(): Promise<[number, number]> {
    const read = () =>
      this.driver.executeAsyncScript<[number, number]>(
        `const done = arguments[arguments.length - 1];
         setTimeout(() => requestAnimationFrame(() => done([innerWidth, innerHeight])), 50);`,
      );
    let last = await read();
    for (let i = 0; i < 40; i++) {
      const now = await read();
      if (now[0] === last[0] && now[1] === last[1]) return now;
      last = now;
    }
    return last;
  }

  async quit(): Promise<void> {
    await this.driver.quit();
  }

  /** Left open for the next files: the global setup's teardown closes it (its id goes in the run's list). */
  async leaveOpen(): Promise<void> {
    const file = inject('webkitSessionsFile');
    if (file) appendFileSync(file, `${(await this.driver.getSession()).getId()}\n`);
  }

  /** Runs `body` (a function body: `arguments`, `return`) in the page with the lane's library as `W`. */
  run<T = unknown>(body: string, ...args: unknown[]): Promise<T> {
    return this.driver.executeScript<T>(`${LIB}\n${body}`, ...args);
  }

  /**
   * Waits until `check` (a function body returning a value, run in the page with `W` and `args`)
   * gives something truthy, and returns it. The page polls it; a navigation meanwhile (the script
   * dies with its document) simply starts the wait again in the new one.
   */
  // Timeouts are bounds, not waits: every check returns as soon as its condition holds. They are
  // generous because in `npm test` this lane shares two cores with four others (a step that takes
  // 2 s alone took 25 s there).
  async until<T = unknown>(
    check: string,
    args: unknown[] = [],
    { timeout = 30_000, what = check, everyFrame = false } = {},
  ): Promise<T> {
    const end = Date.now() + timeout;
    let last = '';
    for (;;) {
      const left = end - Date.now();
      if (left <= 0)
        throw new Error(`WebKit : toujours pas au bout de ${timeout} ms : ${what}${last ? ` (${last})` : ''}`);
      const result = await this.driver
        .executeAsyncScript<{ value?: T; timeout?: boolean; error?: string; navigated?: boolean }>(
          `${LIB}
const done = arguments[arguments.length - 1];
const args = arguments[0];
W.poll(() => { ${check} }, arguments[1], done, arguments[2]);`,
          args,
          Math.min(left, 30_000),
          everyFrame ? 0 : 40,
        )
        .catch((error: Error) => ({ error: error.message, navigated: true, value: undefined }));
      if (result.value) return result.value;
      if (result.error && !result.navigated) throw new Error(`WebKit : ${what} : ${result.error}`);
      if (result.error) {
        last = result.error;
        // The document changed under the script: wait for the new one before polling again.
        await this.driver.executeScript('return document.readyState').catch(() => undefined);
      }
    }
  }

  /** The first visible element the query finds, once there is one. */
  find(q: Query, timeout = 30_000): Promise<WebElement> {
    return this.until<WebElement>('return W.findAll(args[0])[0];', [wire(q)], { timeout, what: describe(q) });
  }

  /** Until no visible element matches. */
  async gone(q: Query, timeout = 30_000): Promise<void> {
    await this.until('return W.findAll(args[0]).length === 0;', [wire(q)], { timeout, what: `${describe(q)} disparu` });
  }

  count(q: Query): Promise<number> {
    return this.run<number>('return W.findAll(arguments[0]).length;', wire(q));
  }

  async textOf(q: Query): Promise<string> {
    const el = await this.find(q);
    return this.run<string>('return W.text(arguments[0]);', el);
  }

  /** Clicks as a user does (WebDriver's pointer click), once the element is there and enabled; retried while something covers it. */
  async click(q: Query, timeout = 30_000): Promise<void> {
    const end = Date.now() + timeout;
    for (;;) {
      const el = await this.until<WebElement>(
        `const el = W.findAll(args[0])[0];
if (!el || el.disabled || el.getAttribute('aria-disabled') === 'true') return;
// Stable as Playwright means it: the same box on two polls, and no transition running (a modal
// opening would move it under WebDriver's click, which lands where the element was).
const r = el.getBoundingClientRect();
const box = [r.x, r.y, r.width, r.height].join();
const moving = el.__wkBox !== box || document.getAnimations().some((a) => a.playState === 'running' && a.effect && a.effect.getTiming().iterations !== Infinity);
el.__wkBox = box;
return !moving && el;`,
        [wire(q)],
        { timeout: Math.max(1, end - Date.now()), what: `${describe(q)} cliquable` },
      );
      try {
        await el.click();
        return;
      } catch (error) {
        // A modal's overlay still fading, the element replaced by a re-render, or under a sticky bar
        // after WebDriver's own scroll: brought to the middle of the page and found again.
        if (Date.now() > end) throw error;
        await this.run('arguments[0].scrollIntoView({ block: "center" });', el).catch(() => undefined);
      }
    }
  }

  /** Types into a field as a user does: everything selected, then the new text. */
  async fill(q: Query, value: string): Promise<void> {
    await this.click(q);
    const el = await this.find(q);
    // Two calls: WebKitGTK keeps Control down to the end of one call (Key.NULL does not release it).
    await el.sendKeys(Key.chord(Key.CONTROL, 'a'));
    await el.sendKeys(value);
    await this.until('const el = W.findAll(args[0])[0]; return el && el.value === args[1];', [wire(q), value], {
      what: `${describe(q)} = ${value}`,
    });
  }

  async press(key: string): Promise<void> {
    await (await this.driver.switchTo().activeElement()).sendKeys(key);
  }

  /** Loads a document; the console guard is installed in it. */
  async goto(url: string): Promise<void> {
    await this.driver.get(url);
    await this.guard();
  }

  /** Reloads the document (the service worker answers when the server cannot). */
  async reload(): Promise<void> {
    await this.driver.navigate().refresh();
    await this.guard();
  }

  /**
   * In-app navigation without reloading the document (the router follows a history change as it
   * follows a link), as the e2e suite's visit().
   */
  async visit(path: string): Promise<void> {
    await this.run(
      `window.history.pushState({}, '', arguments[0]); window.dispatchEvent(new PopStateEvent('popstate'));`,
      path,
    );
    await this.until('return location.pathname + location.search === args[0];', [path], { what: `adresse ${path}` });
  }

  pathname(): Promise<string> {
    return this.run<string>('return location.pathname;');
  }

  /**
   * Console errors and uncaught exceptions of the current document from the moment it was loaded
   * (WebDriver classic has no console events: console.error and the error events are wrapped in the
   * page right after each navigation; what a script logs before that is not seen).
   */
  async guard(): Promise<void> {
    await this.run(`
if (!window.__wkErrors) {
  window.__wkErrors = [];
  const original = console.error.bind(console);
  console.error = (...a) => { window.__wkErrors.push(a.map(String).join(' ')); original(...a); };
  addEventListener('error', (e) => window.__wkErrors.push('Erreur : ' + e.message));
  addEventListener('unhandledrejection', (e) => window.__wkErrors.push('Promesse rejetée : ' + String(e.reason && e.reason.stack || e.reason)));
  document.addEventListener('securitypolicyviolation', (e) => window.__wkErrors.push('Violation CSP : ' + e.effectiveDirective + ' ' + e.blockedURI));
}`);
  }

  /** The errors the guard saw in this document, minus those the test expects. */
  async consoleErrors(allow?: RegExp): Promise<string[]> {
    const errors = await this.run<string[]>('return window.__wkErrors || [];');
    return errors.filter((e) => !allow?.test(e));
  }

  async expectNoConsoleErrors(allow?: RegExp): Promise<void> {
    expect(await this.consoleErrors(allow), 'erreurs dans la console de WebKit').toEqual([]);
  }

  /** Every row of one store of the signed-in user's IndexedDB database (workplace-<userId>). */
  readStore<T = Record<string, unknown>>(store: string): Promise<T[]> {
    return this.driver.executeAsyncScript<T[]>(
      `const done = arguments[arguments.length - 1];
const userId = JSON.parse(localStorage.getItem('workplace.session') || 'null')?.profile?.id;
const open = indexedDB.open('workplace-' + userId);
open.onerror = () => done([]);
open.onsuccess = () => {
  const db = open.result;
  if (!db.objectStoreNames.contains(arguments[0])) { db.close(); return done([]); }
  const req = db.transaction(arguments[0]).objectStore(arguments[0]).getAll();
  req.onsuccess = () => { db.close(); done(req.result); };
  req.onerror = () => { db.close(); done([]); };
};`,
      store,
    );
  }

  /** Screenshots are for people reviewing the screens: only when SHOTS_DIR is set. */
  async shot(name: string): Promise<void> {
    const dir = process.env.SHOTS_DIR;
    if (!dir) return;
    const path = join(dir, 'webkit', `${name}.png`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, await this.driver.takeScreenshot(), 'base64');
  }
}

function describe(q: Query): string {
  return Object.entries(q)
    .map(([k, v]) => `${k}=${k === 'within' ? `(${describe(v as Query)})` : String(v)}`)
    .join(' ');
}

/** Queries as the tests write them. */
export const role = (r: string, name?: Name, more: Omit<Query, 'role' | 'name'> = {}): Query => ({
  role: r,
  ...(name === undefined ? {} : { name }),
  ...more,
});
export const text = (t: Name, more: Omit<Query, 'text'> = {}): Query => ({ text: t, ...more });
export const label = (l: Name, more: Omit<Query, 'label'> = {}): Query => ({ label: l, ...more });
export const within = (scope: Query, q: Query): Query => ({ ...q, within: scope });

/** The localStorage the app writes once signed in (src/lib/session.ts), with the announcement dismissed. */
export async function sessionItems(server: TestServer, username = 'demo'): Promise<Record<string, string>> {
  const { token, profile } = await apiClient(server.url).login(username, username);
  const { token: _inBody, ...stored } = profile as Record<string, unknown>;
  return {
    'workplace.session': JSON.stringify({ token, profile: stored }),
    'facturation-announcement-dismissed': 'true',
  };
}

/**
 * Signed in without the form: a small document of the origin is opened first (the manifest) and the
 * session written into its localStorage, as the e2e suite's init script does before the app starts.
 */
export async function injectSession(page: WebKit, origin: string, server: TestServer, username = 'demo') {
  const items = await sessionItems(server, username);
  await page.driver.get(`${origin}/manifest.webmanifest`);
  await page.run('for (const [k, v] of Object.entries(arguments[0])) localStorage.setItem(k, v);', items);
}

let lane: Promise<{ server: TestServer; page: WebKit }> | null = null;

/**
 * One server (in-memory PGlite from the run's snapshot, serving the production build) and one
 * MiniBrowser for the whole lane: its files share one worker (isolate: false, one worker). Each file
 * gets its own relay, hence its own origin: a fresh localStorage, IndexedDB and service worker, as on
 * another device. Tests count what they add on the server (one more quote), never absolute totals.
 * The file closes its relay; the global setup's teardown closes the browser, the server ends with the
 * worker (its exit removes the server's folder).
 */
export async function openLane(size: Size = LAPTOP): Promise<{ server: TestServer; relay: Relay; page: WebKit }> {
  const start = async () => {
    const [server, page] = await Promise.all([
      startTestServer({ staticDir: process.env.E2E_DIST ?? 'dist' }),
      WebKit.open(size),
    ]);
    process.once('exit', () => rmSync(server.dataDir, { recursive: true, force: true }));
    await page.leaveOpen();
    return { server, page };
  };
  lane ??= start();
  let { server, page } = await lane;
  // A browser that died with an earlier file is opened again.
  if (!(await page.run('return true').catch(() => false))) {
    page = await WebKit.open(size);
    await page.leaveOpen();
    lane = Promise.resolve({ server, page });
  }
  await page.resize(size);
  return { server, relay: await startRelay(server.port), page };
}

/** Until the page is controlled by the service worker (the first visit is not until it activates and claims it). */
export const controlled = (page: WebKit) =>
  page.until('return navigator.serviceWorker && navigator.serviceWorker.controller != null;', [], {
    timeout: 30_000,
    what: 'page contrôlée par le service worker',
  });

/**
 * In-page check (a function body with `args[0]`, the dataset names): are the signed-in company's
 * datasets stored on the device? Each refresh writes its meta row. Also used by the bench in Chromium.
 */
export const CACHES_STORED = `const profile = JSON.parse(localStorage.getItem('workplace.session') || 'null')?.profile;
if (!profile) return false;
return new Promise((resolve) => {
  const open = indexedDB.open('workplace-' + profile.id);
  open.onerror = () => resolve(false);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('meta')) { db.close(); return resolve(false); }
    const req = db.transaction('meta').objectStore('meta').getAll();
    req.onsuccess = () => {
      db.close();
      const have = req.result.filter((r) => r.companyId === profile.userLastCompany).map((r) => r.dataset);
      resolve(args[0].every((d) => have.includes(d)));
    };
    req.onerror = () => { db.close(); resolve(false); };
  };
});`;

/** Waits until the datasets of the signed-in company are stored on the device. */
export async function waitForCaches(page: WebKit, datasets: string[]): Promise<void> {
  await page.until(CACHES_STORED, [datasets], {
    timeout: 30_000,
    what: `données enregistrées sur l’appareil : ${datasets.join(', ')}`,
  });
}

export interface OutboxView {
  kind: string;
  state: string;
  attempts: number;
}
export const outboxEntries = async (page: WebKit): Promise<OutboxView[]> =>
  (await page.readStore<OutboxView & { seq: number }>('outbox'))
    .sort((a, b) => a.seq - b.seq)
    .map(({ kind, state, attempts }) => ({ kind, state, attempts }));
