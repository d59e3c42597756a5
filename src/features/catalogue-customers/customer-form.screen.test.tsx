// @vitest-environment jsdom
// The customer dialog's screen logic (decision 018: component tests instead of browser tests where the
// browser is not the point): French messages for what is missing or malformed, the extra billing
// addresses, and what is sent once it is right. The real creation against the server, the sheet
// and its layout stay in tests/e2e/articles-customers.test.ts.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanScreen, installJsdomGaps, renderScreen } from '../../../tests/support/screen';
import { fake, resetFakes } from '../../../tests/support/module-fakes';
import { CUSTOMER_MESSAGES } from '../../domain/customers';
import { ELECTRONIC_ADDRESS_MESSAGES } from '../../domain/electronic-address';

// The shared fakes (module-fakes.ts): the sheet's test mocks the same module the same way.
vi.mock('./api/customer-mutations', async (actual) =>
  (await import('../../../tests/support/module-fakes')).delegating(
    await actual<typeof import('./api/customer-mutations')>(),
    ['createCustomer', 'updateCustomer', 'deleteCustomer', 'archiveCustomer'],
  ),
);

vi.mock('../../data/sync/use-server-rows', () => ({
  useServerEnvironment: () => ({ environment: null, fetchedAt: null }),
}));

const { CustomerFormModal } = await import('./components/customer-form-modal');
const createCustomer = fake('createCustomer');

beforeAll(installJsdomGaps);
// Nothing outlives a test: the rendered tree, the toasts' global store, the mocks' answers.
afterEach(() => {
  cleanScreen();
  resetFakes();
});

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

function openNew(onClose = vi.fn()) {
  renderScreen(<CustomerFormModal opened row={null} companyId={1} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Nouveau client', hidden: true });
  const field = (label: string) => within(dialog).getByLabelText(label, { exact: false, selector: 'input, textarea' });
  return { dialog, field };
}

// Role queries skip the visibility check (`hidden: true`): computing styles up the tree is what makes
// them slow in jsdom. Rendering Mantine there can still take seconds on a busy 2-core machine.
describe('the customer dialog', { timeout: 60_000 }, () => {
  it('lists in French what is missing or malformed, and sends nothing', async () => {
    const { dialog, field } = openNew();
    type(field('SIREN'), '12345');
    type(field('Délai de paiement (jours)'), '400');
    // Pressed as a person does, once the dialog has placed its first focus: the focus on the button.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    const create = within(dialog).getByRole('button', { name: 'Créer le client', hidden: true });
    create.focus();
    fireEvent.click(create);
    const alert = await within(dialog).findByRole('alert', { hidden: true });
    expect(alert.textContent).toContain('Le client contient des erreurs.');
    expect(alert.textContent).toContain('La raison sociale du client est obligatoire.');
    expect(alert.textContent).toContain(CUSTOMER_MESSAGES.sirenInvalid);
    expect(alert.textContent).toContain('Le délai de paiement doit être un nombre entier de jours entre 0 et 365.');
    expect(createCustomer).not.toHaveBeenCalled();
    // The focus leaves the button at the bottom for the first field to fix, at the top.
    await waitFor(() => expect(document.activeElement).toBe(field('Raison sociale')));
  });

  it('« Adresse de facturation électronique »: says what an empty one falls back to, and names a half-typed one (decision 085)', async () => {
    const { dialog, field } = openNew();
    type(field('Raison sociale'), 'Atelier Durand');
    type(field('SIREN'), '552100554');
    expect(dialog.textContent).toContain(
      'Laissée vide : ses factures électroniques utilisent son SIREN dans l’annuaire (0225), 552100554.',
    );
    type(
      within(dialog).getByRole('textbox', { name: 'Adresse de facturation électronique', hidden: true }),
      '552100554_COMPTA',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer le client', hidden: true }));
    const alert = await within(dialog).findByRole('alert', { hidden: true });
    expect(alert.textContent).toContain(ELECTRONIC_ADDRESS_MESSAGES.schemeMissing);
    expect(createCustomer).not.toHaveBeenCalled();
  });

  it('adds another billing address, and sends the customer with it once valid', async () => {
    const onClose = vi.fn();
    const { dialog, field } = openNew(onClose);
    createCustomer.mockResolvedValueOnce({
      status: 'done',
      response: { accountNumber: 'C00042', socialReason: 'Atelier Durand' },
    });
    type(field('Raison sociale'), 'Atelier Durand');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter une adresse de facturation', hidden: true }));
    type(
      within(dialog).getByRole('textbox', { name: 'Autre adresse de facturation n° 1', hidden: true }),
      'Service comptable, 10 quai Perrache, 69002 Lyon',
    );
    type(field('SIREN'), '732 829 320');
    type(field('Délai de paiement (jours)'), '45');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer le client', hidden: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const body = createCustomer.mock.calls[0][1] as Record<string, unknown>;
    expect(JSON.stringify(body)).toContain('Service comptable, 10 quai Perrache, 69002 Lyon');
    expect(JSON.stringify(body)).toContain('Atelier Durand');
    expect(JSON.stringify(body)).toMatch(/"732 ?829 ?320"/);
    expect(JSON.stringify(body)).toContain('45');
  });

  it('the SIREN and the VAT number are checked as they are typed, in French, under their fields', async () => {
    const { dialog, field } = openNew();
    // A wrong key, typed in full: the rulebook's message at once, before saving.
    type(field('SIREN'), '732 829 321');
    await within(dialog).findByText(CUSTOMER_MESSAGES.sirenInvalid);
    type(field('SIREN'), '732 829 320');
    await waitFor(() => expect(within(dialog).queryByText(CUSTOMER_MESSAGES.sirenInvalid)).toBeNull());
    type(field('Numéro de TVA intracommunautaire'), 'FR96552100554');
    await within(dialog).findByText(CUSTOMER_MESSAGES.vatNumberSirenMismatch);
    type(field('Numéro de TVA intracommunautaire'), 'FR44732829320');
    await waitFor(() => expect(within(dialog).queryByText(CUSTOMER_MESSAGES.vatNumberSirenMismatch)).toBeNull());
    // « Obligatoire » waits for the save; nothing is flagged before.
    expect(within(dialog).queryByText(CUSTOMER_MESSAGES.sirenRequired)).toBeNull();
  });

  it('a professional customer in France needs its SIREN; a private one does not', async () => {
    const onClose = vi.fn();
    const { dialog, field } = openNew(onClose);
    type(field('Raison sociale'), 'Atelier Durand');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer le client', hidden: true }));
    const alert = await within(dialog).findByRole('alert', { hidden: true });
    expect(alert.textContent).toContain('Le SIREN est obligatoire pour un client professionnel en France.');
    // Also under the field itself.
    expect(within(dialog).getAllByText(CUSTOMER_MESSAGES.sirenRequired)).toHaveLength(2);
    expect(createCustomer).not.toHaveBeenCalled();

    createCustomer.mockResolvedValueOnce({
      status: 'done',
      response: { accountNumber: 'C00043', socialReason: 'Claire Durand' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Particulier', hidden: true }));
    // A private customer has no SIREN nor VAT number fields.
    await waitFor(() =>
      expect(within(dialog).queryByLabelText('SIREN', { selector: 'input', exact: false })).toBeNull(),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer le client', hidden: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(createCustomer.mock.calls[0][1]).toMatchObject({ isBusiness: false, siren: '' });
  });
});
