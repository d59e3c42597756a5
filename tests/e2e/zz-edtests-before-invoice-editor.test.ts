import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import {
  expectAccessible,
  launchBrowser,
  noToasts,
  openSignedIn,
  shot,
  startAppServer,
  TABLET,
  toast,
} from './support/browser';
import { readStore } from './support/offline-helpers';
import { pdfPageDrawn } from './support/pdf';

// The quote and invoice editors in a real Chromium against the real server and its demo data
// (company "Boulangerie Pâtisserie Martin": customers C00001…, articles BOU001…): the checks of
// spec 5.1 in the spec's words, save → validate → number → PDF dialog → send (a real .eml in the
// server's mail folder), quote → 'Accepté' → converted into a pre-filled invoice.

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

const open = (path: string, viewport?: { width: number; height: number }) =>
  openSignedIn(browser, server.url, path, viewport);

async function pick(page: Page, combobox: string, search: string, option: RegExp) {
  const box = page.getByRole('combobox', { name: combobox });
  await box.click();
  if (search) await box.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

async function addArticle(page: Page, search: string, option: RegExp) {
  await pick(page, 'Ajouter un article du catalogue', search, option);
}

describe('invoice editor', () => {
  it('a draft with errors lists every broken rule in the spec’s words, in a toast and above the form', async () => {
    const { context, page, errors } = await open('/mes-factures/ajouter-facture');
    await page.getByRole('heading', { name: 'Nouvelle facture' }).waitFor();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const t = toast(page, 'Votre facture contient des erreurs !');
    await t.waitFor();
    expect(await t.innerText()).toContain('Votre facture ne contient aucun article.');
    expect(await t.innerText()).toContain('Votre facture ne contient pas de client.');
    const alert = page.locator('.mantine-Alert-root').filter({ hasText: 'Votre facture contient des erreurs !' });
    expect(await alert.innerText()).toMatch(
      /ne contient aucun article[\s\S]*ne contient pas de client[\s\S]*de 0€ ou moins/,
    );
    await shot(page, 'invoice-editor/invoice-errors-1366');
    // Axe: the editor (laptop) is checked once, filled, in the next test (decision 018).

    // The draft is kept on the device from the first change: a reload brings it back.
    await pick(page, 'Client', 'tilleuls', /SCI Les Tilleuls/);
    await pick(page, 'Adresse de facturation', '', /Cabinet Fabre Gestion/);
    await page.getByLabel('Désignation').fill('Entretien des parties communes');
    // Written to the device's drafts once the typing pauses: wait for that write, then reload.
    await expect
      .poll(async () => JSON.stringify(await readStore(page, 'drafts')).includes('Entretien des parties communes'))
      .toBe(true);
    await page.reload();
    await page.getByText('Brouillon repris').waitFor();
    expect(await page.getByLabel('Désignation').inputValue()).toBe('Entretien des parties communes');
    expect(await page.getByRole('combobox', { name: 'Adresse de facturation' }).inputValue()).toContain(
      'Cabinet Fabre Gestion',
    );
    await page.getByRole('button', { name: 'Abandonner ce brouillon' }).click();
    await page
      .getByRole('dialog', { name: 'Abandonner ce brouillon ?' })
      .getByRole('button', { name: 'Abandonner' })
      .click();
    await expect.poll(() => page.getByLabel('Désignation').inputValue()).toBe('');
    expect(await page.getByText('Brouillon repris').count()).toBe(0);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('valid invoice: save → validate → number shown, PDF dialog → send to the customer', async () => {
    const { context, page, errors } = await open('/mes-factures/ajouter-facture');
    await page.getByRole('heading', { name: 'Nouvelle facture' }).waitFor();
    await pick(page, 'Client', 'hotel parc', /Hôtel du Parc/);
    // The customer's address, its payment mode and its delay (30 days) fill the form.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Adresse de facturation' }).inputValue())
      .toMatch(/12 avenue Foch/);
    expect(await page.getByRole('combobox', { name: 'Mode de paiement' }).inputValue()).toBe('Virement');
    await addArticle(page, 'baguette', /BOU001/);
    await page.getByLabel('Quantité').fill('10');
    await page.getByRole('button', { name: /^Terminer la ligne 1/ }).click();
    await page.getByRole('button', { name: 'Commentaire' }).click();
    await page.getByLabel('Commentaire', { exact: true }).fill('Livraison le matin avant 7 h');
    await page.getByLabel('Désignation').fill('Réception du 14 juillet');
    // Live totals: 10 × 1,30 € at 5,5 %.
    const totals = page.getByLabel('Totaux du document');
    await expect
      .poll(() => totals.innerText())
      .toMatch(/Total HT\s+13,00\s€[\s\S]*TVA 5,5\s%[\s\S]*0,72\s€[\s\S]*Total TTC\s+13,72\s€/);
    await shot(page, 'invoice-editor/invoice-form-1366', true);
    await expectAccessible(page, 'l’éditeur de facture rempli');

    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Enregistrement effectué')
      .filter({ hasText: 'Votre facture à été enregistrée avec succès' })
      .waitFor();
    await page.waitForURL(/\/mes-factures\/modifier-facture\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByRole('heading', { name: 'Brouillon de facture' }).waitFor();
    const { token } = await server.api.login('demo');
    const saved = await server.api.get(`/api/invoices/${id}`, { token });
    expect(saved.body).toMatchObject({
      validated: false,
      type: 'Facture',
      customer: { accountNumber: 'C00001' },
      calculatesBasisTTC: false,
      totals: { ht: 13, tva: 0.72, ttc: 13.72 },
    });
    expect(saved.body.lines.map((l: { code: string }) => l.code)).toEqual(['BOU001', 'CC']);

    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Validation effectuée').filter({ hasText: 'Votre facture à été validée avec succès' }).waitFor();
    const dialog = page.getByRole('dialog', { name: /^Aperçu de votre document : Facture/ });
    await dialog.waitFor();
    expect((await pdfPageDrawn(dialog)).ink).toBeGreaterThan(0.005);
    const validated = await server.api.get(`/api/invoices/${id}`, { token });
    expect(validated.body).toMatchObject({ validated: true, number: expect.stringMatching(/^F\d{4}-\d+$/) });
    await page.getByRole('heading', { name: `Facture n° ${validated.body.number}` }).waitFor();
    await noToasts(page);
    await shot(page, 'invoice-editor/invoice-validated-dialog-1366');
    await expectAccessible(page, 'la fenêtre du PDF validé');

    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await toast(page, 'Envoi effectué')
      .filter({ hasText: 'Votre facture à été envoyée avec succès à votre client' })
      .waitFor();
    const mails = readdirSync(join(server.dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
    expect(mails.length).toBe(1);
    const eml = readFileSync(join(server.dataDir, 'mail', mails[0]), 'utf8');
    expect(eml).toContain('To: comptabilite.hotelduparc@example.fr');
    expect(eml).toContain(validated.body.number);

    // Closing the dialog after a validation goes to the invoice list (spec 4).
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
    await page.waitForURL(/\/mes-factures\/liste-des-factures/);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('a validated invoice opens read-only, with its PDF and "Établir un avoir" pre-filling a credit note', async () => {
    const { token } = await server.api.login('demo');
    const list = await server.api.get('/api/factures?validated=true&type=Facture&pageSize=5', { token });
    const invoice = list.body.items[0];
    const { context, page, errors } = await open(`/mes-factures/modifier-facture?id=${invoice.id}`, TABLET);
    await page.getByRole('heading', { name: `Facture n° ${invoice.number}` }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
    await shot(page, 'invoice-editor/invoice-validated-820', true);
    await expectAccessible(page, 'une facture validée (tablette)');
    await page.getByRole('button', { name: 'Établir un avoir' }).click();
    await page.getByRole('heading', { name: 'Nouvel avoir' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Type', exact: true }).inputValue()).toBe('Avoir');
    expect(await page.getByRole('combobox', { name: 'Facture corrigée' }).inputValue()).toContain(invoice.number);
    expect(await page.getByLabel("Date d'échéance").inputValue()).toBe('');
    await shot(page, 'invoice-editor/credit-note-820', true);
    expect(errors()).toEqual([]);
    await context.close();
  });
});

describe('loading errors (spec 8)', () => {
  it('an unknown invoice or quote: the spec’s message, then its list', async () => {
    const { context, page, errors } = await open('/mes-factures/modifier-facture?id=999999');
    await toast(page, 'Erreur lors de la récupération de la facture').waitFor();
    await page.waitForURL(/\/mes-factures\/liste-des-factures/);
    await page.goto(`${server.url}/mes-factures/modifier-devis?id=999999`);
    await toast(page, 'Erreur lors de la récupération du devis').waitFor();
    await page.waitForURL(/\/mes-factures\/liste-des-devis/);
    // The server's 404 is a "Failed to load resource" line, which the console watch allows.
    expect(errors()).toEqual([]);
    await context.close();
  });
});

describe('quote editor', () => {
  it('quote → Accepté → convert → the invoice form opens pre-filled (type Facture, payment mode empty)', async () => {
    const { context, page, errors } = await open('/mes-factures/ajouter-devis', TABLET);
    await page.getByRole('heading', { name: 'Nouveau devis' }).waitFor();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const t = toast(page, 'Votre devis contient des erreurs !');
    await t.waitFor();
    expect(await t.innerText()).toContain('Votre devis ne contient aucun article.');
    await noToasts(page);

    await pick(page, 'Client', 'bistrot', /Le Bistrot Gourmand/);
    await addArticle(page, 'croissant', /Croissant/);
    await page.getByLabel('Quantité').fill('24');
    await page.getByLabel('Quantité').scrollIntoViewIfNeeded();
    await shot(page, 'invoice-editor/quote-line-edit-820');
    await page.getByRole('button', { name: /^Terminer la ligne 1/ }).click();
    await shot(page, 'invoice-editor/quote-form-820', true);
    await expectAccessible(page, 'l’éditeur de devis (tablette)');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Enregistrement effectué')
      .filter({ hasText: 'Votre devis à été enregistré avec succès' })
      .waitFor();
    await page.waitForURL(/\/mes-factures\/modifier-devis\?id=\d+/);
    const heading = page.getByRole('heading', { name: /^Devis n° D\d{4}-\d+$/ });
    await heading.waitFor();
    const number = (await heading.innerText()).replace('Devis n° ', '');

    // Aperçu of the saved quote (server rendering).
    await page.getByRole('button', { name: 'Aperçu' }).click();
    const preview = page.getByRole('dialog', { name: /^Aperçu de votre document : Devis/ });
    const drawn = await pdfPageDrawn(preview);
    expect(drawn).toMatchObject({ pages: 1 });
    expect(drawn.ink).toBeGreaterThan(0.005);
    expect(await preview.getByRole('button', { name: 'Envoyer' }).count()).toBe(0);
    await noToasts(page);
    await expectAccessible(page, 'l’aperçu du devis');
    await preview.getByRole('button', { name: 'Fermer', exact: true }).click();

    await pick(page, 'État du devis', '', /^Accepté$/);
    await toast(page, 'Enregistrement effectué')
      .filter({ hasText: `L'état du devis n°${number} à été enregistré avec succès` })
      .waitFor();
    await page.getByRole('button', { name: 'Convertir en facture' }).click();
    await page.waitForURL(/\/mes-factures\/modifier-facture\?id=\d+/);
    await page.getByRole('heading', { name: 'Brouillon de facture' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Type', exact: true }).inputValue()).toBe('Facture');
    expect(await page.getByRole('combobox', { name: 'Mode de paiement' }).inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: 'Client' }).inputValue()).toMatch(/Le Bistrot Gourmand/);
    await expect.poll(() => page.getByLabel('Totaux du document').innerText()).toMatch(/Total HT\s+28,80\s€/);
    await shot(page, 'invoice-editor/converted-invoice-820', true);
    expect(errors()).toEqual([]);
    await context.close();
  });
});

describe('editor layout (issue 10 item 8)', () => {
  const inView = (page: Page, name: string) =>
    page.getByRole('button', { name, exact: true }).evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });

  it('on a 900 px-high laptop the actions and the total stay in view while the lines scroll', async () => {
    const { context, page, errors } = await open('/mes-factures/ajouter-facture');
    await page.getByRole('heading', { name: 'Nouvelle facture' }).waitFor();
    await pick(page, 'Client', 'hotel parc', /Hôtel du Parc/);
    for (let i = 1; i <= 8; i++) {
      await addArticle(page, 'baguette', /BOU001/);
      await page.getByRole('button', { name: new RegExp(`^Terminer la ligne ${i}`) }).click();
    }
    // Back to the top of the form: the bar stays at the bottom of the window.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 300)).toBe(true);
    for (const name of ['Aperçu', 'Enregistrer', 'Valider']) expect(await inView(page, name), name).toBe(true);
    const bar = page.getByRole('region', { name: 'Actions du document' });
    expect(await bar.innerText()).toMatch(/Total TTC 10,96\s€/);
    await shot(page, 'invoice-editor/editor-sticky-bar-1366');
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('on a wide screen a live PDF preview sits beside the form and follows it', async () => {
    const { context, page, errors } = await open('/mes-factures/ajouter-devis', { width: 1920, height: 1080 });
    await page.getByRole('heading', { name: 'Nouveau devis' }).waitFor();
    const live = page.getByRole('region', { name: 'Aperçu en direct' });
    await pick(page, 'Client', 'bistrot', /Le Bistrot Gourmand/);
    await addArticle(page, 'croissant', /Croissant/);
    const first = await pdfPageDrawn(live);
    expect(first.ink).toBeGreaterThan(0.005);
    const formBox = (await page.getByRole('combobox', { name: 'Client' }).boundingBox())!;
    const liveBox = (await live.boundingBox())!;
    expect(liveBox.x).toBeGreaterThan(formBox.x + formBox.width);
    await shot(page, 'invoice-editor/editor-live-preview-1920');
    expect(errors()).toEqual([]);
    await context.close();
  });
});
