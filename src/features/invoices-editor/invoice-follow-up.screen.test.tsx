// @vitest-environment jsdom
// The invoice page's follow-up (decision 011), moved from tests/e2e/invoice-payments.test.ts with its
// wording: "Marquer payée" records a partial payment through its dialog and the invoice shows
// "Partiellement payée" with the rest due; a full credit note made from the invoice page turns it
// "Avoir total", and each document links to the other. The server's side of both is in
// tests/api/credit-notes-payments.test.ts; the page's accessibility stays in e2e.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fake } from '../../../tests/support/module-fakes';
import type { FollowUp } from './api/follow-up';
import type { EditorState, InvoiceJson } from './types';

// The editor's api modules are the shared fakes: imported before the harness loads the editor.
await import('./testing/editor-mocks');
const h = await import('./testing/editor-harness');
const { button, click, heading, openEditor, pick, toastText, type } = h;

beforeAll(h.signInFresh);
beforeEach(h.prepareEditor);
afterEach(h.resetEditor);

const nb = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
const year = new Date().getFullYear();

/** A validated invoice of 120,00 € TTC for Hôtel du Parc (Conseil, 100 € HT at 20 %). */
const invoice = h.invoiceJson({
  id: 301,
  number: `F${year}-0042`,
  validated: true,
  lines: [
    {
      code: 'PRE001',
      type: 'Standard',
      label: 'Conseil',
      quantity: 1,
      unitPrice: 100,
      unitMeasurement: 'unité',
      salesAccount: '706000',
      vatRate: 20,
    },
  ],
  totals: { ht: 100, tva: 20, ttc: 120 },
  vatBreakdown: [{ rate: 20, base: 100, vat: 20 }],
} as Partial<InvoiceJson>);

/** The documents and follow-ups the mocked server answers, by id. */
function serve(docs: InvoiceJson[], followUps: Record<number, FollowUp>) {
  fake('loadBusinessDocument').mockImplementation(async (_kind: string, _company: number, id: number) => {
    const doc = docs.find((d) => d.id === id);
    return doc ? { status: 'ok', doc, fromCache: false } : { status: 'refused', message: null };
  });
  fake('loadFollowUp').mockImplementation(async (_company: number, id: number) =>
    followUps[id] ? { data: followUps[id], fromCache: false } : null,
  );
}

describe('payments and credit notes on the invoice page', { timeout: 60_000 }, () => {
  it('"Marquer payée" → dialog → partial payment: "Partiellement payée" and the rest due', async () => {
    const unpaid = h.followUpJson({ invoiceId: invoice.id, number: invoice.number, ttc: 120 });
    const followUps = { [invoice.id]: unpaid };
    serve([invoice], followUps);
    const paid = h.followUpJson({
      invoiceId: invoice.id,
      number: invoice.number,
      ttc: 120,
      amountPaid: 50,
      payments: [{ id: 1, date: invoice.createdAt!, means: 'cheque', meansLabel: 'Chèque', amount: 50 }],
    });
    fake('recordPayment').mockImplementation(async () => {
      followUps[invoice.id] = paid; // what the server answers from now on
      return { status: 'done', response: paid };
    });

    openEditor(`/mes-factures/modifier-facture?id=${invoice.id}`);
    await heading(`Facture n° ${invoice.number}`);
    click(await screen.findByRole('button', { name: 'Marquer payée', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer un paiement', hidden: true });
    expect(nb(dialog.textContent ?? '')).toContain('Reste à payer : 120,00 €');
    type(within(dialog).getByRole('textbox', { name: 'Montant reçu (TTC)', hidden: true }), '50');
    await pick('Moyen de paiement', '', /^Chèque$/);
    await waitFor(() =>
      expect(nb(dialog.textContent ?? '')).toContain('Paiement partiel : il restera 70,00 € à payer.'),
    );
    click(button('Enregistrer le paiement', dialog));
    await toastText('Paiement enregistré');
    expect(fake('recordPayment').mock.calls[0][2]).toMatchObject({ means: 'cheque', amount: 50 });
    await waitFor(() => expect(within(screen.getByTestId('invoice-status')).getByText('Partiellement payée')));
    await waitFor(() => expect(nb(screen.getByTestId('amount-due').textContent ?? '')).toBe('70,00 €'));
    const table = screen.getByRole('table', { name: 'Paiements reçus', hidden: true });
    expect(nb(table.textContent ?? '')).toMatch(/Chèque\s*50,00 €/);
  });

  it('"Établir un avoir" for the whole invoice: "Avoir total", and the links both ways', async () => {
    const credit = h.invoiceJson({
      ...invoice,
      id: 302,
      type: 'Avoir',
      number: `AV${year}-0001`,
      dueDate: null,
      correctedInvoiceId: invoice.id,
      correctedInvoiceNumber: invoice.number,
    } as Partial<InvoiceJson>);
    const followUps: Record<number, FollowUp> = {
      [invoice.id]: h.followUpJson({ invoiceId: invoice.id, number: invoice.number, ttc: 120 }),
      [credit.id]: h.followUpJson({
        invoiceId: credit.id,
        type: 'Avoir',
        number: credit.number,
        ttc: 120,
        correctedInvoice: { id: invoice.id, number: invoice.number },
      }),
    };
    serve([invoice, credit], followUps);
    fake('saveBusinessDocument').mockImplementationOnce(async (_company: number, s: EditorState) => ({
      outcome: { status: 'done', response: { ...credit, number: null, validated: false } },
      plan: { docId: s.docId ?? credit.id, docKey: `invoice:${credit.id}` },
      body: '',
    }));
    fake('validateInvoice').mockImplementationOnce(async () => {
      // From now on the server counts the credit note against the invoice.
      followUps[invoice.id] = h.followUpJson({
        invoiceId: invoice.id,
        number: invoice.number,
        ttc: 120,
        amountCredited: 120,
        creditNotes: [
          {
            id: credit.id,
            number: credit.number,
            validated: true,
            createdAt: credit.createdAt,
            ttc: 120,
            lines: credit.lines,
            vatBreakdown: credit.vatBreakdown,
          },
        ] as FollowUp['creditNotes'],
      });
      return { status: 'done', response: { invoice: credit, file: btoa('%PDF-1.7'), fileName: 'Avoir.pdf' } };
    });

    const first = openEditor(`/mes-factures/modifier-facture?id=${invoice.id}`);
    await heading(`Facture n° ${invoice.number}`);
    click(await screen.findByRole('button', { name: 'Établir un avoir', hidden: true }));
    await heading('Nouvel avoir');
    click(button('Valider'));
    await toastText('Validation effectuée');
    const sent = fake('saveBusinessDocument').mock.calls[0][1] as EditorState;
    expect(sent.form).toMatchObject({ type: 'Avoir', correctedInvoiceId: invoice.id });
    const pdf = await screen.findByRole('dialog', { name: /^Aperçu de votre document : Avoir/, hidden: true });
    click(button('Fermer', pdf));
    await h.atPath(first.router, '/mes-factures/liste-des-factures');
    first.unmount();

    const { router } = openEditor(`/mes-factures/modifier-facture?id=${invoice.id}`);
    await waitFor(() => expect(within(screen.getByTestId('invoice-status')).getByText('Avoir total')));
    click(screen.getByRole('link', { name: `Avoir ${credit.number}`, hidden: true }));
    await heading(`Avoir n° ${credit.number}`);
    expect(router.state.location.search).toMatchObject({ id: credit.id });
    await screen.findByRole('link', { name: invoice.number!, hidden: true });
  });
});
