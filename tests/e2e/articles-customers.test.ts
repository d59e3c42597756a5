import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import {
  expectAccessible,
  launchBrowser,
  noToasts,
  openSignedIn,
  settled,
  shot,
  startAppServer,
  TABLET,
  toast,
} from './support/browser';

// The article catalogue and the customers in a real Chromium (issue 3 screens), against the real
// server and its demo data (company "Boulangerie Pâtisserie Martin", articles BOU001…).

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

const open = (path: string, viewport?: { width: number; height: number }, allowConsole?: RegExp) =>
  openSignedIn(browser, server.url, path, viewport, 'demo', { allowConsole });
const OFFLINE_NOISE = /Failed to fetch|ERR_INTERNET_DISCONNECTED/;

async function pickOption(page: Page, combobox: string, option: RegExp) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('articles', () => {
  it('creates an article from its TTC price: HT is computed; a duplicate code is refused', async () => {
    const { context, page, errors } = await open('/mes-factures/mes-articles');
    await page.getByRole('heading', { name: 'Mes articles' }).waitFor();
    await page.getByRole('cell', { name: 'BOU001' }).waitFor();
    await expectAccessible(page, 'la liste des articles');
    await shot(page, 'articles-customers/articles-1366');

    await page.getByRole('button', { name: 'Nouvel article' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel article' });
    await dialog.waitFor();
    await dialog.getByLabel('Code').fill('E2E-TTC');
    await dialog.getByLabel('Désignation').fill('Gâteau de test');
    await dialog.getByLabel('Libellé').fill('Gâteau d’anniversaire « test » 🎂');
    await pickOption(page, 'Taux de TVA', /^20\s%$/);
    await dialog.getByLabel('Prix TTC').fill('120');
    await expect.poll(() => dialog.getByLabel('Prix unitaire HT').inputValue()).toBe('100,00');
    await expectAccessible(page, 'la fenêtre de création d’un article');
    await shot(page, 'articles-customers/article-modal-1366');
    await dialog.getByRole('button', { name: 'Créer l’article' }).click();
    await toast(page, 'Article créé').filter({ hasText: "L'article à été créé avec succès" }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByLabel('Rechercher un article').fill('e2e-ttc');
    const row = page.getByRole('row').filter({ hasText: 'E2E-TTC' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/100,00\s€[\s\S]*20\s%[\s\S]*120,00\s€/);

    // The form was reset: a second creation with the same code gets the server's 409 toast.
    await page.getByRole('button', { name: 'Nouvel article' }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel('Code').inputValue()).toBe('');
    await dialog.getByLabel('Code').fill('E2E-TTC');
    await dialog.getByLabel('Libellé').fill('Doublon');
    await dialog.getByRole('button', { name: 'Créer l’article' }).click();
    await toast(page, 'Un article avec ce code existe déjà !').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Annuler' }).click();

    // Edit, then delete after confirmation.
    await row.getByRole('button', { name: /^Modifier l’article/ }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier l’article E2E-TTC' });
    await edit.getByLabel('Prix unitaire HT').fill('50');
    expect(await edit.getByLabel('Prix TTC').inputValue()).toBe('60,00');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Article modifié').waitFor();
    await expect.poll(() => row.innerText()).toMatch(/60,00\s€/);
    await row.getByRole('button', { name: /^Supprimer l’article/ }).click();
    await page.getByRole('dialog', { name: 'Supprimer l’article' }).getByRole('button', { name: 'Supprimer' }).click();
    await toast(page, 'Article supprimé').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('offline, a new article is kept on the device, listed at once, and sent when the network is back', async () => {
    const { context, page, errors } = await open('/mes-factures/mes-articles', undefined, OFFLINE_NOISE);
    await page.getByRole('cell', { name: 'BOU001' }).waitFor();
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await page.getByRole('button', { name: 'Nouvel article' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel article' });
    await dialog.getByLabel('Code').fill('E2E-OFF');
    await dialog.getByLabel('Libellé').fill('Créé hors ligne');
    await dialog.getByLabel('Prix unitaire HT').fill('10,5');
    await dialog.getByRole('button', { name: 'Créer l’article' }).click();
    await toast(page, 'Modification enregistrée sur cet appareil : elle sera envoyée au retour du réseau.').waitFor();
    await page.getByLabel('Rechercher un article').fill('E2E-OFF');
    const row = page.getByRole('row').filter({ hasText: 'E2E-OFF' });
    await row.getByText('En attente d’envoi').waitFor();

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await row.getByText('En attente d’envoi').waitFor({ state: 'detached', timeout: 20_000 });
    const login = await server.api.login('demo');
    const list = await server.api.get('/api/items?q=E2E-OFF', { token: login.token });
    expect(list.body.items).toMatchObject([{ code: 'E2E-OFF', unitPriceHT: 10.5, label: 'Créé hors ligne' }]);
    expect(errors().filter((e) => !OFFLINE_NOISE.test(e))).toEqual([]);
    await context.close();
  });

  it('tablet layout (820 × 1180)', async () => {
    const { context, page, errors } = await open('/mes-factures/mes-articles', TABLET);
    await page
      .getByRole('cell', { name: /^BOU001/ })
      .first()
      .waitFor();
    await shot(page, 'articles-customers/articles-820');
    await page.getByRole('button', { name: 'Nouvel article' }).click();
    await page.getByRole('dialog', { name: 'Nouvel article' }).waitFor();
    await shot(page, 'articles-customers/article-modal-820');
    // No horizontal scroll on a portrait tablet.
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors()).toEqual([]);
    await context.close();
  });
});

describe('customers', () => {
  it('creates a customer and opens its sheet', async () => {
    const { context, page, errors } = await open('/mes-factures/mes-clients');
    await page.getByRole('heading', { name: 'Mes clients' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    await expectAccessible(page, 'la liste des clients');
    await shot(page, 'articles-customers/customers-1366');

    await page.getByRole('button', { name: 'Nouveau client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau client' });
    await dialog.getByLabel('Raison sociale').fill('Atelier Durand E2E');
    await dialog.getByLabel('Nom du contact').fill('Claire Durand');
    await dialog.getByLabel('Adresse', { exact: true }).fill('3 rue des Lilas');
    await dialog.getByLabel('Code postal').fill('69003');
    await dialog.getByLabel('Ville').fill('Lyon');
    await dialog.getByRole('button', { name: 'Ajouter une adresse de facturation' }).click();
    await dialog
      .getByRole('textbox', { name: 'Autre adresse de facturation n° 1' })
      .fill('Service comptable, 10 quai Perrache, 69002 Lyon');
    await dialog.getByLabel('E-mail').fill('claire@durand-e2e.fr');
    await dialog.getByLabel('SIREN').fill('123 456 789');
    await pickOption(page, 'Mode de paiement', /^Virement/);
    await dialog.getByLabel('Délai de paiement (jours)').fill('45');
    await shot(page, 'articles-customers/customer-form-1366');
    await dialog.getByRole('button', { name: 'Créer le client' }).click();
    await toast(page, 'Client créé').waitFor();

    await page.getByLabel('Rechercher un client').fill('durand e2e');
    await page.getByRole('link', { name: 'Atelier Durand E2E' }).click();
    await page.getByRole('heading', { name: 'Atelier Durand E2E' }).waitFor();
    await page.getByText('45 jours').waitFor();
    await page.getByText('Service comptable, 10 quai Perrache, 69002 Lyon').waitFor();
    await page.getByText('123456789').waitFor();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    await page
      .getByText(/Aucune facture pour ce client|Aucun document à afficher/)
      .first()
      .waitFor();
    expect(new URL(page.url()).searchParams.get('accountNumber')).toMatch(/^C\d{5}$/);
    await noToasts(page);
    await expectAccessible(page, 'la fiche client');
    await shot(page, 'articles-customers/customer-sheet-1366', true);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('an unknown customer: "Erreur lors de la récupération du client" with the server text', async () => {
    const { context, page, errors } = await open('/mes-factures/mes-clients/ficheClient?accountNumber=INCONNU');
    await toast(page, 'Erreur lors de la récupération du client').filter({ hasText: 'Client introuvable.' }).waitFor();
    await page.getByText('Client introuvable', { exact: true }).waitFor();
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('tablet layout (820 × 1180): list and a sheet with documents', async () => {
    const { context, page, errors } = await open('/mes-factures/mes-clients', TABLET);
    await page.getByRole('row').nth(1).waitFor();
    await shot(page, 'articles-customers/customers-820');
    await page.getByRole('button', { name: 'Nouveau client' }).click();
    await page.getByRole('dialog', { name: 'Nouveau client' }).waitFor();
    await shot(page, 'articles-customers/customer-form-820');
    await page.getByRole('dialog', { name: 'Nouveau client' }).getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('row').nth(1).getByRole('link').click();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    await shot(page, 'articles-customers/customer-sheet-820', true);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors()).toEqual([]);
    await context.close();
  });
});

// The catalogue of 10 000 articles (first display, search, scroll frames) is measured by
// `npm run bench -- articles-screen` (bench/articles-screen.ts), with its former assertions as checks.
