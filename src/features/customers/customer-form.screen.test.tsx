// @vitest-environment jsdom
// The customer dialog's screen logic (issue 11: component tests instead of browser tests where the
// browser is not the point): French messages for what is missing or malformed, the extra billing
// addresses, and what is sent once it is right. The real creation against the server, the sheet
// and its layout stay in tests/e2e/articles-customers.test.ts.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanScreen, installJsdomGaps, renderScreen } from '../../../tests/support/screen';

const createCustomer = vi.fn();
vi.mock('./api/customer-mutations', () => ({
  createCustomer: (...args: unknown[]) => createCustomer(...args),
  updateCustomer: vi.fn(),
}));
vi.mock('../../data/cache-hooks', () => ({ useCachedEnvironment: () => ({ environment: null, fetchedAt: null }) }));

const { CustomerFormModal } = await import('./components/customer-form-modal');

beforeAll(installJsdomGaps);
// Nothing outlives a test: the rendered tree, the toasts' global store, the mocks' answers.
afterEach(() => {
  cleanScreen();
  createCustomer.mockReset();
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
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer le client', hidden: true }));
    const alert = await within(dialog).findByRole('alert', { hidden: true });
    expect(alert.textContent).toContain('Le client contient des erreurs.');
    expect(alert.textContent).toContain('La raison sociale du client est obligatoire.');
    expect(alert.textContent).toContain('Le SIREN du client doit comporter 9 chiffres.');
    expect(alert.textContent).toContain('Le délai de paiement doit être un nombre entier de jours entre 0 et 365.');
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
    type(field('SIREN'), '123 456 789');
    type(field('Délai de paiement (jours)'), '45');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer le client', hidden: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const body = createCustomer.mock.calls[0][1] as Record<string, unknown>;
    expect(JSON.stringify(body)).toContain('Service comptable, 10 quai Perrache, 69002 Lyon');
    expect(JSON.stringify(body)).toContain('Atelier Durand');
    expect(JSON.stringify(body)).toMatch(/"123 ?456 ?789"/);
    expect(JSON.stringify(body)).toContain('45');
  });
});
