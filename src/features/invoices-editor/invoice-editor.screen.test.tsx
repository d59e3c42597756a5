// @vitest-environment jsdom
// The invoice editor's screen logic (decision 018: component tests where the browser is not the
// point), moved from tests/e2e/invoice-editor.test.ts and discounts.test.ts with their wording:
// the invoice checks (INV-1 to INV-15) in the spec's words, the draft kept on the device, what a customer fills
// in, the live totals with discounts, the credit note made from a validated invoice, and the
// loading errors of ERR-3. The real save → validate → number → PDF journey stays in e2e.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fake } from '../../../tests/support/module-fakes';
import { readDraft } from './api/drafts';
import type { EditorState } from './types';

// The editor's api modules are the shared fakes: imported before the harness loads the editor.
await import('./testing/editor-mocks');
const h = await import('./testing/editor-harness');
const { button, click, combobox, field, heading, openEditor, pick, toastText, type } = h;

beforeAll(h.signInFresh);
beforeEach(h.prepareEditor);
afterEach(h.resetEditor);

const totalsText = () => screen.getByLabelText('Totaux du document').textContent ?? '';
const nb = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('invoice editor', { timeout: 60_000 }, () => {
  it('a draft with errors lists every broken rule in the spec’s words, in a toast and above the form', async () => {
    openEditor('/mes-factures/ajouter-facture');
    await heading('Nouvelle facture');
    click(button('Enregistrer'));
    const t = await toastText('Votre facture contient des erreurs !');
    expect(t).toContain('Votre facture ne contient aucun article.');
    expect(t).toContain('Votre facture ne contient pas de client.');
    const alert = screen
      .getAllByRole('alert', { hidden: true })
      .find((a) => a.classList.contains('mantine-Alert-root'))!;
    expect(alert.textContent).toContain('Votre facture contient des erreurs !');
    expect(alert.textContent).toMatch(/ne contient aucun article[\s\S]*ne contient pas de client[\s\S]*de 0€ ou moins/);
    expect(fake('saveBusinessDocument')).not.toHaveBeenCalled();
  });

  it('Ctrl+S does what « Enregistrer » does, and the browser’s « save the page » never opens', async () => {
    openEditor('/mes-factures/ajouter-facture');
    await heading('Nouvelle facture');
    expect(button('Enregistrer').getAttribute('aria-keyshortcuts')).toBe('Control+S Meta+S');
    const browserDefault = fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    expect(browserDefault).toBe(false);
    const t = await toastText('Votre facture contient des erreurs !');
    expect(t).toContain('Votre facture ne contient aucun article.');
    expect(fake('saveBusinessDocument')).not.toHaveBeenCalled();
  });

  it('the draft is kept on the device from the first change: a reload brings it back', async () => {
    const first = openEditor('/mes-factures/ajouter-facture');
    await heading('Nouvelle facture');
    await pick('Client', 'tilleuls', /SCI Les Tilleuls/);
    await pick('Adresse de facturation', '', /Cabinet Fabre Gestion/);
    type(field('Désignation'), 'Entretien des parties communes');
    // Written to the device's drafts once the typing pauses: wait for that write, then "reload".
    await waitFor(async () =>
      expect(((await readDraft(h.COMPANY_ID, 'invoice', 'new')) as EditorState | null)?.form.designation).toBe(
        'Entretien des parties communes',
      ),
    );
    first.unmount();
    openEditor('/mes-factures/ajouter-facture');
    await screen.findByText('Brouillon repris');
    expect(field('Désignation').value).toBe('Entretien des parties communes');
    expect(combobox('Adresse de facturation').value).toContain('Cabinet Fabre Gestion');
    click(button('Abandonner ce brouillon'));
    const dialog = await screen.findByRole('dialog', { name: 'Abandonner ce brouillon ?', hidden: true });
    click(button('Abandonner', dialog));
    await waitFor(() => expect(field('Désignation').value).toBe(''));
    expect(screen.queryByText('Brouillon repris')).toBeNull();
  });

  it('a customer fills the form, and the totals follow the lines: 10 × 1,30 € at 5,5 %', async () => {
    openEditor('/mes-factures/ajouter-facture');
    await heading('Nouvelle facture');
    await pick('Client', 'hotel parc', /Hôtel du Parc/);
    // The customer's address, its payment mode and its delay (30 days) fill the form.
    await waitFor(() => expect(combobox('Adresse de facturation').value).toMatch(/12 avenue Foch/));
    expect(combobox('Mode de paiement').value).toBe('Virement');
    await pick('Ajouter un article du catalogue', 'baguette', /BOU001/);
    type(field('Quantité'), '10');
    click(button(/^Terminer la ligne 1/));
    await waitFor(() =>
      expect(nb(totalsText())).toMatch(/Total HT\s*13,00\s€[\s\S]*TVA 5,5\s%[\s\S]*0,72\s€[\s\S]*Total TTC\s*13,72\s€/),
    );
  });

  it('a line goes up, and another is removed after « Supprimer la ligne ? »: the totals follow', async () => {
    openEditor('/mes-factures/ajouter-facture');
    await heading('Nouvelle facture');
    await pick('Ajouter un article du catalogue', 'baguette', /BOU001/);
    type(field('Quantité'), '10');
    click(button(/^Terminer la ligne 1/));
    await pick('Ajouter un article du catalogue', 'croissant', /BOU003/);
    click(button(/^Terminer la ligne 2/));
    await waitFor(() => expect(nb(totalsText())).toMatch(/Total HT\s*14,20\s€/));

    click(button('Autres actions sur la ligne 2 « Croissant pur beurre »'));
    click(await screen.findByRole('menuitem', { name: 'Monter' }));
    await screen.findByRole('button', { name: 'Modifier la ligne 1 « Croissant pur beurre »' });
    expect(screen.getByRole('button', { name: 'Modifier la ligne 2 « Baguette tradition »' })).toBeTruthy();

    click(button('Autres actions sur la ligne 2 « Baguette tradition »'));
    click(await screen.findByRole('menuitem', { name: 'Supprimer la ligne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer la ligne ?' });
    expect(dialog.textContent).toContain('La ligne 2 « Baguette tradition » sera retirée du document.');
    click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /« Baguette tradition »$/ })).toBeNull());
    expect(screen.getByRole('button', { name: 'Modifier la ligne 1 « Croissant pur beurre »' })).toBeTruthy();
    await waitFor(() => expect(nb(totalsText())).toMatch(/Total HT\s*1,20\s€/));
  });

  it('« Dupliquer la ligne » copies it below; « Déplacer vers… » takes it to a position in one step', async () => {
    openEditor('/mes-factures/ajouter-facture');
    await heading('Nouvelle facture');
    await pick('Ajouter un article du catalogue', 'baguette', /BOU001/);
    click(button(/^Terminer la ligne 1/));
    await pick('Ajouter un article du catalogue', 'croissant', /BOU003/);
    type(field('Quantité'), '3');
    click(button(/^Terminer la ligne 2/));

    click(button('Autres actions sur la ligne 2 « Croissant pur beurre »'));
    click(await screen.findByRole('menuitem', { name: 'Dupliquer la ligne' }));
    // The copy opens below, for editing, with the same article and quantity.
    await screen.findByRole('button', { name: /^Terminer la ligne 3 « Croissant pur beurre »/ });
    expect(field('Quantité').value).toBe('3');
    await waitFor(() => expect(document.activeElement).toBe(field('Libellé')));
    type(field('Quantité'), '5');
    click(button(/^Terminer la ligne 3/));
    await waitFor(() => expect(nb(totalsText())).toMatch(/Total HT\s*10,90\s€/));

    click(button('Autres actions sur la ligne 1 « Baguette tradition »'));
    click(await screen.findByRole('menuitem', { name: 'Déplacer vers…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déplacer la ligne' });
    const position = within(dialog).getByLabelText('Nouvelle position') as HTMLInputElement;
    expect(position.value).toBe('1');
    type(position, '9');
    expect(within(dialog).getByText('Saisissez un nombre entre 1 et 3.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Déplacer' }) as HTMLButtonElement).disabled).toBe(true);
    type(position, '3');
    click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    await screen.findByRole('button', { name: 'Modifier la ligne 3 « Baguette tradition »' });
    expect(screen.getByRole('button', { name: 'Modifier la ligne 1 « Croissant pur beurre »' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Modifier la ligne 2 « Croissant pur beurre »' })).toBeTruthy();
  });

  it('10 % on a line and 20 € on the document: the line, the totals and the bar agree; the save sends them', async () => {
    openEditor('/mes-factures/ajouter-facture');
    await heading('Nouvelle facture');
    await pick('Client', 'hotel parc', /Hôtel du Parc/);
    await pick('Ajouter un article du catalogue', 'baguette', /BOU001/);
    type(field('Quantité'), '100');
    type(screen.getByLabelText('Remise', { exact: true, selector: 'input' }), '10');
    click(button(/^Terminer la ligne 1/));
    // 100 × 1,30 € = 130,00 €, less 10 % = 117,00 € (shown on the line with its discount).
    await screen.findByText('Remise 10 %');
    type(field('Remise globale (HT)'), '20');
    const kind = screen.getByRole('combobox', { name: 'Type de remise globale', hidden: true }) as HTMLSelectElement;
    type(kind, 'amount');
    // VAT 5,5 %: round(117 × 5,5 %) − round(20 × 5,5 %) = 6,44 − 1,10 = 5,34 €.
    // The sticky bar of the editor agrees with the totals card.
    await screen.findByText(/^Total TTC\s102,34\s€$/); // the bar prints label and amount in one text
    expect(nb(totalsText())).toMatch(
      /Total HT avant remise\s*117,00\s€\s*Remise\s*-20,00\s€\s*Total HT net\s*97,00\s€[\s\S]*TVA 5,5\s%\s*sur\s*97,00\s€\s*5,34\s€[\s\S]*Total TTC\s*102,34\s€/,
    );
    fake('saveBusinessDocument').mockResolvedValueOnce({
      outcome: { status: 'failed', httpStatus: 500, message: 'stop', errors: [] },
      plan: { docId: 'new', docKey: null },
      body: '',
    });
    click(button('Enregistrer'));
    await waitFor(() => expect(fake('saveBusinessDocument')).toHaveBeenCalledTimes(1));
    const sent = fake('saveBusinessDocument').mock.calls[0][1] as EditorState;
    expect(sent.form.discount).toEqual({ type: 'amount', value: 20 });
    expect(sent.form.lines[0]).toMatchObject({
      code: 'BOU001',
      quantity: 100,
      discount: { type: 'percent', value: 10 },
    });
  });

  it('a validated invoice opens read-only, and "Établir un avoir" pre-fills a credit note', async () => {
    const invoice = h.invoiceJson({ validated: true, number: 'F2026-0007' });
    fake('loadBusinessDocument').mockResolvedValue({ status: 'ok', doc: invoice, fromCache: false });
    fake('loadFollowUp').mockResolvedValue(null);
    await h.cacheInvoices([
      {
        id: invoice.id,
        customer: invoice.customer!,
        type: 'Facture',
        number: invoice.number,
        invoice: { createdAt: invoice.createdAt, validated: true, ttc: 13.72 },
      },
    ]);
    const { router } = openEditor(`/mes-factures/modifier-facture?id=${invoice.id}`);
    await heading(`Facture n° ${invoice.number}`);
    expect(screen.queryByRole('button', { name: 'Enregistrer', hidden: true })).toBeNull();
    click(button('Établir un avoir'));
    await heading('Nouvel avoir');
    expect(router.state.location.search).toMatchObject({ avoir: invoice.id });
    expect(combobox('Type').value).toBe('Avoir');
    expect(combobox('Facture corrigée').value).toContain(invoice.number);
    expect(field('Date d’échéance').value).toBe('');
  });
});

describe('loading errors (ERR-3)', { timeout: 60_000 }, () => {
  it('an unknown invoice or quote: the spec’s message, then its list', async () => {
    fake('loadBusinessDocument').mockResolvedValue({ status: 'refused', message: 'Document introuvable.' });
    const invoice = openEditor('/mes-factures/modifier-facture?id=999999');
    await toastText('Erreur lors de la récupération de la facture');
    await h.atPath(invoice.router, '/mes-factures/liste-des-factures');
    invoice.unmount();
    const quote = openEditor('/mes-factures/modifier-devis?id=999999');
    await toastText('Erreur lors de la récupération du devis');
    await h.atPath(quote.router, '/mes-factures/liste-des-devis');
  });
});
