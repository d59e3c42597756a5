// With two browser contexts as two devices against the real server (decision 010):
// a customer created offline is numbered by the server (never a number guessed on the device) and
// the quote drafted for it follows it; two devices saving the same draft never overwrite each
// other silently; the sync panel names each waiting change and keeps uploads apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { companyId, MARTIN, quotePayload } from '../support/invoice-helpers';
import type { TestServer } from '../support/test-server';
import { launchBrowser, openSignedIn, shot, visit } from './support/browser';
import { fillDocument, goOnline, openOnline, startPersistentAppServer } from './support/offline-helpers';

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

const OFFLINE_NOISE = /Failed to fetch|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_(REFUSED|RESET)|409/;
const allSent = (page: Page) => page.getByRole('button', { name: 'Synchronisation : tout est envoyé' }).waitFor();

async function newCustomer(page: Page, socialReason: string): Promise<void> {
  await page.getByRole('button', { name: 'Nouveau client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau client' });
  await dialog.getByLabel('Raison sociale').fill(socialReason);
  await dialog.getByLabel('Adresse', { exact: true }).fill('3 rue des Lilas');
  await dialog.getByLabel('Code postal').fill('17000');
  await dialog.getByLabel('Ville').fill('La Rochelle');
  // Decision 046: a professional customer in France gives a valid SIREN.
  await dialog.getByLabel('SIREN').fill('552 100 554');
  await dialog.getByRole('button', { name: 'Créer le client' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function customerByName(socialReason: string): Promise<{ accountNumber: string }> {
  const res = await server.api.get(`/api/customers?q=${encodeURIComponent(socialReason)}`, { token });
  expect(res.body.items).toHaveLength(1);
  return res.body.items[0];
}

describe('two devices', () => {
  it('a customer created offline gets its own number from the server, and its quote stays addressed to it', async () => {
    const a = await openOnline(browser, server, OFFLINE_NOISE);
    await a.context.setOffline(true);
    await visit(a.page, '/mes-factures/mes-clients');
    await a.page.getByRole('heading', { name: 'Mes clients' }).waitFor();
    await newCustomer(a.page, 'Fromagerie Hors Ligne');
    // Never a guessed number: the device shows that the server will give it one.
    await a.page.getByLabel('Rechercher un client').fill('fromagerie hors');
    await a.page.getByText('Numéro attribué à l’envoi').first().waitFor();
    await visit(a.page, '/mes-factures/ajouter-devis');
    await a.page.getByRole('heading', { name: 'Nouveau devis' }).waitFor();
    await fillDocument(
      a.page,
      ['fromagerie', /Fromagerie Hors Ligne \(Numéro attribué à l’envoi\)/],
      ['croissant', /Croissant/],
      '12',
    );
    await a.page.getByRole('button', { name: 'Enregistrer' }).click();
    await a.page.waitForURL(/\/mes-factures\/modifier-devis\?id=tmp-/);

    // Item 10: the sync panel names each change, edits apart from uploads.
    await a.page.getByRole('button', { name: '2 modifications en attente' }).click();
    const panel = a.page.getByRole('dialog', { name: 'Synchronisation' });
    const edits = panel.getByRole('region', { name: 'Modifications (2)' });
    await edits.getByRole('article', { name: 'Client Fromagerie Hors Ligne' }).waitFor();
    await edits
      .getByRole('article', { name: 'Nouveau devis — Fromagerie Hors Ligne' })
      .getByText('Sera envoyée après « Client Fromagerie Hors Ligne ».')
      .waitFor();
    await shot(a.page, 'two-devices/sync-panel-named-1366');
    await panel.getByRole('button', { name: 'Fermer la synchronisation' }).click();

    // Device B, online meanwhile, creates a customer: the server numbers it.
    const b = await openSignedIn(browser, server.url, '/mes-factures/mes-clients');
    await b.page.getByRole('heading', { name: 'Mes clients' }).waitFor();
    await newCustomer(b.page, 'Client Appareil B');
    await b.page.getByText('Client créé').first().waitFor();
    const other = await customerByName('Client Appareil B');

    await goOnline(a.context, a.page);
    await allSent(a.page);
    const mine = await customerByName('Fromagerie Hors Ligne');
    expect(mine.accountNumber).toMatch(/^C\d{5}$/);
    expect(mine.accountNumber).not.toBe(other.accountNumber);
    const newest = (await server.api.get('/api/estimates?pageSize=1', { token })).body.items[0];
    const quote = (await server.api.get(`/api/estimates/${newest.id}`, { token })).body;
    expect(quote.customer).toMatchObject({ accountNumber: mine.accountNumber, socialReason: 'Fromagerie Hors Ligne' });
    expect(a.errors().filter((e) => !OFFLINE_NOISE.test(e))).toEqual([]);
    expect(b.errors()).toEqual([]);
    await Promise.all([a.context.close(), b.context.close()]);
  });

  it('two devices save the same draft: the second is asked (reload or overwrite), online and after an offline replay', async () => {
    const login = await server.api.login('demo');
    expect(login.profile.userLastCompany).toBe(companyId(server, MARTIN));
    const quote = (
      await server.api.post('/api/estimates', quotePayload(server), { token, company: companyId(server, MARTIN) })
    ).body as { id: number };
    const editor = `/mes-factures/modifier-devis?id=${quote.id}`;
    const a = await openOnline(browser, server, OFFLINE_NOISE);
    await visit(a.page, editor);
    const b = await openSignedIn(browser, server.url, editor, undefined, 'demo', { allowConsole: OFFLINE_NOISE });
    const designation = (page: Page) => page.getByLabel('Désignation');
    await designation(a.page).waitFor();
    await designation(b.page).waitFor();

    await designation(a.page).fill('Version de l’appareil A');
    await a.page.getByRole('button', { name: 'Enregistrer' }).click();
    await a.page.getByText('Enregistrement effectué').first().waitFor();
    // B still holds the version it opened: its save is refused, and B chooses.
    await designation(b.page).fill('Version de l’appareil B');
    await b.page.getByRole('button', { name: 'Enregistrer' }).click();
    const modal = b.page.getByRole('dialog', { name: 'Ce brouillon a été modifié ailleurs' });
    await modal.getByRole('button', { name: 'Recharger la version du serveur' }).click();
    await expect.poll(() => designation(b.page).inputValue()).toBe('Version de l’appareil A');
    expect((await server.api.get(`/api/estimates/${quote.id}`, { token })).body.designation).toBe(
      'Version de l’appareil A',
    );

    // A goes offline and saves; B saves online meanwhile; A's queued save waits for A's choice.
    await a.context.setOffline(true);
    await designation(a.page).fill('Hors ligne sur A');
    await a.page.getByRole('button', { name: 'Enregistrer' }).click();
    await a.page.getByText('En attente d’envoi', { exact: true }).waitFor();
    await designation(b.page).fill('En ligne sur B');
    await b.page.getByRole('button', { name: 'Enregistrer' }).click();
    await b.page.getByText('Enregistrement effectué').first().waitFor();
    await goOnline(a.context, a.page);
    await a.page.getByRole('button', { name: '1 modification refusée' }).click();
    const panel = a.page.getByRole('dialog', { name: 'Synchronisation' });
    const item = panel.getByRole('article', { name: /^Devis D\d{4}-\d{4}/ });
    await item.getByText(/^Ce brouillon a été modifié ailleurs/).waitFor();
    await shot(a.page, 'two-devices/sync-panel-conflict-1366');
    expect((await server.api.get(`/api/estimates/${quote.id}`, { token })).body.designation).toBe('En ligne sur B');
    await item.getByRole('button', { name: 'Écraser avec ma version' }).click();
    await a.page
      .getByRole('dialog', { name: 'Écraser avec votre version ?' })
      .getByRole('button', { name: 'Écraser avec ma version' })
      .click();
    await panel.getByText('Aucune modification en attente.').waitFor();
    expect((await server.api.get(`/api/estimates/${quote.id}`, { token })).body.designation).toBe('Hors ligne sur A');
    expect(a.errors().filter((e) => !OFFLINE_NOISE.test(e))).toEqual([]);
    expect(b.errors().filter((e) => !OFFLINE_NOISE.test(e))).toEqual([]);
    await Promise.all([a.context.close(), b.context.close()]);
  });
});
