// @vitest-environment jsdom
// The customers list and archiving (decision 046): an archived customer is hidden from the list until
// « Afficher les clients archivés » is switched on, then shown with its « Archivé » badge. The list
// reads the device's copy (Dexie), as offline.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanScreen, installJsdomGaps } from '../../../tests/support/screen';
import { companyId, demoProfile, renderInRouter, signInAs } from '../../../tests/support/screen-profiles';
import { appRoutes } from '../../../tests/support/app-routes';
import { catalogueSearch } from '../../lib/list-search';
import { deleteUserDb, userDb } from '../../data/db';
import { forgetAll } from '../../data/sync/engine';
import { emptyCustomer, type CustomerRow } from './customer-model';

const { CustomersPage } = await import('./components/customers-page');

const openList = () =>
  renderInRouter(null, {
    path: '/mes-factures/mes-clients',
    routes: (root) =>
      appRoutes(root, [
        { path: '/mes-factures/mes-clients', validateSearch: catalogueSearch, component: CustomersPage },
      ]),
  });

const COMPANY = companyId('Boulangerie Pâtisserie Martin');
const customer = (accountNumber: string, socialReason: string, archived = false): CustomerRow => ({
  ...emptyCustomer(),
  accountNumber,
  socialReason,
  siren: '732829320',
  archived,
});

beforeAll(installJsdomGaps);
afterEach(() => {
  cleanScreen();
  forgetAll();
  signInAs(null);
});
afterAll(() => deleteUserDb(demoProfile().id));

describe('the customers list', { timeout: 60_000 }, () => {
  it('hides the archived customers until asked, then shows them with « Archivé »', async () => {
    signInAs(demoProfile());
    const db = userDb(demoProfile().id);
    const rows = [customer('C00001', 'Hôtel du Parc'), customer('C00009', 'Ancien Traiteur', true)];
    await db.customers.bulkPut(rows.map((r) => ({ companyId: COMPANY, id: r.accountNumber, data: r, label: '' })));
    await db.meta.put({ companyId: COMPANY, dataset: 'customers', fetchedAt: Date.now(), count: rows.length });
    openList();

    await screen.findByRole('link', { name: 'Hôtel du Parc', hidden: true });
    expect(screen.queryByRole('link', { name: 'Ancien Traiteur', hidden: true })).toBeNull();
    expect(screen.queryByText('Archivé')).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: 'Afficher les clients archivés (1)', hidden: true }));
    await screen.findByRole('link', { name: 'Ancien Traiteur', hidden: true });
    await waitFor(() => expect(screen.getAllByText('Archivé')).toHaveLength(1));
  });
});
