// The reform's mentions on screen (decision 046), in a real Chromium against the real server: the
// company's legal details (« Mentions légales de la société »: what is missing, the checks as typed,
// the save online) and the invoice editor's new fields (nature of the operation, VAT on debits,
// delivery address, date of the sale) saved with the draft. At laptop size (1366 × 900) and on a
// touch tablet (820 × 1180), one axe pass per screen and size. The screen logic (the rulebook's
// messages, offline, the draft kept on the device) is in the component tests beside the screens
// (src/features/company-legal/*.screen.test.tsx, src/features/invoices-editor/reform-fields.screen.test.tsx).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import {
  closeToasts,
  expectAccessible,
  launchBrowser,
  openSignedIn,
  screenLoaded,
  shot,
  startAppServer,
  TABLET,
  toast,
} from './support/browser';

const LAPTOP = { width: 1366, height: 900 };

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

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const noHorizontalScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

async function pick(page: Page, combobox: string, search: string, option: RegExp) {
  const box = page.getByRole('combobox', { name: combobox });
  await box.click();
  if (search) await box.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

describe('Mentions légales de la société', () => {
  it('laptop: what is missing, the SIREN checked as typed, saved on the server', async () => {
    const { context, page } = await openSignedIn(browser, server.url, '/mes-factures/mentions-legales', LAPTOP);
    await page.getByRole('heading', { name: 'Mentions légales de la société', level: 1 }).waitFor();
    expect(await page.title()).toBe('Mentions légales de la société | Workplace');
    await expect.poll(() => field(page, 'Raison sociale').inputValue()).toBe('Boulangerie Pâtisserie Martin');
    await screenLoaded(page);

    // A wrong key, typed in full: the rulebook's message under the field, before any save.
    await field(page, 'SIREN').fill('404 833 049');
    await page.getByText('Le SIREN de la société n’est pas valide (9 chiffres, clé de contrôle).').waitFor();
    await field(page, 'SIREN').fill('404 833 048');
    await field(page, 'SIRET').fill('404 833 048 00014');
    await field(page, 'Numéro de TVA intracommunautaire').fill('FR83404833048');
    await field(page, 'Forme juridique').fill('');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await toast(page, 'Mentions légales enregistrées').waitFor();
    const missing = page.getByRole('status').filter({ hasText: 'Mentions à compléter avant de valider une facture' });
    await missing.getByText('Forme juridique', { exact: true }).waitFor();
    await closeToasts(page);
    await shot(page, 'reform-mentions/mentions-legales-1366', true);
    await expectAccessible(page, 'les mentions légales de la société');

    await field(page, 'Forme juridique').fill('SARL');
    await page.getByRole('switch', { name: 'Option pour le paiement de la TVA d’après les débits' }).check();
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('Les mentions obligatoires sont complètes : vos factures peuvent être validées.').waitFor();
    const saved = await server.api.get('/api/company/legal-details', { token });
    expect(saved.body).toMatchObject({
      legalForm: 'SARL',
      siren: '404833048',
      vatNumber: 'FR83404833048',
      vatOnDebits: true,
      missing: [],
    });
    await context.close();
  });

  it('tablet (touch): the form fits the width and passes axe', async () => {
    const { context, page } = await openSignedIn(
      browser,
      server.url,
      '/mes-factures/mentions-legales',
      TABLET,
      'demo',
      {
        mobile: true,
      },
    );
    await page.getByRole('heading', { name: 'Mentions légales de la société', level: 1 }).waitFor();
    await expect.poll(() => field(page, 'Raison sociale').inputValue()).toBe('Boulangerie Pâtisserie Martin');
    await screenLoaded(page);
    await noHorizontalScroll(page, TABLET.width);
    await shot(page, 'reform-mentions/mentions-legales-820', true);
    await expectAccessible(page, 'les mentions légales sur tablette');
    await context.close();
  });
});

describe('the invoice editor’s mentions', () => {
  it('laptop: nature, VAT on debits, delivery address and sale date are saved with the invoice', async () => {
    const { context, page } = await openSignedIn(browser, server.url, '/mes-factures/ajouter-facture', LAPTOP);
    await page.getByRole('heading', { name: 'Nouvelle facture' }).waitFor();
    await pick(page, 'Client', 'hotel parc', /Hôtel du Parc/);
    await pick(page, 'Nature de l’opération', '', /Prestation de services/);
    await page.getByRole('switch', { name: /^TVA sur les débits/ }).click();
    await page.getByRole('checkbox', { name: 'Livraison à une autre adresse' }).check();
    await field(page, 'Adresse de livraison').fill('Hôtel du Parc – Réserve\n8 rue Garibaldi\n69006 Lyon');
    await page.getByRole('checkbox', { name: 'Date de la vente différente de la date de facturation' }).check();
    const saleDate = field(page, 'Date de la vente ou de la prestation');
    await saleDate.fill('03/11/2026');
    await saleDate.press('Tab');
    await pick(page, 'Ajouter un article du catalogue', 'baguette', /BOU001/);
    await page.getByLabel('Quantité').fill('10');
    await page.getByRole('button', { name: /^Terminer la ligne 1/ }).click();
    await screenLoaded(page);
    await shot(page, 'reform-mentions/invoice-editor-1366', true);
    await expectAccessible(page, 'l’éditeur de facture et ses mentions');

    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.waitForURL(/\/mes-factures\/modifier-facture\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const saved = await server.api.get(`/api/invoices/${id}`, { token });
    const vatOnDebits = !(await server.api.get('/api/company/legal-details', { token })).body.vatOnDebits;
    expect(saved.body).toMatchObject({
      operationKind: 'services',
      vatOnDebits,
      deliveryAddress: 'Hôtel du Parc – Réserve\n8 rue Garibaldi\n69006 Lyon',
      saleDate: '2026-11-03',
    });
    await context.close();
  });

  it('tablet (touch): the new fields fit beside the others and pass axe', async () => {
    const { context, page } = await openSignedIn(browser, server.url, '/mes-factures/ajouter-facture', TABLET, 'demo', {
      mobile: true,
    });
    await page.getByRole('heading', { name: 'Nouvelle facture' }).waitFor();
    await pick(page, 'Client', 'hotel parc', /Hôtel du Parc/);
    await page.getByRole('checkbox', { name: 'Livraison à une autre adresse' }).check();
    await page.getByRole('checkbox', { name: 'Date de la vente différente de la date de facturation' }).check();
    await field(page, 'Adresse de livraison').waitFor();
    await screenLoaded(page);
    await noHorizontalScroll(page, TABLET.width);
    await shot(page, 'reform-mentions/invoice-editor-820', true);
    await expectAccessible(page, 'l’éditeur de facture sur tablette');
    await context.close();
  });
});
