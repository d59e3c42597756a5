// « Factures reçues » end to end (decision 046), against the real server: the demo client opens the
// list from the drawer under « Mes factures » (the seeded invoices, one flagged), deposits a
// supplier's CII file and sees what the server read, opens the flagged invoice and reads the
// finding in French. At laptop size, then on a touch tablet, where offline the deposit button says
// « Hors ligne ». axe on the list and on a detail.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import {
  expectAccessible,
  launchBrowser,
  openSignedIn,
  screenLoaded,
  shot,
  startAppServer,
  TABLET,
  visit,
} from './support/browser';
import { OFFLINE_NOISE } from './support/offline-helpers';
import { demoFileNames } from '../support/demo-names';

const { atelier, energy } = demoFileNames().received;

const LAPTOP = { width: 1366, height: 900 };
const CII = readFileSync(new URL('../../src/einvoice/fixtures/cii-conforme.xml', import.meta.url), 'utf8');

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

describe('Factures reçues', () => {
  it('lists the received invoices, takes a deposit and shows what was read and checked (laptop)', async () => {
    const { context, page, errors } = await openSignedIn(browser, server.url, '/', LAPTOP);
    await page.getByRole('button', { name: 'Mes factures', exact: true }).click();
    await page.getByRole('link', { name: 'Factures reçues', exact: true }).click();
    await page.waitForURL(`${server.url}/mes-factures/factures-recues`);
    await page.getByRole('heading', { name: 'Factures reçues', level: 1 }).waitFor();
    expect(await page.title()).toBe('Factures reçues | Workplace');
    const table = page.getByRole('table', { name: 'Factures reçues', exact: true });
    const flagged = table.getByRole('row').filter({ hasText: energy });
    await flagged.getByText('6 anomalies', { exact: true }).waitFor();
    await table.getByRole('row').filter({ hasText: atelier }).getByText('Conforme', { exact: true }).waitFor();
    await expect.poll(() => flagged.textContent()).toContain('540,00\u00a0€');
    await screenLoaded(page);
    await shot(page, 'factures-recues-portable', true);
    await expectAccessible(page, 'la liste des factures reçues');

    // A supplier's CII file: read, checked, listed.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'facture-E2E-1.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(CII.replace('<ram:ID>FA-2026-0142</ram:ID>', '<ram:ID>E2E-1</ram:ID>')),
    });
    const done = page.getByRole('status').filter({ hasText: 'Facture déposée' });
    await done.getByText('La facture E2E-1 de Atelier Lumière SARL est lue et conforme.').waitFor();
    await table.getByRole('link', { name: 'E2E-1', exact: true }).waitFor();
    await done.getByRole('link', { name: 'Voir le détail et les contrôles' }).click();
    await page.getByRole('heading', { name: 'Facture E2E-1', level: 1 }).waitFor();
    await page.getByText(/^Aucune anomalie : la facture respecte les règles officielles/).waitFor();
    await page.getByRole('table', { name: 'Lignes' }).getByText('Conseil en aménagement & décoration').waitFor();
    await page.getByText('FR44732829320', { exact: true }).waitFor();
    await screenLoaded(page);
    await shot(page, 'facture-recue-portable', true);

    // A file that is no e-invoice: the server's French refusal.
    await visit(page, '/mes-factures/factures-recues');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'note.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from('<?xml version="1.0"?><note>Bonjour</note>'),
    });
    await page
      .getByRole('alert')
      .getByText('Ce fichier n’est ni une Factur-X, ni une facture CII, ni une facture UBL.')
      .waitFor();

    // The flagged invoice: the French rules it fails, in plain French, each with its rule (decision 086).
    await table.getByRole('link', { name: energy, exact: true }).click();
    await page.getByRole('heading', { name: `Facture ${energy}`, level: 1 }).waitFor();
    await page.getByRole('alert').getByText('L’adresse électronique du vendeur (BT-34) est absente.').waitFor();
    await page.getByText('BR-FR-13_BT-34', { exact: true }).waitFor();
    await screenLoaded(page);
    await shot(page, 'facture-recue-anomalie-portable', true);
    await expectAccessible(page, 'une facture reçue avec une anomalie');
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('fits a touch tablet, and offline the deposit button says « Hors ligne »', async () => {
    const { context, page } = await openSignedIn(browser, server.url, '/mes-factures/factures-recues', TABLET, 'demo', {
      mobile: true,
      allowConsole: OFFLINE_NOISE,
    });
    await page.getByRole('heading', { name: 'Factures reçues', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Factures reçues', exact: true }).getByText(energy).waitFor();
    await screenLoaded(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    await shot(page, 'factures-recues-tablette', true);
    await expectAccessible(page, 'la liste des factures reçues sur tablette');

    await page.getByRole('table', { name: 'Factures reçues', exact: true }).getByRole('link', { name: atelier }).tap();
    await page.getByRole('heading', { name: `Facture ${atelier}`, level: 1 }).waitFor();
    await page.getByRole('table', { name: 'TVA par taux' }).getByText('5,5\u00a0%').waitFor();
    await screenLoaded(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    await shot(page, 'facture-recue-tablette', true);
    await expectAccessible(page, 'une facture reçue sur tablette');

    await visit(page, '/mes-factures/factures-recues');
    await page.getByRole('heading', { name: 'Factures reçues', level: 1 }).waitFor();
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    const offline = page.getByRole('button', { name: 'Hors ligne', exact: true });
    await offline.waitFor();
    expect(await offline.isDisabled()).toBe(true);
    await shot(page, 'factures-recues-hors-ligne-tablette');
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByRole('button', { name: 'Déposer une facture', exact: true }).waitFor();
    await context.close();
  });
});
