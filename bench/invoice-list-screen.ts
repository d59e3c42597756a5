// The invoice list SCREEN with 10 000 invoices, in Chromium (decision 003). 10 000 invoices
// are inserted with one SQL statement into the test server's database; the built app is signed in
// and opened; times are taken inside the page (performance.now, one animation frame resolution):
// from the navigation to the first rows on screen, and to the last row after scrolling down (the
// rows arrive 500 at a time as the user nears the end). bench/run.ts prints them.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { searchKey } from '../src/domain/search-text';
import { startTestServer, type TestServer } from '../tests/support/test-server';
import { clearCompanyDocuments } from './support/clear-documents';
import { builtApp, launchChromium } from './support/screen-bench';

const INVOICES = 10_000;
const RUNS = Number(process.env.LIST_BENCH_RUNS ?? 5);
// A fast finger fling: 300 px (5 rows) per frame, 18 000 px/s at 60 images/s.
const STEP = Number(process.env.LIST_BENCH_STEP ?? 300);
const FRAMES = 400;

const fr = (n: number, digits = 0) =>
  n.toLocaleString('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (n: number) => `${fr(n)} ms`;
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const pct = (v: number[], p: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const summary = (v: number[]) => `médiane ${ms(median(v))} · max ${ms(Math.max(...v))} (${v.length} essais)`;

/** 10 000 invoices of one company, one INSERT … SELECT: 2 % drafts, one number series per year, 40 customers. */
async function insertInvoices(server: TestServer, companyId: number): Promise<number> {
  const db = server.deps.db;
  const started = performance.now();
  await clearCompanyDocuments(server, companyId);
  const key = searchKey('client');
  await db.execute(sql`
    insert into invoices (company_id, type, designation, customer_id, created_at, due_date, payment_mode, lines, ht, tva, ttc, validated,
      number, number_year, number_seq, validated_at, customer_snapshot, paid_at, search_text)
    select ${companyId}, case when g % 37 = 0 then 'Avoir' else 'Facture' end, 'Commande ' || g, c.id, d.day, d.day + 30, 'Virement', '[]'::jsonb,
      (g % 900) + 10.5, ((g % 900) + 10.5) * 0.2, ((g % 900) + 10.5) * 1.2, not d.draft,
      case when d.draft then null else 'F' || extract(year from d.day)::int || '-' || lpad(d.seq::text, 5, '0') end,
      case when d.draft then null else extract(year from d.day)::int end,
      case when d.draft then null else d.seq end,
      case when d.draft then null else d.day::timestamp + interval '10 hours' end,
      case when d.draft then null else jsonb_build_object('accountNumber', c.account_number, 'socialReason', c.social_reason, 'contactName', c.name) end,
      case when not d.draft and g % 3 = 0 then d.day + 20 else null end,
      ${key} || ' ' || g
    from (
      select g, day, draft, row_number() over (partition by draft, extract(year from day) order by g) as seq
      from (select g, current_date - 730 + (g * 729 / ${INVOICES}) as day, g % 50 = 0 as draft from generate_series(1, ${INVOICES}) g) raw
    ) d
    join lateral (select id, account_number, social_reason, name from customers where company_id = ${companyId} order by id offset (d.g % 6) limit 1) c on true
  `);
  await db.execute(sql`analyze invoices`);
  return performance.now() - started;
}

/** In the page: waits (one check per frame) until `done()` holds; returns the ms since `start`. */
const FRAME_WAIT = `async (done, start, limitMs) => {
  for (;;) {
    await new Promise((r) => requestAnimationFrame(() => r()));
    if (done()) return performance.now() - start;
    if (performance.now() - start > limitMs) throw new Error('délai dépassé');
  }
}`;

/** Navigation inside the app (the drawer link) → the first invoice rows on screen. */
async function firstRows(page: Page): Promise<number> {
  return page.evaluate(async (waitSrc) => {
    const wait = eval(waitSrc) as (done: () => boolean, start: number, limit: number) => Promise<number>;
    const link = document.querySelector<HTMLAnchorElement>(
      'nav a[href="/mes-factures/liste-des-factures"], a[href="/mes-factures/liste-des-factures"]',
    );
    if (!link) throw new Error('lien vers la liste des factures introuvable');
    const start = performance.now();
    link.click();
    return wait(
      () => {
        const cell = document.querySelector(
          '[role=table][aria-label="Factures"] [role=row][aria-rowindex="2"] [role=cell] a',
        );
        const rect = cell?.getBoundingClientRect();
        return (
          !!cell &&
          !!rect &&
          rect.bottom > 0 &&
          rect.top < innerHeight &&
          /^(F\d{4}-|Brouillon)/.test(cell.textContent ?? '')
        );
      },
      start,
      60_000,
    );
  }, FRAME_WAIT);
}

/** Scrolls to the end again and again until the last of `total` rows is on screen. */
async function toBottom(page: Page, total: number): Promise<number> {
  return page.evaluate(
    async ({ waitSrc, total }) => {
      const wait = eval(waitSrc) as (done: () => boolean, start: number, limit: number) => Promise<number>;
      const start = performance.now();
      return wait(
        () => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          const last = document.querySelector(
            `[role=table][aria-label="Factures"] [role=row][aria-rowindex="${total + 1}"]`,
          );
          const rect = last?.getBoundingClientRect();
          return !!rect && rect.top < innerHeight && rect.bottom > 0;
        },
        start,
        120_000,
      );
    },
    { waitSrc: FRAME_WAIT, total },
  );
}

/** Frame times while the list is scrolled down STEP px per frame, FRAMES frames (rows mount and unmount each frame). */
async function scrollFrames(page: Page): Promise<number[]> {
  return page.evaluate(
    async ({ step, frames }) => {
      window.scrollTo(0, 0);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      const times: number[] = [];
      let last = performance.now();
      for (let i = 0; i < frames && window.scrollY + innerHeight < document.documentElement.scrollHeight - 2; i++) {
        window.scrollBy(0, step);
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        const now = performance.now();
        times.push(now - last);
        last = now;
      }
      return times;
    },
    { step: STEP, frames: FRAMES },
  );
}

/** Until the device's copy of the invoices (Dexie 'meta' row) counts `total` rows. */
async function waitForDeviceCopy(page: Page, userId: number, companyId: number, total: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    const count = await page.evaluate(
      ({ userId, companyId }) =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open(`workplace-${userId}`);
          open.onerror = () => resolve(-1);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('meta')) {
              db.close();
              resolve(-1);
              return;
            }
            const get = db.transaction('meta').objectStore('meta').get([companyId, 'invoices']);
            get.onsuccess = () => {
              db.close();
              resolve((get.result as { count?: number } | undefined)?.count ?? -1);
            };
            get.onerror = () => {
              db.close();
              resolve(-1);
            };
          };
        }),
      { userId, companyId },
    );
    if (count === total) return;
    if (Date.now() - started > 120_000)
      throw new Error(`copie des factures sur l’appareil incomplète (${count} / ${total})`);
    await page.waitForTimeout(250);
  }
}

async function measure(server: TestServer, browser: Browser, total: number) {
  const { token, profile } = await server.api.login('demo');
  const context = await browser.newContext({
    serviceWorkers: 'block',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1366, height: 900 },
  });
  await context.addInitScript((session) => {
    localStorage.setItem('workplace.session', session);
    localStorage.setItem('facturation-announcement-dismissed', 'true');
    localStorage.setItem('invoice-banner-dismissed', 'true');
  }, JSON.stringify({ token, profile }));
  const page = await context.newPage();
  // Start-up stores the company's copies (10 000 invoices among them): let it finish first (a
  // reload during that write would abort it).
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
  await waitForDeviceCopy(page, profile.id, profile.userLastCompany, total);
  const first: number[] = [];
  const bottom: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    first.push(await firstRows(page));
    bottom.push(await toBottom(page, total));
  }
  const frames = await scrollFrames(page);
  // Offline: the same screen from the device's copy (10 000 rows sorted and filtered in the page).
  // The screen's code is loaded once online (no service worker here to serve it offline).
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
  await firstRows(page);
  await page.evaluate(() => history.back());
  await page.waitForURL((url) => url.pathname === '/');
  await context.setOffline(true);
  const offline: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    offline.push(await firstRows(page));
    await page.evaluate(() => history.back());
    await page.waitForURL((url) => url.pathname === '/');
  }
  await context.close();
  return { first, bottom, frames, offline };
}

export async function benchInvoiceListScreen(): Promise<Record<string, string>> {
  const app = await builtApp('lists');
  let server: TestServer | null = null;
  let browser: Browser | null = null;
  try {
    server = await startTestServer({ staticDir: app.staticDir });
    const company = server.seed!.companies[0];
    const insertMs = await insertInvoices(server, company.id);
    const [{ n }] = (
      await server.deps.db.execute(sql`select count(*)::int as n from invoices where company_id = ${company.id}`)
    ).rows as Array<{ n: number }>;
    browser = await launchChromium();
    const r = await measure(server, browser, n);
    return {
      'Factures de la société (insertion SQL en une requête)': `${fr(n)} (${ms(insertMs)})`,
      'Navigation → premières lignes à l’écran (en ligne, page de 500)': summary(r.first),
      'Défilement jusqu’à la dernière ligne (pages de 500 chargées au fil du défilement)': summary(r.bottom),
      [`Durée des images pendant un défilement rapide (${STEP} px par image)`]: `médiane ${fr(median(r.frames), 1)} ms · p95 ${fr(pct(r.frames, 95), 1)} ms · max ${fr(Math.max(...r.frames), 1)} ms (${fr(r.frames.length)} images)`,
      'Hors ligne : navigation → premières lignes (copie de l’appareil, 10 000 lignes triées et filtrées)': summary(
        r.offline,
      ),
      Navigateur: 'Chromium sans interface, 1366×900, sans GPU',
    };
  } finally {
    await browser?.close();
    await server?.close();
    app.remove();
  }
}
