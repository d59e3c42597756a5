// Decision 002: the offline invoicing scenario in a real Chromium against the
// real server. Visit online, go offline, reload → the app opens; draft a quote with a cached
// customer and article, preview its PDF rendered in the browser, validate an invoice (queued);
// back online each change reaches the server exactly once. Then the server dies mid-replay and
// restarts on the same port with its data, and a tab is closed while its change is on the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import { CONDITION_WAIT, expectAccessible, launchBrowser, noToasts, shot, visit } from './support/browser';
import {
  fillDocument,
  goOnline,
  openOnline,
  outboxEntries,
  pdfInDialog,
  startPersistentAppServer,
  waitForOpenedDocument,
} from './support/offline-helpers';

let server: TestServer;
let browser: Browser;
let token: string;
beforeAll(async () => {
  server = await startPersistentAppServer();
  browser = await launchBrowser();
  token = (await server.api.login('demo')).token;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const OFFLINE_NOISE = /Failed to fetch|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_(REFUSED|RESET)/;
const pending = (page: Page) => page.getByText('En attente d’envoi', { exact: true });
// Waits CONDITION_WAIT, a hang guard: alone the replay settles in a few seconds, but on a loaded CI
// machine (2026-11-27) it took more than 30 s once, with a validation's PDF rendered on a starved core.
const allSent = (page: Page) => page.getByRole('button', { name: 'Synchronisation : tout est envoyé' }).waitFor();

/** The server's quotes (demo's company), counted by the API. */
async function quoteCount(): Promise<number> {
  const res = await server.api.get('/api/estimates?pageSize=1', { token });
  expect(res.status).toBe(200);
  return res.body.total as number;
}

/** Validated invoice numbers of demo's company ('F2026-0007'…). */
async function invoiceNumbers(): Promise<string[]> {
  const res = await server.api.get('/api/factures?validated=true&type=Facture&pageSize=500', { token });
  return (res.body.items as Array<{ number: string }>).map((i) => i.number);
}

/** Offline, in the open tab: a new quote saved on the device (its address becomes ?id=tmp-…). */
async function queueQuote(page: Page, customer: [string, RegExp], article: [string, RegExp]) {
  await visit(page, '/mes-factures/ajouter-devis');
  await page.getByRole('heading', { name: 'Nouveau devis' }).waitFor();
  await fillDocument(page, customer, article, '24');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.waitForURL(/\/mes-factures\/modifier-devis\?id=tmp-/);
  await pending(page).waitFor();
}

const isPost = (path: string) => (route: Route) =>
  route.request().method() === 'POST' && new URL(route.request().url()).pathname === path;

describe('offline invoicing', () => {
  it('offline: the app opens, a quote is drafted and previewed, an invoice validated; back online each is applied once', async () => {
    const quotesBefore = await quoteCount();
    const draft = (await server.api.get('/api/factures?validated=false&type=Facture&pageSize=50', { token })).body
      .items[0] as { id: number };
    const { context, page, errors } = await openOnline(browser, server, OFFLINE_NOISE);
    // A draft invoice opened once online, from the list: kept on the device for offline reading.
    await visit(page, '/mes-factures/liste-des-factures');
    await page.locator(`a[href="/mes-factures/modifier-facture?id=${draft.id}"]`).first().click();
    await page.getByRole('heading', { name: 'Brouillon de facture' }).waitFor();
    await waitForOpenedDocument(page, 'invoices', draft.id);

    await context.setOffline(true);
    await page.reload();
    await page.getByText('Hors ligne', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Brouillon de facture' }).waitFor();
    await page.getByText('Copie enregistrée sur cet appareil').waitFor();

    // A new quote with a cached customer and catalogue article; its PDF is rendered in the browser.
    await visit(page, '/mes-factures/ajouter-devis');
    await page.getByRole('heading', { name: 'Nouveau devis' }).waitFor();
    await fillDocument(page, ['bistrot', /Le Bistrot Gourmand/], ['croissant', /Croissant/], '24');
    await page.getByRole('button', { name: 'Aperçu' }).click();
    // Drawn by pdf.js from the service worker's cache: the page has ink, not a blank canvas.
    const pdf = await pdfInDialog(page);
    expect(pdf.pages).toBe(1);
    expect(pdf.ink).toBeGreaterThan(0.005);
    await page
      .getByRole('dialog', { name: /^Aperçu de votre document/ })
      .getByRole('button', { name: 'Fermer', exact: true })
      .click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/mes-factures\/modifier-devis\?id=tmp-/);
    await pending(page).waitFor();
    await noToasts(page);
    await shot(page, 'offline-invoicing/quote-queued-offline-1366');
    await expectAccessible(page, 'l’éditeur hors ligne avec un devis en attente d’envoi');

    // The draft invoice read from the device, validated offline: the validation waits.
    await visit(page, `/mes-factures/modifier-facture?id=${draft.id}`);
    await page.getByRole('heading', { name: 'Brouillon de facture' }).waitFor();
    await page.getByRole('button', { name: 'Valider' }).click();
    await page
      .getByText(/^Validation en attente/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: '2 modifications en attente' }).waitFor();
    expect((await outboxEntries(page)).map((e) => e.kind)).toEqual(['quote.save', 'invoice.validate']);
    expect(await quoteCount()).toBe(quotesBefore);

    await goOnline(context, page);
    await allSent(page);
    const invoice = (await server.api.get(`/api/invoices/${draft.id}`, { token })).body;
    expect(invoice).toMatchObject({ validated: true, number: expect.stringMatching(/^F\d{4}-\d{4}$/) });
    // The open editor follows the replay: the invoice now shows its number.
    await page.getByRole('heading', { name: `Facture n° ${invoice.number}` }).waitFor();
    expect(await quoteCount()).toBe(quotesBefore + 1);
    const newest = (await server.api.get('/api/estimates?pageSize=1', { token })).body.items[0];
    const quote = (await server.api.get(`/api/estimates/${newest.id}`, { token })).body;
    expect(quote).toMatchObject({ customer: { socialReason: 'Le Bistrot Gourmand' } });
    expect(quote.lines[0]).toMatchObject({ quantity: 24 });
    // The customer's sheet lists it, and its row opens it in the editor.
    await visit(page, `/mes-factures/mes-clients/ficheClient?accountNumber=${quote.customer.accountNumber}`);
    const link = page.getByRole('table', { name: 'Devis du client' }).getByRole('link', { name: quote.number });
    await link.waitFor();
    await shot(page, 'offline-invoicing/customer-sheet-links-1366', true);
    await link.click();
    await page.waitForURL(`**/mes-factures/modifier-devis?id=${quote.id}`);
    await page.getByRole('heading', { name: `Devis n° ${quote.number}` }).waitFor();
    expect(errors().filter((e) => !OFFLINE_NOISE.test(e))).toEqual([]);
    await context.close();
  });

  it('the server dies mid-replay: after its restart, still one quote and one validation, numbers contiguous', async () => {
    const quotesBefore = await quoteCount();
    const numbersBefore = await invoiceNumbers();
    const { context, page, errors } = await openOnline(browser, server, OFFLINE_NOISE);
    await context.setOffline(true);
    await queueQuote(page, ['hotel parc', /Hôtel du Parc/], ['baguette', /BOU001/]);
    // A new invoice validated offline: its creation, then its validation, wait.
    await visit(page, '/mes-factures/ajouter-facture');
    await page.getByRole('heading', { name: 'Nouvelle facture' }).waitFor();
    await fillDocument(page, ['tilleuls', /SCI Les Tilleuls/], ['croissant', /Croissant/], '12');
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.waitForURL(/\/mes-factures\/modifier-facture\?id=tmp-/);
    await page
      .getByText(/^Validation en attente/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: '3 modifications en attente' }).waitFor();

    // The first replayed request: the server creates the quote, then dies before its answer arrives.
    const quoteKeys: string[] = [];
    let quoteReplays = 0;
    page.on(
      'request',
      (r) =>
        r.method() === 'POST' && r.url().endsWith('/api/estimates') && quoteKeys.push(r.headers()['idempotency-key']),
    );
    page.on(
      'response',
      (r) => r.url().endsWith('/api/estimates') && r.headers()['idempotent-replay'] === 'true' && quoteReplays++,
    );
    let down = false;
    let crashed = false;
    await page.route('**/api/**', async (route) => {
      if (route.request().method() === 'GET') return route.fallback();
      if (down) return route.abort('connectionrefused');
      if (crashed || !isPost('/api/estimates')(route)) return route.fallback();
      down = crashed = true;
      await route.fetch();
      await server.stop();
      await route.abort('connectionreset');
    });
    await goOnline(context, page);
    // The device keeps every change and retries with backoff.
    await expect
      .poll(async () => (await outboxEntries(page)).map((e) => [e.kind, e.attempts > 0]), { timeout: CONDITION_WAIT })
      .toEqual([
        ['quote.save', true],
        ['invoice.save', false],
        ['invoice.validate', false],
      ]);
    await page.getByRole('button', { name: '3 modifications en attente' }).waitFor();

    await server.restart();
    expect(await quoteCount()).toBe(quotesBefore + 1); // committed before the crash
    // The validation is applied, and its answer lost on the way back too.
    const lost: { id?: number; number?: string } = {};
    let validateReplays = 0;
    page.on(
      'response',
      (r) => r.url().endsWith('/validate') && r.headers()['idempotent-replay'] === 'true' && validateReplays++,
    );
    await page.route(
      (url) => url.pathname.endsWith('/validate'),
      async (route) => {
        if (lost.id) return route.fallback();
        const answer = await (await route.fetch()).json();
        Object.assign(lost, { id: answer.invoice.id, number: answer.invoice.number });
        await route.abort('connectionreset');
      },
    );
    down = false;
    // The server is back: the replay starts as when the connection returns ('online', which also
    // skips the backoff). Not by clicking « Synchroniser »: on a loaded machine a backoff timer may
    // already be sending, the button is then disabled, and once everything is sent it is gone (CI of
    // 2026-11-27: the click waited 90 s for it). The button itself is tested in offline-shell.test.ts.
    await goOnline(context, page);
    await allSent(page);

    expect(await quoteCount()).toBe(quotesBefore + 1);
    expect(new Set(quoteKeys).size).toBe(1);
    expect(quoteReplays).toBe(1);
    expect(validateReplays).toBe(1);
    const invoice = (await server.api.get(`/api/invoices/${lost.id}`, { token })).body;
    expect(invoice).toMatchObject({
      validated: true,
      number: lost.number,
      customer: { socialReason: 'SCI Les Tilleuls' },
    });
    const numbersAfter = await invoiceNumbers();
    expect(numbersAfter.filter((n) => !numbersBefore.includes(n))).toEqual([invoice.number]);
    const [series, seq] = (invoice.number as string).split('-');
    const previous = numbersBefore.filter((n) => n.startsWith(`${series}-`)).map((n) => Number(n.split('-')[1]));
    expect(Number(seq)).toBe(Math.max(0, ...previous) + 1);
    expect(await outboxEntries(page)).toEqual([]);
    expect(errors().filter((e) => !OFFLINE_NOISE.test(e))).toEqual([]);
    await context.close();
  });

  it('a tab closed while its change is on the way: the next tab sends it once, and no copy is offered again', async () => {
    const quotesBefore = await quoteCount();
    const { context, page } = await openOnline(browser, server, OFFLINE_NOISE);
    await visit(page, '/mes-factures/ajouter-devis');
    await page.getByRole('heading', { name: 'Nouveau devis' }).waitFor();
    await fillDocument(page, ['tilleuls', /SCI Les Tilleuls/], ['croissant', /Croissant/], '6');
    const held: string[] = [];
    // The request leaves and never gets an answer: the tab is closed meanwhile.
    await page.route('**/api/estimates', (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      held.push(route.request().headers()['idempotency-key']);
    });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(async () => (await outboxEntries(page)).map((e) => e.state)).toEqual(['sending']);
    // Marked "sending" on the device just before the request leaves: closed once it has left.
    await expect.poll(() => held.length).toBe(1);
    await page.close();

    const next = await context.newPage();
    const sent: string[] = [];
    next.on(
      'request',
      (r) => r.method() === 'POST' && r.url().endsWith('/api/estimates') && sent.push(r.headers()['idempotency-key']),
    );
    await next.goto(`${server.url}/mes-factures/liste-des-devis`);
    await allSent(next);
    expect(sent).toEqual(held);
    expect(await quoteCount()).toBe(quotesBefore + 1);
    // The form being saved is the quote just created: "Nouveau devis" starts empty, not from it.
    await visit(next, '/mes-factures/ajouter-devis');
    await next.getByRole('heading', { name: 'Nouveau devis' }).waitFor();
    await expect.poll(() => next.getByRole('combobox', { name: 'Client' }).inputValue()).toBe('');
    expect(await next.getByText('Brouillon repris').count()).toBe(0);
    await context.close();
  });
});
