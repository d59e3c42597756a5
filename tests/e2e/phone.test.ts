import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import { PNG_BYTES } from '../support/uploads';
import {
  expectAccessible,
  launchBrowser,
  newContext,
  noToasts,
  screenLoaded,
  sessionFor,
  shot,
  startAppServer,
  visit,
  watchConsole,
} from './support/browser';

// Decision 013: on a 390 px phone no screen scrolls sideways as a page, and the lists show
// cards instead of tables with columns cut off.

export const PHONE = { width: 390, height: 844 };

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

/**
 * The page's own width against the viewport's: more means a sideways scroll of the whole page. With
 * isMobile, Chromium widens the layout viewport (window.innerWidth) to fit a page wider than the
 * phone, as a phone does by zooming out: both are compared with the phone's 390 px.
 */
const overflow = (page: Page) =>
  page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));

/**
 * What a page clips rather than scrolls: the visible innermost elements that end beyond the phone's
 * right edge with no sideways-scrolling box around them. The page's width does not show them (a row
 * of choices cut off inside a card), and nothing on screen can bring them into view.
 */
const cutOff = (page: Page) =>
  page.evaluate((width) => {
    const cut: string[] = [];
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (element.childElementCount > 0 || box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      // Inside a box that scrolls sideways (reachable), or one of 1 px that clips (read by screen
      // readers only, as the charts' data tables), it is not cut off.
      let reachable = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        const frame = parent.getBoundingClientRect();
        if (overflowX === 'auto' || overflowX === 'scroll') reachable = true;
        if (overflowX !== 'visible' && (frame.width <= 1 || frame.height <= 1)) reachable = true;
      }
      if (!reachable) cut.push((element.textContent ?? '').trim().slice(0, 40) || element.tagName);
    }
    return cut;
  }, PHONE.width);

/**
 * The boxes that scroll sideways: on a phone a table scrolled sideways hides what a row says last
 * (its amount, its status, its actions), so every list and table of these screens fits instead.
 */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const boxes: string[] = [];
    for (const element of document.querySelectorAll('body *')) {
      const overflowX = getComputedStyle(element).overflowX;
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      if (element.clientWidth <= 50 || element.scrollWidth <= element.clientWidth + 2) continue;
      const label = element.querySelector('[aria-label]')?.getAttribute('aria-label') ?? element.tagName;
      boxes.push(`${label} ${element.clientWidth}/${element.scrollWidth} px`);
    }
    return boxes;
  });

const SCREENS: Array<[string, string]> = [
  ['/', 'Bonjour Sophie'],
  ['/mes-documents', 'Mes documents'],
  ['/mes-documents/documents-recents', 'Documents récents'],
  ['/ma-bannette', 'Consulter ma bannette'],
  ['/ma-bannette/deposer', 'Déposer des fichiers'],
  ['/mes-factures/dashboard', 'Tableau de bord'],
  ['/mes-factures/liste-des-factures', 'Mes factures'],
  ['/mes-factures/liste-des-devis', 'Mes devis'],
  ['/mes-factures/mes-clients', 'Mes clients'],
  ['/mes-factures/mes-articles', 'Mes articles'],
  ['/mes-factures/ajouter-facture', 'Nouvelle facture'],
  ['/mes-factures/ajouter-devis', 'Nouveau devis'],
  ['/mes-factures/presentation', 'Mes factures'],
  // The legal details and the received invoices (decision 046).
  ['/mes-factures/mentions-legales', 'Mentions légales de la société'],
  ['/mes-factures/factures-recues', 'Factures reçues'],
  ['/mes-caisses', 'Mes caisses'],
  ['/mes-caisses/journ%C3%A9es', 'Journées de caisse'],
  ['/mes-caisses/dashboard', 'Tableau de bord des caisses'],
  ['/ma-comptabilite/dashboard', 'Tableau de bord comptable'],
  ['/ma-comptabilite/grand-livre', 'Grand livre'],
  ['/ma-comptabilite/recherche', 'Recherche d’écritures'],
  ['/ma-comptabilite/demande-information', 'Demandes d’information'],
  ['/mon-compte-workplace/factures-workplace', 'Mes factures Workplace'],
  ['/mon-compte-workplace/extrait-du-compte', 'Extrait de compte'],
  ['/notifications', 'Notifications'],
  ['/me', 'Mon profil'],
  ['/mentions-legales', 'Mentions légales'],
];

describe('phones (390 × 844)', () => {
  it('no screen is wider than the phone, and the lists are cards', async () => {
    // The login page first (signed out), then the session is injected into the same context.
    const context = await newContext(browser, { viewport: PHONE, mobile: true });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${server.url}/login`);
    expect(await overflow(page)).toEqual({ page: PHONE.width, viewport: PHONE.width });
    const session = await sessionFor(server.url);
    await page.evaluate(
      (items) => items.forEach(({ name, value }) => localStorage.setItem(name, value)),
      session.localStorage,
    );
    // One load of the signed-in app, then in-app navigation from screen to screen (a reload per
    // screen would start the whole app again each time: decision 018).
    await page.goto(`${server.url}/`);
    const wide: string[] = [];
    for (const [path, heading] of SCREENS) {
      if (path !== '/') await visit(page, path);
      await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
      // Lists and charts settle their widths once their data is there.
      await screenLoaded(page);
      const o = await overflow(page);
      if (o.page > PHONE.width || o.viewport > PHONE.width) wide.push(`${path} : ${o.page} px`);
      const cut = await cutOff(page);
      if (cut.length > 0) wide.push(`${path} : coupé au bord (${cut.slice(0, 3).join(', ')})`);
      const scrolled = await sideways(page);
      if (scrolled.length > 0) wide.push(`${path} : défile de côté (${scrolled.join(', ')})`);
      await shot(page, `phone/${path === '/' ? 'accueil' : path.slice(1).replaceAll('/', '_')}-390`, true);
    }
    expect(wide, 'écrans plus larges que le téléphone').toEqual([]);

    // My account with the firm, where nothing scrolls sideways either: the status filter stacks its
    // five choices, each invoice is a card with « Payer par carte » in view, and the statement keeps
    // four columns, the balance last.
    const rightEdge = async (locator: Locator) => {
      const box = (await locator.boundingBox())!;
      return box.x + box.width;
    };
    await visit(page, '/mon-compte-workplace/factures-workplace');
    const filter = page.getByRole('radiogroup', { name: 'Statut des factures' });
    expect(await rightEdge(filter.getByText('Avoirs'))).toBeLessThanOrEqual(PHONE.width);
    const cards = page.getByRole('list', { name: 'Factures du cabinet' });
    const pay = cards.getByRole('button', { name: /^Payer par carte F\d{4}-\d+$/ }).first();
    expect(await rightEdge(pay)).toBeLessThanOrEqual(PHONE.width);
    await visit(page, '/mon-compte-workplace/extrait-du-compte');
    const statement = page.getByRole('table', { name: 'Extrait de compte' });
    expect(await rightEdge(statement.getByRole('columnheader', { name: 'Solde', exact: true }))).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectAccessible(page, 'l’extrait de compte sur un téléphone');

    // The suppliers' invoices are cards, their amount in view (the table showed two of its five columns).
    await visit(page, '/mes-factures/factures-recues');
    const received = page.getByRole('list', { name: 'Factures reçues' }).getByText(/\d,\d\d\s€ TTC$/);
    expect(await rightEdge(received.first())).toBeLessThanOrEqual(PHONE.width);

    // A document's box is ticked by a thumb anywhere in the strip at the card's left edge, not only
    // on its 20 px square: tapped at the card's bottom-left corner, well below the box.
    await visit(page, '/mes-documents');
    const documentCard = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').first();
    await documentCard.scrollIntoViewIfNeeded();
    const cardBox = (await documentCard.boundingBox())!;
    const tick = documentCard.getByRole('checkbox', { name: /^Sélectionner / });
    const tickBox = (await tick.boundingBox())!;
    expect(cardBox.y + cardBox.height - 6).toBeGreaterThan(tickBox.y + tickBox.height + 24);
    await page.touchscreen.tap(cardBox.x + 4, cardBox.y + cardBox.height - 6);
    await page.getByText('1 document sélectionné').waitFor();
    expect(await tick.isChecked()).toBe(true);

    // A craftsman writes an invoice's line on a phone: a card whose fields fit the screen (the
    // seven-column table scrolled sideways), and a bar that keeps its three actions on one line.
    await visit(page, '/mes-factures/ajouter-facture');
    await page.getByRole('button', { name: 'Ligne libre' }).click();
    const lines = page.getByRole('list', { name: 'Lignes du document' });
    await lines.getByLabel('Libellé').fill('Pose de plinthes');
    await lines.getByLabel('Quantité', { exact: true }).fill('2');
    const price = lines.getByLabel('Prix unitaire HT');
    await price.fill('45');
    expect(await rightEdge(price)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'une ligne de facture en cours sur un téléphone');
    await lines.getByRole('button', { name: 'Terminer la ligne 1 « Pose de plinthes »' }).click();
    await lines.getByText(/^2 × 45,00\s€ HT · TVA \d/).waitFor();
    const bar = page.getByRole('region', { name: 'Actions du document' });
    const rows = new Set<number>();
    for (const name of ['Aperçu', 'Enregistrer', 'Valider'])
      rows.add(Math.round((await bar.getByRole('button', { name }).boundingBox())!.y));
    expect(rows.size, 'les trois actions sur une ligne').toBe(1);
    expect(await overflow(page)).toEqual({ page: PHONE.width, viewport: PHONE.width });

    // The invoice list is a list of cards: each row reads number, customer and amount without columns.
    await visit(page, '/mes-factures/liste-des-factures');
    const card = page
      .getByRole('listitem')
      .filter({ hasText: /F\d{4}-\d+/ })
      .first();
    await card.waitFor();
    expect((await card.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
    // Every button of a card keeps its name (the row's actions), on the cards of both lists.
    expect(await card.getByRole('button', { name: /^Autres actions pour la facture F\d{4}-\d+$/ }).count()).toBe(1);
    await noToasts(page);
    await expectAccessible(page, 'la liste des factures sur un téléphone');
    await visit(page, '/mes-factures/mes-clients');
    const customer = page
      .getByRole('list', { name: 'Clients' })
      .getByRole('listitem')
      .filter({ hasText: 'Hôtel du Parc' });
    await customer.getByRole('button', { name: 'Modifier le client Hôtel du Parc' }).waitFor();
    await expectAccessible(page, 'la liste des clients sur un téléphone');

    // A validated invoice keeps « Voir le PDF » at hand and the rest in a menu: the bar stuck to the
    // bottom stays one line high (five buttons stacked hid a third of the screen).
    await visit(page, '/mes-factures/liste-des-factures');
    await page
      .getByRole('listitem')
      .getByRole('link', { name: /^F\d{4}-\d+$/ })
      .first()
      .click();
    await page.getByRole('heading', { name: /^Facture n° F\d{4}-\d+$/, level: 1 }).waitFor();
    const actions = page.getByRole('region', { name: 'Actions du document' });
    await actions.getByRole('button', { name: 'Voir le PDF' }).waitFor();
    expect((await actions.boundingBox())!.height).toBeLessThan(100);
    await actions.getByRole('button', { name: 'Autres actions' }).click();
    await page.getByRole('menuitem', { name: 'Télécharger la Factur-X (PDF)' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Établir un avoir' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('a receipt is photographed into the inbox, named after when it was taken', async () => {
    const context = await newContext(browser, { viewport: PHONE, mobile: true, session: await sessionFor(server.url) });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${server.url}/ma-bannette/deposer`);
    await page.getByRole('heading', { name: 'Déposer des fichiers', level: 1 }).waitFor();
    // Nothing is dragged on a touch screen: the camera comes first.
    await page.getByText('Photographiez un justificatif ou choisissez vos fichiers').waitFor();
    expect(await page.getByText('Glissez-déposez vos fichiers ici').count()).toBe(0);
    await page.getByRole('button', { name: 'Prendre une photo' }).waitFor();
    await page.getByRole('combobox', { name: /^Catégorie du dépôt/ }).click();
    await page.getByRole('option', { name: 'Comptabilité › Achats' }).click();
    // What the phone's camera hands over: « image.png » (the capture input, opened by the button).
    await page
      .getByLabel('Photo à déposer')
      .setInputFiles([{ name: 'image.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BYTES) }]);
    const photo = page
      .getByRole('list', { name: 'Fichiers choisis' })
      .getByRole('listitem')
      .filter({ hasText: /^Photo du \d{2}-\d{2}-\d{4} à \d{2}h\d{2}\.png/ });
    await photo.waitFor();
    await page.getByRole('button', { name: 'Déposer le fichier' }).click();
    await photo.getByText('· Déposé').waitFor();
    expect(errors()).toEqual([]);
    await context.close();
  });
});
