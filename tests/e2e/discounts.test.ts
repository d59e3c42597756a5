import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { invoicePayload, line, pdfText } from '../support/invoice-helpers';
import type { TestServer } from '../support/test-server';
import { expectAccessible, launchBrowser, openSignedIn, shot, startAppServer, toast } from './support/browser';

// Decision 012. What the editor shows and sends for a line discount of
// 10 % and a document discount of 20 € is a component test (invoice-editor.screen.test.tsx), the
// bank details form's checks too (bank-details.screen.test.tsx); here, what the real server makes
// of that draft (its totals, its PDF), and the bank details saved from the page in Chromium.

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

describe('discounts in the invoice editor', () => {
  it('10 % on a line and 20 € on the document: the saved draft’s totals and its PDF', async () => {
    // The draft as the editor sends it (invoice-editor.screen.test.tsx checks that it does).
    const body = invoicePayload(server, {
      lines: [line({ quantity: 100, discount: { type: 'percent', value: 10 } })],
      discount: { type: 'amount', value: 20 },
    });
    const { token } = await server.api.login('demo');
    const id = (await server.api.post('/api/invoices', body, { token })).body.id;
    const saved = await server.api.get(`/api/invoices/${id}`, { token });
    // 100 × 1,30 € = 130,00 €, less 10 % = 117,00 €; VAT 5,5 %: 6,44 − 1,10 = 5,34 €.
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
  });
});

describe('bank details form', () => {
  it('saves the pair from the page (shown in groups of four), kept by the server', async () => {
    const { context, page, errors } = await openSignedIn(browser, server.url, '/mes-factures/presentation');
    const iban = page.getByLabel('IBAN');
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
