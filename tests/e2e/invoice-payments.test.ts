import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { InvoiceLine } from '../../src/domain/types';
import { invoicePayload } from '../support/invoice-helpers';
import type { TestServer } from '../support/test-server';
import { expectAccessible, launchBrowser, noToasts, openSignedIn, startAppServer, toast } from './support/browser';

// Payments (decision 011) in a real Chromium against the real server: "Marquer payée" records a partial payment
// and the invoice page shows "Partiellement payée" with the rest due (checked once by axe). The
// dialog's and the page's logic, the full credit note ("Avoir total", links both ways) included,
// are component tests (src/features/invoices-editor/invoice-follow-up.screen.test.tsx); the
// server's rules are in tests/api/credit-notes-payments.test.ts.

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

const conseil: InvoiceLine = {
  code: 'PRE001',
  type: 'Standard',
  label: 'Conseil',
  quantity: 1,
  unitPrice: 100,
  unitMeasurement: 'unité',
  salesAccount: '706000',
  vatRate: 20,
};

/** A validated invoice of 120,00 € TTC for Hôtel du Parc, made through the API. */
async function validatedInvoice() {
  const draft = await server.api.post('/api/invoices', invoicePayload(server, { lines: [conseil] }), { token });
  const v = await server.api.put(`/api/invoices/${draft.body.id}/validate`, {}, { token });
  expect(v.status, JSON.stringify(v.body)).toBe(200);
  return v.body.invoice as { id: number; number: string };
}

const nb = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('payments on the invoice page', () => {
  it('"Marquer payée" → dialog → partial payment: "Partiellement payée" and the rest due', async () => {
    const invoice = await validatedInvoice();
    const { context, page, errors } = await openSignedIn(
      browser,
      server.url,
      `/mes-factures/modifier-facture?id=${invoice.id}`,
    );
    await page.getByRole('heading', { name: `Facture n° ${invoice.number}` }).waitFor();
    await page.getByRole('button', { name: 'Marquer payée' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enregistrer un paiement' });
    await dialog.getByRole('textbox', { name: 'Montant reçu (TTC)' }).fill('50');
    await dialog.getByRole('combobox', { name: 'Moyen de paiement' }).click();
    await page.getByRole('option', { name: 'Chèque' }).click();
    await dialog.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    await toast(page, 'Paiement enregistré').waitFor();
    await page.getByTestId('invoice-status').getByText('Partiellement payée').waitFor();
    await expect.poll(async () => nb(await page.getByTestId('amount-due').innerText())).toBe('70,00 €');
    const follow = (await server.api.get(`/api/invoices/${invoice.id}/follow-up`, { token })).body;
    expect(follow).toMatchObject({
      status: 'Partiellement payée',
      amountPaid: 50,
      amountDue: 70,
      payments: [{ means: 'cheque', amount: 50 }],
    });
    await noToasts(page);
    await expectAccessible(page, 'une facture partiellement payée');
    expect(errors()).toEqual([]);
    await context.close();
  });
});
