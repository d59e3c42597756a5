import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { invoicePayload, line } from '../support/invoice-helpers';
import type { TestServer } from '../support/test-server';
import {
  expectAccessible,
  launchBrowser,
  newContext,
  noToasts,
  sessionFor,
  settled,
  shot,
  startAppServer,
  TABLET,
  toast,
  visit,
  watchConsole,
} from './support/browser';
import { pdfPageDrawn } from './support/pdf';

// The quote and invoice editors in a real Chromium against the real server and its demo data
// (company "Boulangerie Pâtisserie Martin": customers C00001…, articles BOU001…): what needs a
// browser — save → validate → number → PDF drawn by pdf.js → send (a real .eml in the server's
// mail folder), the layout at 900 px high, at tablet size and on a wide screen, one axe pass per
// screen and size. The screen logic (checks in the spec's words, the draft kept on the device,
// totals and discounts, the credit note and the quote conversion, loading errors) is in the
// component tests beside the editor (src/features/invoices-editor/*.screen.test.tsx).
//
// One signed-in page for the whole file (a full load of the app costs 0.5–1 CPU-second in Chromium):
// each test reaches its screen in-app (visit) and sets its own size; the tests run in order.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: () => string[];
const LAPTOP = { width: 1366, height: 900 };

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  context = await newContext(browser, { session: await sessionFor(server.url) });
  page = await context.newPage();
  consoleErrors = watchConsole(page);
  await page.goto(`${server.url}/mes-factures/ajouter-facture`);
});
// House rule (decision 018): a console error fails the test it happened in.
afterEach(() => expect(consoleErrors().splice(0), 'erreurs dans la console du navigateur').toEqual([]));
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

async function pick(combobox: string, search: string, option: RegExp) {
  const box = page.getByRole('combobox', { name: combobox });
  await box.click();
  if (search) await box.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

const addArticle = (search: string, option: RegExp) => pick('Ajouter un article du catalogue', search, option);

/** Another size for the same page: the layout follows, once nothing moves any more. */
async function resize(size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await settled(page);
}

describe('invoice editor', () => {
  it('valid invoice: save → validate → number shown, PDF dialog → send to the customer', async () => {
    await page.getByRole('heading', { name: 'Nouvelle facture' }).waitFor();
    await pick('Client', 'hotel parc', /Hôtel du Parc/);
    // The customer's address fills the form (its details: invoice-editor.screen.test.tsx).
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Adresse de facturation' }).inputValue())
      .toMatch(/12 avenue Foch/);
    await addArticle('baguette', /BOU001/);
    await page.getByLabel('Quantité').fill('10');
    await page.getByRole('button', { name: /^Terminer la ligne 1/ }).click();
    await page.getByRole('button', { name: 'Commentaire' }).click();
    await page.getByLabel('Commentaire', { exact: true }).fill('Livraison le matin avant 7 h');
    await page.getByLabel('Désignation').fill('Réception du 14 juillet');
    // Live totals: 10 × 1,30 € at 5,5 %.
    await expect
      .poll(() => page.getByLabel('Totaux du document').innerText())
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

    // Closing the dialog after a validation goes to the invoice list (INV-21).
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
    await page.waitForURL(/\/mes-factures\/liste-des-factures/);
  });

  it('a validated invoice opens read-only at tablet size, with "Établir un avoir"', async () => {
    const { token } = await server.api.login('demo');
    const list = await server.api.get('/api/factures?validated=true&type=Facture&pageSize=5', { token });
    const invoice = list.body.items[0];
    await resize(TABLET);
    await visit(page, `/mes-factures/modifier-facture?id=${invoice.id}`);
    await page.getByRole('heading', { name: `Facture n° ${invoice.number}` }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
    await noToasts(page);
    await shot(page, 'invoice-editor/invoice-validated-820', true);
    await expectAccessible(page, 'une facture validée (tablette)');
    // The credit note it pre-fills: invoice-editor.screen.test.tsx.
    await page.getByRole('button', { name: 'Établir un avoir' }).click();
    await page.getByRole('heading', { name: 'Nouvel avoir' }).waitFor();
    await shot(page, 'invoice-editor/credit-note-820', true);
  });
});

describe('quote editor', () => {
  it('at tablet size: the filled form, the save giving its number, the server’s preview drawn', async () => {
    await resize(TABLET);
    await visit(page, '/mes-factures/ajouter-devis');
    await page.getByRole('heading', { name: 'Nouveau devis' }).waitFor();
    await pick('Client', 'bistrot', /Le Bistrot Gourmand/);
    await addArticle('croissant', /Croissant/);
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
    await page.getByRole('heading', { name: /^Devis n° D\d{4}-\d+$/ }).waitFor();

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
    // 'Accepté' and the conversion into a pre-filled invoice: quote-editor.screen.test.tsx.
  });
});

describe('editor layout', () => {
  const inView = (name: string) =>
    page.getByRole('button', { name, exact: true }).evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });

  it('on a 900 px-high laptop the actions and the total stay in view while the lines scroll', async () => {
    // A draft of 8 lines, made through the API (picking 8 articles is not what this test is about).
    const { token } = await server.api.login('demo');
    const lines = Array.from({ length: 8 }, () => line({ quantity: 1 }));
    const draft = await server.api.post('/api/invoices', invoicePayload(server, { lines }), { token });
    expect(draft.body.id, JSON.stringify(draft.body)).toEqual(expect.any(Number));
    await resize(LAPTOP);
    await visit(page, `/mes-factures/modifier-facture?id=${draft.body.id}`);
    await page.getByRole('heading', { name: 'Brouillon de facture' }).waitFor();
    await page.getByRole('button', { name: /^Modifier la ligne 8/ }).waitFor();
    // Back to the top of the form: the bar stays at the bottom of the window.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 300)).toBe(true);
    for (const name of ['Aperçu', 'Enregistrer', 'Valider']) expect(await inView(name), name).toBe(true);
    const bar = page.getByRole('region', { name: 'Actions du document' });
    expect(await bar.innerText()).toMatch(/Total TTC 10,96\s€/);
    await shot(page, 'invoice-editor/editor-sticky-bar-1366');

    // The last line taken to the top in one step (« Déplacer vers… »), its error in readable red.
    await page.getByRole('button', { name: /^Modifier la ligne 8/ }).evaluate((el) => el.setAttribute('data-last', ''));
    await page.getByRole('button', { name: /^Autres actions sur la ligne 8/ }).click();
    await page.getByRole('menuitem', { name: 'Déplacer vers…' }).click();
    const move = page.getByRole('dialog', { name: 'Déplacer la ligne' });
    await move.getByLabel('Nouvelle position').fill('12');
    await move.getByText('Saisissez un nombre entre 1 et 8.').waitFor();
    await expectAccessible(page, 'le déplacement d’une ligne, position hors de la liste');
    await move.getByLabel('Nouvelle position').fill('1');
    await move.getByRole('button', { name: 'Déplacer' }).click();
    await move.waitFor({ state: 'hidden' });
    // The moved line keeps the focus, first of the table now.
    const first = page.getByRole('button', { name: /^Modifier la ligne 1/ });
    await expect
      .poll(() => first.evaluate((el) => el.hasAttribute('data-last') && el === document.activeElement))
      .toBe(true);
  });

  it('on a wide screen a live PDF preview sits beside the form and follows it', async () => {
    await resize({ width: 1920, height: 1080 });
    await visit(page, '/mes-factures/ajouter-devis');
    await page.getByRole('heading', { name: 'Nouveau devis' }).waitFor();
    const live = page.getByRole('region', { name: 'Aperçu en direct' });
    await pick('Client', 'bistrot', /Le Bistrot Gourmand/);
    await addArticle('croissant', /Croissant/);
    const first = await pdfPageDrawn(live);
    expect(first.ink).toBeGreaterThan(0.005);
    const formBox = (await page.getByRole('combobox', { name: 'Client' }).boundingBox())!;
    const liveBox = (await live.boundingBox())!;
    expect(liveBox.x).toBeGreaterThan(formBox.x + formBox.width);
    await shot(page, 'invoice-editor/editor-live-preview-1920');
  });
});
