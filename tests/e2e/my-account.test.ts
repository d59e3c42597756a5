// « Mon compte » end to end (decisions 043 and 044), against the real server and its local card provider: the
// demo client opens its account from the drawer, sees the firm's invoices, downloads one's stored
// PDF, pays an unpaid one by card on the provider's hosted page, comes back to the return page
// (which reads the server's state) and sees the invoice paid. One axe pass on the invoices and
// the statement; both at laptop and tablet sizes.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import {
  expectAccessible,
  launchBrowser,
  openSignedIn,
  screenLoaded,
  settled,
  shot,
  shotAt,
  startAppServer,
  TABLET,
} from './support/browser';

const LAPTOP = { width: 1366, height: 900 };

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

describe('Mon compte', () => {
  it('the demo client downloads an invoice, pays it by card and sees it paid', async () => {
    const { context, page } = await openSignedIn(browser, server.url, '/');
    // From the drawer, as a client would.
    const drawer = page.getByRole('navigation', { name: 'Menu principal' });
    await drawer.getByRole('button', { name: 'Mon compte' }).click();
    await drawer.getByRole('link', { name: 'Mes factures Workplace' }).click();
    await page.waitForURL('**/mon-compte-workplace/factures-workplace');
    const table = page.getByRole('table', { name: 'Factures du cabinet' });
    await table.getByText('En retard').first().waitFor();
    await screenLoaded(page);
    await shot(page, 'mon-compte-factures-portable', true);
    await expectAccessible(page, 'les factures du cabinet');

    // On a tablet, « Payer par carte » stays on screen (no sideways scrolling to find it).
    const pay = table.getByRole('button', { name: /^Payer par carte / }).first();
    await page.setViewportSize(TABLET);
    await settled(page);
    const box = (await pay.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(TABLET.width);
    await shot(page, 'mon-compte-factures-tablette', true);
    await page.setViewportSize(LAPTOP);

    // The stored PDF, downloaded.
    const number = (await pay.getAttribute('aria-label'))!.replace('Payer par carte ', '');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      table.getByRole('button', { name: `Télécharger ${number}` }).click(),
    ]);
    expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

    // The provider's hosted page: the card is typed there, never in the app.
    await pay.click();
    await page.getByRole('heading', { name: 'Paiement par carte', level: 1 }).waitFor();
    expect(new URL(page.url()).origin).not.toBe(server.url);
    await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
    await page.getByLabel('Date d’expiration').fill(`12/${(new Date().getFullYear() + 2) % 100}`);
    await page.getByLabel('Cryptogramme (CVC)').fill('123');
    await page.getByRole('button', { name: /^Payer / }).click();

    // Back in the app: the server's verdict, then the invoice paid.
    await page.waitForURL((u) => u.origin === server.url && u.pathname.startsWith('/mon-compte-workplace/paiement/'));
    await page.getByText('Paiement accepté').waitFor();
    await shot(page, 'mon-compte-paiement-accepte');
    await page.getByRole('link', { name: 'Retour à mes factures' }).click();
    const row = page.getByRole('table', { name: 'Factures du cabinet' }).getByRole('row').filter({ hasText: number });
    await row.getByText('Payée').waitFor();
    expect(await row.getByRole('button', { name: /^Payer par carte/ }).count()).toBe(0);

    // The statement: its balances and lines.
    await page.getByRole('link', { name: 'Voir mon extrait de compte' }).click();
    const statement = page.getByRole('table', { name: 'Extrait de compte' });
    await statement.getByText('Solde d’ouverture').waitFor();
    await statement.getByText(number).first().waitFor();
    await screenLoaded(page);
    await shot(page, 'mon-compte-extrait-portable', true);
    await expectAccessible(page, 'l’extrait de compte');
    await shotAt(page, 'mon-compte-extrait-tablette', TABLET, true);
    await context.close();
  });
});
