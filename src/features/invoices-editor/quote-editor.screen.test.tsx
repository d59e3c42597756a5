// @vitest-environment jsdom
// The quote editor's screen logic (decision 018), moved from tests/e2e/invoice-editor.test.ts with its
// wording: the checks in the spec's words, the save giving the quote its number, 'Accepté', and
// the conversion opening the invoice form pre-filled (type Facture, payment mode empty). The quote
// preview drawn by pdf.js and the tablet layout stay in e2e.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fake } from '../../../tests/support/module-fakes';
import type { EditorState, InvoiceJson, QuoteJson } from './types';

// The editor's api modules are the shared fakes: imported before the harness loads the editor.
await import('./testing/editor-mocks');
const h = await import('./testing/editor-harness');
const { button, click, combobox, field, heading, openEditor, pick, toastText, type } = h;

beforeAll(h.signInFresh);
beforeEach(h.prepareEditor);
afterEach(h.resetEditor);

const nb = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('quote editor', { timeout: 60_000 }, () => {
  it('quote → Accepté → convert → the invoice form opens pre-filled (type Facture, payment mode empty)', async () => {
    const quote = h.quoteJson();
    // What the server makes of it (QUO-15): an invoice draft, type Facture, payment mode cleared.
    const invoice = h.invoiceJson({
      id: 501,
      customer: quote.customer,
      paymentMode: '',
      lines: quote.lines,
      estimate: { id: quote.id, number: quote.number! },
    } as Partial<InvoiceJson>);
    const docs: Record<string, InvoiceJson | QuoteJson> = { [`quote:${quote.id}`]: quote, [`invoice:501`]: invoice };
    fake('loadBusinessDocument').mockImplementation(async (kind: string, _company: number, id: number) => {
      const doc = docs[`${kind}:${id}`];
      return doc ? { status: 'ok', doc, fromCache: false } : { status: 'refused', message: null };
    });

    const { router } = openEditor('/mes-factures/ajouter-devis');
    await heading('Nouveau devis');
    click(button('Enregistrer'));
    const t = await toastText('Votre devis contient des erreurs !');
    expect(t).toContain('Votre devis ne contient aucun article.');
    expect(fake('saveBusinessDocument')).not.toHaveBeenCalled();

    await pick('Client', 'bistrot', /Le Bistrot Gourmand/);
    await pick('Ajouter un article du catalogue', 'croissant', /Croissant/);
    type(field('Quantité'), '24');
    click(button(/^Terminer la ligne 1/));
    fake('saveBusinessDocument').mockImplementationOnce(async (_company: number, s: EditorState) => ({
      outcome: { status: 'done', response: quote },
      plan: { docId: s.docId ?? quote.id, docKey: `quote:${quote.id}` },
      body: '',
    }));
    click(button('Enregistrer'));
    await toastText('Enregistrement effectué');
    expect(screen.getByText('Votre devis à été enregistré avec succès')).toBeTruthy();
    const sent = fake('saveBusinessDocument').mock.calls[0][1] as EditorState;
    expect(sent.form).toMatchObject({ accountNumber: 'C00002', lines: [{ code: 'BOU003', quantity: 24 }] });
    await h.atPath(router, '/mes-factures/modifier-devis');
    await heading(`Devis n° ${quote.number}`);

    fake('changeQuoteState').mockResolvedValueOnce({ status: 'done', response: { ...quote, state: 'Accepté' } });
    await pick('État du devis', '', /^Accepté$/);
    await toastText('Enregistrement effectué');
    await screen.findByText(`L'état du devis n°${quote.number} à été enregistré avec succès`);
    expect(fake('changeQuoteState').mock.calls[0][4]).toBe('Accepté');

    fake('convertQuote').mockResolvedValueOnce({ status: 'done', response: invoice });
    click(await screen.findByRole('button', { name: 'Convertir en facture', hidden: true }));
    await h.atPath(router, '/mes-factures/modifier-facture');
    await heading('Brouillon de facture');
    expect(combobox('Type').value).toBe('Facture');
    expect(combobox('Mode de paiement').value).toBe('');
    expect(combobox('Client').value).toMatch(/Le Bistrot Gourmand/);
    await waitFor(() =>
      expect(nb(screen.getByLabelText('Totaux du document').textContent ?? '')).toMatch(/Total HT\s*28,80\s€/),
    );
    expect(screen.getByText(`Issue du devis n° ${quote.number}`)).toBeTruthy();
  });
});
