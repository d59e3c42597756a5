// Inbox deposits go through the outbox (decision 002): a file deposited offline waits on the device and is
// uploaded exactly once back online; a connection lost after the server stored the file does not
// deposit it twice; a refusal shows the server's French words and is not retried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import {
  CONDITION_WAIT,
  expectAccessible,
  launchBrowser,
  newContext,
  sessionFor,
  shot,
  shotAt,
  startAppServer,
  TABLET,
  visit,
  watchConsole,
} from './support/browser';
import { OFFLINE_NOISE } from './support/offline-helpers';
import { outboxCount } from './support/outbox';

const UPLOAD = '**/api/my-inbox/documents/upload';
const QUEUED = /^Fichier enregistré sur cet appareil : il sera déposé au retour du réseau\.$/;

let server: TestServer;
let browser: Browser;
let token: string;
beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  token = (await server.api.login('demo')).token;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

/** The server's pending deposits of demo's company with that name. */
async function depositsNamed(name: string): Promise<number> {
  const res = await server.api.get(`/api/my-inbox?q=${encodeURIComponent(name)}&pageSize=100`, { token });
  expect(res.status).toBe(200);
  return (res.body.items as Array<{ name: string }>).filter((d) => d.name === name).length;
}

async function openDepositScreen(
  allowConsole?: RegExp,
): Promise<{ context: BrowserContext; page: Page; errors: () => string[] }> {
  const context = await newContext(browser, {
    serviceWorkers: 'allow',
    session: await sessionFor(server.url),
    allowConsole,
  });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(`${server.url}/`);
  await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
  // Controlled by the service worker: the app keeps working (and reloading) offline.
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: CONDITION_WAIT });
  await visit(page, '/ma-bannette/deposer');
  await page.getByRole('heading', { name: 'Déposer des fichiers' }).waitFor();
  return { context, page, errors };
}

async function chooseAndDeposit(page: Page, name: string, buffer: Buffer) {
  await page.getByRole('combobox', { name: /^Catégorie du dépôt/ }).click();
  await page.getByRole('option', { name: 'Comptabilité › Ventes' }).click();
  await page.getByLabel('Fichiers à déposer').setInputFiles([{ name, mimeType: 'application/pdf', buffer }]);
  await page.getByText('Prêt à déposer').waitFor();
  await page.getByRole('button', { name: 'Déposer le fichier' }).click();
}

const row = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Fichiers choisis' }).getByRole('listitem').filter({ hasText: name });

describe('inbox deposits through the outbox', () => {
  it('a file deposited offline waits on the device, survives a reload, and is uploaded exactly once back online', async () => {
    const { context, page, errors } = await openDepositScreen(OFFLINE_NOISE);
    const name = 'Facture hors ligne.pdf';
    let uploads = 0;
    page.on('request', (r) => r.url().endsWith('/api/my-inbox/documents/upload') && uploads++);

    await context.setOffline(true);
    await chooseAndDeposit(page, name, pdf('hors ligne'));
    await row(page, name)
      .getByText(/En attente d[’']envoi/)
      .waitFor();
    await page.getByRole('status').getByText(QUEUED).waitFor();
    await page.getByRole('button', { name: '1 modification en attente' }).waitFor();
    expect(uploads).toBe(0);
    expect(await outboxCount(page)).toBe(1);
    await shot(page, 'inbox-offline/deposit-queued-1366');
    await expectAccessible(page, 'le dépôt avec un fichier en attente d’envoi');
    await shotAt(page, 'inbox-offline/deposit-queued-820', TABLET, true);

    // Still offline, a reload: the file is kept on the device and listed at the top of /ma-bannette.
    await page.goto(`${server.url}/ma-bannette`);
    await page.getByRole('heading', { name: 'Consulter ma bannette' }).waitFor();
    const queued = page.getByRole('row').filter({ hasText: name });
    await queued.getByText(/En attente d[’']envoi/).waitFor();
    await shot(page, 'inbox-offline/inbox-queued-1366');
    await expectAccessible(page, 'ma bannette avec un fichier en attente d’envoi');

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByRole('button', { name: 'Synchronisation : tout est envoyé' }).waitFor();
    await page.getByRole('heading', { name: 'Fichiers en attente d’envoi' }).waitFor({ state: 'detached' });
    // The server's list is reloaded: the file is there, deposited.
    await page.getByRole('row').filter({ hasText: name }).getByText('Déposé', { exact: true }).waitFor();
    expect(await outboxCount(page)).toBe(0);
    expect(uploads).toBe(1);
    expect(await depositsNamed(name)).toBe(1);
    expect(errors().filter((e) => !OFFLINE_NOISE.test(e))).toEqual([]);
    await context.close();
  });

  it('the connection drops after the server stored the file: retried with the same key, still one deposit', async () => {
    const { context, page, errors } = await openDepositScreen();
    const name = 'Relevé coupure.pdf';
    const keys: string[] = [];
    let replays = 0;
    page.on(
      'request',
      (r) => r.url().endsWith('/api/my-inbox/documents/upload') && keys.push(r.headers()['idempotency-key']),
    );
    page.on(
      'response',
      (r) =>
        r.url().endsWith('/api/my-inbox/documents/upload') && r.headers()['idempotent-replay'] === 'true' && replays++,
    );
    // First attempt only: the server receives and stores the file, then the answer is lost.
    await page.route(
      UPLOAD,
      async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );

    await chooseAndDeposit(page, name, pdf('coupure'));
    // The screen's attempt failed: the file waits, and the replayer tries again after its backoff (~2 s).
    await row(page, name).getByText('· Déposé').waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(replays).toBe(1);
    expect(await outboxCount(page)).toBe(0);
    expect(await depositsNamed(name)).toBe(1);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('a request that never reached the server is sent again once: one deposit', async () => {
    const { context, page, errors } = await openDepositScreen();
    const name = 'Ticket coupure.pdf';
    let uploads = 0;
    page.on('request', (r) => r.url().endsWith('/api/my-inbox/documents/upload') && uploads++);
    await page.route(UPLOAD, (route) => route.abort('connectionrefused'), { times: 1 });
    await chooseAndDeposit(page, name, pdf('refus de connexion'));
    await row(page, name).getByText('· Déposé').waitFor();
    expect(uploads).toBe(2);
    expect(await depositsNamed(name)).toBe(1);
    expect(await outboxCount(page)).toBe(0);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('cancel: a file on its way is stopped; a file waiting offline is dropped after confirmation', async () => {
    const { context, page, errors } = await openDepositScreen(OFFLINE_NOISE);
    // Held by the network until cancelled.
    await page.route(UPLOAD, () => undefined, { times: 1 });
    await chooseAndDeposit(page, 'Annulé en route.pdf', pdf('annulé'));
    await row(page, 'Annulé en route.pdf')
      .getByText(/Envoi en cours/)
      .waitFor();
    await page.getByRole('button', { name: 'Annuler l’envoi de Annulé en route.pdf' }).click();
    await row(page, 'Annulé en route.pdf').getByText('Envoi annulé').waitFor();
    expect(await outboxCount(page)).toBe(0);

    await context.setOffline(true);
    await page
      .getByLabel('Fichiers à déposer')
      .setInputFiles([{ name: 'Abandonné.pdf', mimeType: 'application/pdf', buffer: pdf('abandonné') }]);
    await page.getByRole('button', { name: 'Déposer les 2 fichiers' }).click();
    await row(page, 'Abandonné.pdf')
      .getByText(/En attente d[’']envoi/)
      .waitFor();
    await row(page, 'Annulé en route.pdf')
      .getByText(/En attente d[’']envoi/)
      .waitFor();
    await page.getByRole('button', { name: 'Annuler l’envoi de Abandonné.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Annuler l’envoi de ce fichier ?' });
    await dialog
      .getByText('Le fichier « Abandonné.pdf », enregistré sur cet appareil, ne sera pas déposé dans votre bannette.')
      .waitFor();
    await expectAccessible(page, 'la confirmation d’annulation d’un envoi');
    await dialog.getByRole('button', { name: 'Annuler l’envoi' }).click();
    await row(page, 'Abandonné.pdf').waitFor({ state: 'detached' });
    expect(await outboxCount(page)).toBe(1);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await row(page, 'Annulé en route.pdf').getByText('· Déposé').waitFor();
    expect(await depositsNamed('Annulé en route.pdf')).toBe(1);
    expect(await depositsNamed('Abandonné.pdf')).toBe(0);
    expect(errors().filter((e) => !OFFLINE_NOISE.test(e))).toEqual([]);
    await context.close();
  });

  it('a file the server refuses (415) shows its French message and is not retried', async () => {
    const { context, page, errors } = await openDepositScreen();
    const name = 'Faux document.pdf';
    let uploads = 0;
    page.on('request', (r) => r.url().endsWith('/api/my-inbox/documents/upload') && uploads++);
    await chooseAndDeposit(page, name, Buffer.from('MZ\x90\x00 ceci est un programme, pas un PDF'));
    await row(page, name).getByText(`Le type du fichier « ${name} » n'est pas autorisé`, { exact: false }).waitFor();
    await row(page, name)
      .getByText(/Échec de l[’']envoi/)
      .waitFor();
    expect(await outboxCount(page)).toBe(0);
    // Nothing is sent again: a replay asked for now finds nothing waiting ("tout est envoyé").
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByRole('button', { name: 'Synchronisation : tout est envoyé' }).waitFor();
    expect(uploads).toBe(1);
    expect(await depositsNamed(name)).toBe(0);
    await shot(page, 'inbox-offline/deposit-refused-1366');
    // The refusal is a 415 response, logged by Chromium as a failed resource only.
    expect(errors()).toEqual([]);
    await context.close();
  });
});
