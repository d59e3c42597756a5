// @vitest-environment jsdom
// The reform's mentions in the invoice editor (decision 046): « Nature de l’opération », « TVA sur les
// débits » (the company's choice by default), the delivery address and the date of the sale (each
// only when it differs). They travel in the draft kept on the device and in what is sent, and the
// offline preview prints them.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fake } from '../../../tests/support/module-fakes';
import { currentDb, type PlumeEnvironment } from '../../data/db';
import { readDraft } from './api/drafts';
import { toInvoicePayload } from './editor-model';
import { previewModel } from './pdf-model';
import type { EditorState } from './types';

await import('./testing/editor-mocks');
const h = await import('./testing/editor-harness');
const { button, click, combobox, field, heading, openEditor, pick, type } = h;

beforeAll(h.signInFresh);
beforeEach(async () => {
  await h.prepareEditor();
  const db = currentDb()!;
  // The company opted for VAT on debits (its legal details); Hôtel du Parc is delivered elsewhere.
  const environment = { ...h.ENVIRONMENT, company: { ...h.ENVIRONMENT.company, vatOnDebits: true } };
  await db.environment.put({
    companyId: h.COMPANY_ID,
    data: environment as unknown as PlumeEnvironment,
    fetchedAt: Date.now(),
  });
  const hotel = { ...h.CUSTOMERS[0], deliveryAddress: 'Hôtel du Parc – Cuisines\n2 rue Garibaldi\n69006 Lyon' };
  await db.customers.put({ companyId: h.COMPANY_ID, id: hotel.accountNumber, data: hotel, label: '' });
});
afterEach(h.resetEditor);

const checkbox = (name: string) => screen.getByRole('checkbox', { name, hidden: true }) as HTMLInputElement;
const switchNamed = (name: string | RegExp) => screen.getByRole('switch', { name, hidden: true }) as HTMLInputElement;
const draftForm = async () => ((await readDraft(h.COMPANY_ID, 'invoice', 'new')) as EditorState | null)?.form;

describe('the reform’s mentions of an invoice', { timeout: 60_000 }, () => {
  it('are filled, kept in the device’s draft, sent with the save and printed on the preview', async () => {
    const first = openEditor('/mes-factures/ajouter-facture');
    await heading('Nouvelle facture');
    await pick('Client', 'hotel parc', /Hôtel du Parc/);
    // Nothing said yet: the company's choice for VAT on debits, no other address or date.
    expect(switchNamed(/^TVA sur les débits/).checked).toBe(true);
    expect(screen.getByText(/Choix de la société : oui\./)).toBeTruthy();
    expect(checkbox('Livraison à une autre adresse').checked).toBe(false);
    expect(screen.queryByLabelText('Adresse de livraison')).toBeNull();
    expect(screen.queryByLabelText('Date de la vente ou de la prestation')).toBeNull();

    await pick('Nature de l’opération', '', /Prestation de services/);
    click(switchNamed(/^TVA sur les débits/));
    // Ticked, the delivery address starts from the customer's own.
    click(checkbox('Livraison à une autre adresse'));
    await waitFor(() => expect(field('Adresse de livraison').value).toContain('Hôtel du Parc – Cuisines'));
    type(field('Adresse de livraison'), 'Hôtel du Parc – Réserve\n8 rue Garibaldi\n69006 Lyon');
    click(checkbox('Date de la vente différente de la date de facturation'));
    type(field('Date de la vente ou de la prestation'), '03/11/2026');

    await waitFor(async () => {
      const form = await draftForm();
      expect(form).toMatchObject({
        operationKind: 'services',
        vatOnDebits: false,
        deliveryAddress: 'Hôtel du Parc – Réserve\n8 rue Garibaldi\n69006 Lyon',
        saleDate: '2026-11-03',
      });
    });
    // What travels to the server (and waits in the outbox offline).
    const form = (await draftForm())!;
    expect(toInvoicePayload(form)).toMatchObject({
      operationKind: 'services',
      vatOnDebits: false,
      deliveryAddress: 'Hôtel du Parc – Réserve\n8 rue Garibaldi\n69006 Lyon',
      saleDate: '2026-11-03',
    });
    // The offline preview prints them.
    const model = previewModel({
      kind: 'invoice',
      form,
      number: null,
      company: { label: 'Boulangerie Pâtisserie Martin', vatOnDebits: true },
      logo: null,
      customer: h.CUSTOMERS[0],
      correctedInvoiceNumber: null,
    });
    expect(model).toMatchObject({
      operationKind: 'prestations de services',
      saleDate: '2026-11-03',
      deliveryAddressLines: ['Hôtel du Parc – Réserve', '8 rue Garibaldi', '69006 Lyon'],
    });
    expect(model.vatOnDebits).toBeFalsy();

    // A reload brings the draft back with its mentions.
    first.unmount();
    openEditor('/mes-factures/ajouter-facture');
    await screen.findByText('Brouillon repris');
    expect(combobox('Nature de l’opération').value).toBe('Prestation de services');
    expect(switchNamed(/^TVA sur les débits/).checked).toBe(false);
    expect(field('Adresse de livraison').value).toContain('Réserve');
    expect(field('Date de la vente ou de la prestation').value).toBe('03/11/2026');

    // Unticked: delivered at the billing address, sold on the billing date; nothing is sent for them.
    click(checkbox('Livraison à une autre adresse'));
    click(checkbox('Date de la vente différente de la date de facturation'));
    await waitFor(() => expect(screen.queryByLabelText('Adresse de livraison')).toBeNull());
    fake('saveBusinessDocument').mockResolvedValueOnce({
      outcome: { status: 'failed', httpStatus: 500, message: 'stop', errors: [] },
      plan: { docId: 'new', docKey: null },
      body: '',
    });
    await pick('Ajouter un article du catalogue', 'baguette', /BOU001/);
    type(field('Quantité'), '10');
    click(button(/^Terminer la ligne 1/));
    click(button('Enregistrer'));
    await waitFor(() => expect(fake('saveBusinessDocument')).toHaveBeenCalledTimes(1));
    const sent = toInvoicePayload((fake('saveBusinessDocument').mock.calls[0][1] as EditorState).form);
    expect(sent).toMatchObject({ operationKind: 'services', vatOnDebits: false });
    expect(sent).not.toHaveProperty('deliveryAddress');
    expect(sent).not.toHaveProperty('saleDate');
  });

  it('a quote shows none of them', async () => {
    openEditor('/mes-factures/ajouter-devis');
    await heading('Nouveau devis');
    expect(screen.queryByText('Nature de l’opération')).toBeNull();
    expect(screen.queryByRole('switch', { name: 'TVA sur les débits', hidden: true })).toBeNull();
  });

  it('a validated invoice offers its two e-invoice downloads: the Factur-X PDF and the UBL XML', async () => {
    const invoice = h.invoiceJson({ validated: true, number: 'F2026-0007' });
    fake('loadBusinessDocument').mockResolvedValue({ status: 'ok', doc: invoice, fromCache: false });
    fake('loadFollowUp').mockResolvedValue(null);
    fake('downloadEInvoice').mockResolvedValue(undefined);
    openEditor(`/mes-factures/modifier-facture?id=${invoice.id}`);
    await heading(`Facture n° ${invoice.number}`);
    click(button('Télécharger la Factur-X (PDF)'));
    await waitFor(() => expect(fake('downloadEInvoice')).toHaveBeenCalledTimes(1));
    expect(fake('downloadEInvoice').mock.calls[0]).toEqual([
      h.COMPANY_ID,
      invoice.id,
      'facturx',
      expect.stringMatching(/\.pdf$/),
    ]);
    click(button('Télécharger en UBL (XML)'));
    await waitFor(() => expect(fake('downloadEInvoice')).toHaveBeenCalledTimes(2));
    expect(fake('downloadEInvoice').mock.calls[1]).toEqual([
      h.COMPANY_ID,
      invoice.id,
      'ubl',
      expect.stringMatching(/\.xml$/),
    ]);
  });

  it('validation waits for the company’s legal details, on the device too, with a link to fill them', async () => {
    const environment = { ...h.ENVIRONMENT, company: { ...h.ENVIRONMENT.company, siren: null, legalForm: '' } };
    await currentDb()!.environment.put({
      companyId: h.COMPANY_ID,
      data: environment as unknown as PlumeEnvironment,
      fetchedAt: Date.now(),
    });
    openEditor('/mes-factures/ajouter-facture');
    await heading('Nouvelle facture');
    await pick('Client', 'hotel parc', /Hôtel du Parc/);
    await pick('Ajouter un article du catalogue', 'baguette', /BOU001/);
    type(field('Quantité'), '10');
    click(button(/^Terminer la ligne 1/));
    click(button('Valider'));
    const refusal =
      'Complétez les mentions légales de la société avant de valider une facture : forme juridique, SIREN.';
    const alert = await waitFor(() =>
      screen
        .getAllByRole('alert', { hidden: true })
        .find((a) => a.classList.contains('mantine-Alert-root') && a.textContent?.includes(refusal))!,
    );
    const link = screen.getByRole('link', { name: 'Compléter les mentions légales', hidden: true });
    expect(alert.contains(link)).toBe(true);
    expect(link.getAttribute('href')).toBe('/mes-factures/mentions-legales');
    expect(fake('validateInvoice')).not.toHaveBeenCalled();
  });
});
