import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import {
  CONDITION_WAIT,
  expectAccessible,
  launchBrowser,
  openSignedIn,
  screenLoaded,
  startAppServer,
  visit,
} from './support/browser';
import { pdfPageDrawn } from './support/pdf';
import { demoFileNames } from '../support/demo-names';

// Documents and inbox in a real Chromium (decision 004): deposit with progress, inbox, preview, zip. What
// needs no browser (the selection of the list) is in src/features/documents/*.screen.test.tsx. The
// client's tests share one signed-in page, moved between screens in-app (a full load costs ≈ 3
// CPU-seconds); the firm's test signs in its own.

let server: TestServer;
let browser: Browser;
let demo: { context: BrowserContext; page: Page; errors: () => string[] };
beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  demo = await openSignedIn(browser, server.url, '/ma-bannette/deposer');
});
afterAll(async () => {
  await demo?.context.close();
  await browser?.close();
  await server?.close();
});

/** The console errors from now on (the page is shared by the client's tests). */
const consoleFromNow = () => {
  const before = demo.errors().length;
  return () => demo.errors().slice(before);
};

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);

const names = demoFileNames();

describe('documents and inbox', () => {
  it('deposits two files with per-file progress, then sees them in the inbox', async () => {
    const { page } = demo;
    const errors = consoleFromNow();
    await visit(page, '/ma-bannette/deposer');
    await page.getByRole('heading', { name: 'Déposer des fichiers' }).waitFor();
    await page.getByRole('combobox', { name: /^Catégorie du dépôt/ }).click();
    await page.getByRole('option', { name: 'Comptabilité › Ventes' }).click();
    await page.getByLabel('Fichiers à déposer').setInputFiles([
      { name: 'Ventes décembre.pdf', mimeType: 'application/pdf', buffer: pdf(4_000_000) },
      {
        name: 'Ticket caisse.png',
        mimeType: 'image/png',
        buffer: readFileSync(new URL('../../public/icons/icon-192.png', import.meta.url)),
      },
    ]);
    await page.getByText('Prêt à déposer').first().waitFor();
    // Axe: the deposit screen and the inbox are checked in inbox-offline.test.ts, with a file waiting (decision 018).

    // Record every value the progress bars take while the files go up.
    await page.evaluate(() => {
      const seen: Record<string, number[]> = {};
      (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
      const record = () =>
        document.querySelectorAll('[role="progressbar"]').forEach((el) => {
          const name = el.getAttribute('aria-label') ?? '';
          (seen[name] ??= []).push(Number(el.getAttribute('aria-valuenow')));
        });
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-valuenow'],
      });
    });
    await page.getByRole('button', { name: 'Déposer les 2 fichiers' }).click();
    await expect
      .poll(() => page.getByText('Déposé', { exact: false }).filter({ hasText: '· Déposé' }).count(), {
        timeout: CONDITION_WAIT,
      })
      .toBe(2);
    const seen = await page.evaluate(
      () => (window as unknown as { progressSeen: Record<string, number[]> }).progressSeen,
    );
    for (const name of ['Ventes décembre.pdf', 'Ticket caisse.png']) {
      const values = seen[`Progression de l’envoi de ${name}`];
      expect(values, name).toBeDefined();
      expect(values.at(-1), name).toBe(100);
      expect(
        values.some((v) => v < 100),
        `${name}: the bar starts below 100 %`,
      ).toBe(true);
    }
    await page.getByText('Dépôt effectué').waitFor();

    await page.getByRole('link', { name: 'Voir ma bannette' }).click();
    await page.waitForURL(`${server.url}/ma-bannette`);
    for (const name of ['Ventes décembre.pdf', 'Ticket caisse.png']) {
      const row = page.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      await expect(row.getByText('Déposé', { exact: true }).textContent()).resolves.toBe('Déposé');
    }
    await page.getByRole('tab', { name: 'Historique' }).click();
    await page.getByRole('row').filter({ hasText: names.filedStatement }).getByText('Classé').waitFor();
    // The toast closes after 3 s unless hovered (checked last: the inbox was looked at meanwhile);
    // its close button is the shared toast's (lib/toast).
    await page.mouse.move(0, 0);
    await page.getByRole('alert').filter({ hasText: 'Dépôt effectué' }).waitFor({ state: 'detached' });
    expect(errors()).toEqual([]);
  });

  it('opens a document preview and downloads a selection as one zip', async () => {
    const { page } = demo;
    const errors = consoleFromNow();
    await visit(page, '/mes-documents');
    await page.getByRole('heading', { name: 'Mes documents' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Catégories de documents' })
      .getByRole('button', { name: /^Comptabilité 9 documents/ })
      .click();
    await page.getByRole('button', { name: /^Déclaration de TVA 3 documents/ }).click();
    const [latest, previous] = names.vatReturns;
    await page.getByRole('button', { name: latest, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Aperçu de votre document : ${latest}` });
    await dialog.waitFor();
    expect((await pdfPageDrawn(dialog)).ink).toBeGreaterThan(0.005);
    await expectAccessible(page, 'l’aperçu d’un document');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expectAccessible(page, 'mes documents');

    await page.getByRole('checkbox', { name: `Sélectionner ${latest}` }).check();
    await page.getByRole('checkbox', { name: `Sélectionner ${previous}` }).check();
    await page.getByText('2 documents sélectionnés').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger la sélection (zip)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Documents_Boulangerie Pâtisserie Martin_\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    expect(Object.keys(files).sort()).toEqual([latest, previous].sort());

    // On a 1 024 px screen the table beside the categories keeps its actions in view: the category
    // goes under the name (the Actions column was past the table's edge, scrolled sideways).
    const laptop = page.viewportSize()!;
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('columnheader', { name: 'Nom et catégorie' }).waitFor();
    // Polled: the shell's menu folds away with a 200 ms transition, the table slides left meanwhile.
    const download1024 = page.getByRole('button', { name: `Télécharger ${latest}` });
    await expect
      .poll(async () => {
        const box = (await download1024.boundingBox())!;
        return box.x + box.width;
      })
      .toBeLessThanOrEqual(1024 - 16);
    await page.setViewportSize(laptop);
    await page.getByRole('columnheader', { name: 'Catégorie', exact: true }).waitFor();

    await visit(page, '/mes-documents/documents-recents');
    await page.getByRole('heading', { name: 'Documents récents' }).waitFor();
    await page.getByRole('button', { name: latest, exact: true }).waitFor();
    await expectAccessible(page, 'les documents récents');
    expect(errors()).toEqual([]);
  });

  it('the firm files a deposit from /mes-depots, where its home’s card leads', async () => {
    const { context, page, errors } = await openSignedIn(browser, server.url, '/', undefined, 'admin');
    // The firm's home starts with its clients' files to file, across the companies it follows.
    const card = page.getByRole('region', { name: 'À classer pour vos clients' });
    await card.getByText('2 fichiers', { exact: true }).waitFor();
    // Each file by its name, its company and date on the line below (not « Garage Dupont & Fils :… »).
    const file = card.getByText(names.garagePurchases, { exact: true });
    await file.waitFor();
    const company = card.getByText(/^Garage Dupont & Fils · \d{2}\/\d{2}\/\d{4}$/);
    expect((await company.boundingBox())!.y).toBeGreaterThan((await file.boundingBox())!.y);
    await screenLoaded(page);
    await expectAccessible(page, 'l’accueil du cabinet');
    await card.getByRole('link', { name: 'Classer les dépôts' }).click();
    await page.getByRole('heading', { name: 'Mes dépôts', exact: true }).waitFor();
    const row = page
      .getByRole('row')
      .filter({ hasText: 'Garage Dupont & Fils' })
      .filter({ hasText: names.garagePurchases })
      .first();
    await row.waitFor();
    await expectAccessible(page, 'mes dépôts');
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Classer les fichiers sélectionnés' }).click();
    await page.getByText('Fichiers classés').waitFor();
    expect(errors()).toEqual([]);
    await context.close();
  });
});
