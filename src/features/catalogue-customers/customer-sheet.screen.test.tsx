// @vitest-environment jsdom
// The customer sheet's screen logic (ERR-2), moved from tests/e2e/articles-customers.test.ts
// (decision 018): what the sheet shows of a customer (payment terms, the other billing addresses, the
// SIREN, the documents or their absence), and an unknown customer: "Erreur lors de la récupération
// du client" with the server's text. Creating a customer against the real server, opening its sheet
// and the axe pass stay in the e2e file.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HTTPError } from 'ky';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteUserDb, userDb } from '../../data/db';
import { forgetAll } from '../../data/sync/engine';
import { cleanScreen, installJsdomGaps } from '../../../tests/support/screen';
import { demoProfile, renderInRouter, signInAs } from '../../../tests/support/screen-profiles';
import { fake, resetFakes } from '../../../tests/support/module-fakes';
import { appRoutes } from '../../../tests/support/app-routes';
import { customerSheetSearch } from '../../lib/list-search';

const fetchCustomer = vi.fn();
const fetchCustomerBusinessDocuments = vi.fn();
vi.mock('./api/customer-api', () => ({
  fetchCustomer: (...args: unknown[]) => fetchCustomer(...args),
  fetchCustomerBusinessDocuments: (...args: unknown[]) => fetchCustomerBusinessDocuments(...args),
}));

// The edit dialog and the mutations are not this file's subject (customer-form.screen.test.tsx):
// stand-ins, so that the unit project's shared module cache (isolate: false) never holds a real
// dialog bound to the real mutations when that file mocks them.
vi.mock('./components/customer-form-modal', () => ({ CustomerFormModal: () => null }));
vi.mock('./api/customer-mutations', async (actual) =>
  (await import('../../../tests/support/module-fakes')).delegating(
    await actual<typeof import('./api/customer-mutations')>(),
    ['createCustomer', 'updateCustomer', 'deleteCustomer', 'archiveCustomer'],
  ),
);

const { CustomerSheetPage } = await import('./components/customer-sheet-page');

const DURAND = {
  accountNumber: 'C00042',
  socialReason: 'Atelier Durand E2E',
  name: 'Claire Durand',
  civility: 'Société',
  address: '3 rue des Lilas',
  postalCode: '69003',
  city: 'Lyon',
  billingAddresses: ['Service comptable, 10 quai Perrache, 69002 Lyon'],
  email: 'claire@durand-e2e.fr',
  siren: '732829320',
  paymentMode: 'Virement',
  paymentDelay: 45,
  isBusiness: true,
};

beforeAll(installJsdomGaps);
afterEach(() => {
  cleanScreen();
  forgetAll(); // the sync layer keeps answers in memory: none outlives a test
  signInAs(null);
  fetchCustomer.mockReset();
  fetchCustomerBusinessDocuments.mockReset();
  resetFakes();
});
// The sheet keeps the server's customer on the device (fake IndexedDB): gone with the file.
afterAll(() => deleteUserDb(demoProfile().id));

const openSheet = (accountNumber: string) => {
  signInAs(demoProfile());
  return renderInRouter(null, {
    path: `/mes-factures/mes-clients/ficheClient?accountNumber=${accountNumber}`,
    routes: (root) =>
      appRoutes(root, [
        {
          path: '/mes-factures/mes-clients/ficheClient',
          validateSearch: customerSheetSearch,
          component: CustomerSheetPage,
        },
      ]),
  });
};

// Role queries skip the visibility check (`hidden: true`): computing styles is what makes them slow in jsdom.
describe('the customer sheet', { timeout: 60_000 }, () => {
  it('shows the payment delay, the other billing address, the SIREN and the documents (none yet)', async () => {
    fetchCustomer.mockResolvedValue(DURAND);
    fetchCustomerBusinessDocuments.mockResolvedValue({ invoices: [], quotes: [] });
    openSheet('C00042');
    await screen.findByRole('heading', { name: 'Atelier Durand E2E', hidden: true });
    expect(fetchCustomer.mock.calls[0][0]).toBe('C00042');
    screen.getByText('45 jours');
    screen.getByText('Service comptable, 10 quai Perrache, 69002 Lyon');
    screen.getByText('732829320');
    // A business's civility « Société » names it, not its contact.
    screen.getByText('Claire Durand');
    expect(screen.queryByText('Société Claire Durand')).toBeNull();
    const documents = screen.getByRole('heading', { name: 'Documents', hidden: true }).parentElement!;
    await within(documents).findByText(/Aucune facture pour ce client|Aucun document à afficher/);
    // Kept on the device for the list and the offline sheet (and written before the file deletes it).
    await waitFor(async () => expect(await userDb(demoProfile().id).customers.count()).toBe(1));
  });

  it('an unknown customer: "Erreur lors de la récupération du client" with the server text', async () => {
    const notFound = new Response(JSON.stringify({ message: 'Client introuvable.' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
    fetchCustomer.mockRejectedValue(
      new HTTPError(notFound, new Request('http://x/api/customers/INCONNU'), {} as never),
    );
    fetchCustomerBusinessDocuments.mockRejectedValue(
      new HTTPError(new Response('{}', { status: 404 }), new Request('http://x/'), {} as never),
    );
    openSheet('INCONNU');
    const toast = (await screen.findByText('Erreur lors de la récupération du client')).closest(
      '.mantine-Notification-root',
    );
    expect(toast?.textContent).toContain('Client introuvable.');
    await screen.findByText('Client introuvable', { exact: true });
  });

  it('« Archiver » then « Rétablir »; the badge « Archivé » meanwhile', async () => {
    fetchCustomer.mockResolvedValue(DURAND);
    fetchCustomerBusinessDocuments.mockResolvedValue({ invoices: [], quotes: [] });
    openSheet('C00042');
    await screen.findByRole('heading', { name: 'Atelier Durand E2E', hidden: true });
    fake('archiveCustomer').mockResolvedValueOnce({ status: 'done', response: { ...DURAND, archived: true } });
    fetchCustomer.mockResolvedValue({ ...DURAND, archived: true });
    fireEvent.click(screen.getByRole('button', { name: 'Archiver', hidden: true }));
    await screen.findByText('Client archivé');
    expect(fake('archiveCustomer').mock.calls[0].slice(1)).toEqual([expect.objectContaining(DURAND), true]);
    await screen.findByText('Archivé');
    fake('archiveCustomer').mockResolvedValueOnce({ status: 'done', response: { ...DURAND, archived: false } });
    fireEvent.click(await screen.findByRole('button', { name: 'Rétablir', hidden: true }));
    await screen.findByText('Client rétabli');
    expect(fake('archiveCustomer').mock.calls[1][2]).toBe(false);
  });

  it('a customer named on a validated invoice cannot be deleted: the server’s word, and « Archiver »', async () => {
    fetchCustomer.mockResolvedValue(DURAND);
    fetchCustomerBusinessDocuments.mockResolvedValue({ invoices: [], quotes: [] });
    openSheet('C00042');
    await screen.findByRole('heading', { name: 'Atelier Durand E2E', hidden: true });
    const refusal = 'Ce client figure sur une facture validée : il ne peut pas être supprimé, archivez-le.';
    fake('deleteCustomer').mockResolvedValueOnce({ status: 'failed', httpStatus: 409, message: refusal, errors: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer', hidden: true }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer le client', hidden: true });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Supprimer', hidden: true }));
    const refused = await screen.findByRole('dialog', { name: 'Suppression impossible', hidden: true });
    expect(refused.textContent).toContain(refusal);
    fake('archiveCustomer').mockResolvedValueOnce({ status: 'done', response: { ...DURAND, archived: true } });
    fireEvent.click(within(refused).getByRole('button', { name: 'Archiver', hidden: true }));
    await screen.findByText('Client archivé');
    expect(fake('archiveCustomer').mock.calls[0][2]).toBe(true);
  });
});
