import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pdfText } from '../support/invoice-helpers';
import type { TestServer } from '../support/test-server';
import { expectAccessible, launchBrowser, openSignedIn, shot, startAppServer, toast } from './support/browser';

// Issue 10 item 6 (decision 012): a line discount of 10 % and a document discount of 20 € typed in
// the invoice editor show in the live totals, and the PDF of the saved draft prints them.

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

async function pick(page: Page, combobox: string, search: string, option: RegExp) {
  const box = page.getByRole('combobox', { name: combobox });
  await box.click();
  if (search) await box.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

describe('discounts in the invoice editor', () => {
  it('10 % on a line and 20 € on the document: totals on screen and in the PDF', async () => {
    const { context, page, errors } = await openSignedIn(browser, server.url, '/mes-factures/ajouter-facture');
    await page.getByRole('heading', { name: 'Nouvelle facture' }).waitFor();
    await pick(page, 'Client', 'hotel parc', /Hôtel du Parc/);
    await pick(page, 'Ajouter un article du catalogue', 'baguette', /BOU001/);
    await page.getByLabel('Quantité').fill('100');
    await page.getByLabel('Remise', { exact: true }).fill('10');
    await shot(page, 'discounts/discounts-line-edit-1366');
    await page.getByRole('button', { name: /^Terminer la ligne 1/ }).click();
    // 100 × 1,30 € = 130,00 €, less 10 % = 117,00 € (shown on the line with its discount).
    await page.getByText('Remise 10 %').waitFor();
    await page.getByLabel('Remise globale (HT)').fill('20');
    await page.getByRole('combobox', { name: 'Type de remise globale' }).selectOption('amount');
    const totals = page.getByLabel('Totaux du document');
    // VAT 5,5 %: round(117 × 5,5 %) − round(20 × 5,5 %) = 6,44 − 1,10 = 5,34 €.
    // The sticky bar of the editor agrees with the totals card.
    await page.getByText(/^Total TTC\s102,34\s€$/).waitFor(); // the bar prints label and amount in one text
    await expect
      .poll(() => totals.innerText())
      .toMatch(
        /Total HT avant remise\s+117,00\s€\s+Remise\s+-20,00\s€\s+Total HT net\s+97,00\s€[\s\S]*TVA 5,5\s%\s+sur\s+97,00\s€\s+5,34\s€[\s\S]*Total TTC\s+102,34\s€/,
      );

    await shot(page, 'discounts/discounts-1366', true);
    // Axe: the filled invoice editor (laptop) is checked in invoice-editor.test.ts (decision 018).

    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Enregistrement effectué').waitFor();
    await page.waitForURL(/\/mes-factures\/modifier-facture\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const { token } = await server.api.login('demo');
    const saved = await server.api.get(`/api/invoices/${id}`, { token });
    expect(saved.body).toMatchObject({
      discount: { type: 'amount', value: 20 },
      totals: { ht: 97, tva: 5.34, ttc: 102.34, subtotal: 117, discount: 20 },
    });
    const text = await pdfText(Buffer.from((await server.api.get(`/api/invoices/${id}/pdf`, { token })).raw));
    for (const s of [
      'Remise',
      '10 %',
      '117,00 €',
      'Total HT avant remise',
      '-20,00 €',
      'Total HT net',
      '97,00 €',
      '102,34 €',
    ])
      expect(text).toContain(s);
    expect(errors()).toEqual([]);
    await context.close();
  });
});

describe('bank details form (issue 10 item 5)', () => {
  it('checks the IBAN key on the device in French, then saves the pair (shown in groups of four)', async () => {
    const { context, page, errors } = await openSignedIn(browser, server.url, '/mes-factures/presentation');
    const iban = page.getByLabel('IBAN');
    await iban.fill('FR76 3000 6000 0112 3456 7890 188');
    await page.getByRole('button', { name: 'Enregistrer les coordonnées' }).click();
    await page
      .getByText('L’IBAN saisi n’est pas valide : sa clé de contrôle ne correspond pas. Vérifiez chaque caractère.')
      .waitFor();
    await iban.fill('fr7630006000011234567890189');
    await page.getByLabel('BIC').fill('bnpafrpp');
    await page.getByRole('button', { name: 'Enregistrer les coordonnées' }).click();
    await toast(page, 'Enregistrement effectué').waitFor();
    expect(await iban.inputValue()).toBe('FR76 3000 6000 0112 3456 7890 189');
    await shot(page, 'discounts/bank-details-1366', true);
    await expectAccessible(page, 'les coordonnées bancaires');
    const { token } = await server.api.login('demo');
    expect((await server.api.get('/api/company/bank-details', { token })).body).toEqual({
      iban: 'FR7630006000011234567890189',
      bic: 'BNPAFRPP',
    });
    expect(errors()).toEqual([]);
    await context.close();
  });
});
