// @vitest-environment jsdom
// Decision 089 (LC-2): the buyer's answers in « Factures reçues » — the buttons the server offers, a
// refusal asks its reason from the list in a dialog (required, said in French before any call), and
// the answer's trail replaces the page's.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanScreen, installJsdomGaps, renderScreen } from '../../../tests/support/screen';
import type { ReceivedInvoiceDetail } from '../../contract/received-invoices';
import { reasonsFor } from '../../einvoice/lifecycle-codes';

const call = vi.fn();
vi.mock('../../data/api-call', () => ({ call: (...args: unknown[]) => call(...args) }));
vi.mock('../../lib/online', () => ({ useOnline: () => true }));
const { ReceivedLifecycle } = await import('./components/received-lifecycle');

beforeAll(installJsdomGaps);
afterEach(() => {
  cleanScreen();
  call.mockReset();
});

const actions: ReceivedInvoiceDetail['lifecycleActions'] = [
  { code: '205', label: 'Approuvée', reasonRequired: false, reasons: [] },
  { code: '207', label: 'En litige', reasonRequired: true, reasons: reasonsFor('207') },
  { code: '210', label: 'Refusée', reasonRequired: true, reasons: reasonsFor('210') },
  { code: '211', label: 'Paiement transmis', reasonRequired: false, reasons: [] },
];
const invoice = { id: 7, lifecycle: [], lifecycleActions: actions } as unknown as ReceivedInvoiceDetail;
const refused = {
  ...invoice,
  lifecycleActions: [],
  lifecycle: [
    {
      id: 1,
      code: '210',
      label: 'Refusée',
      occurredAt: '2026-12-02T10:00:00.000Z',
      setBy: 'us',
      setByLabel: 'Vous',
      reasonCode: 'TX_TVA_ERR',
      reasonLabel: 'Taux de TVA erroné',
      reasonText: null,
      failedRules: [],
      collected: [],
    },
  ],
} as unknown as ReceivedInvoiceDetail;

describe('the buyer’s answer to a received invoice', () => {
  it('« Refuser » asks a reason from the list, then sends it; the trail shows « Refusée » and its reason', async () => {
    const onChanged = vi.fn();
    call.mockResolvedValue(refused);
    renderScreen(<ReceivedLifecycle invoice={invoice} companyId={3} onChanged={onChanged} />);
    for (const name of ['Approuver', 'Contester', 'Refuser', 'Paiement transmis'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refuser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser la facture' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(
      await within(dialog).findByText('Le statut « Refusée » demande un motif : choisissez-le dans la liste.'),
    ).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByLabelText(/^Motif/));
    fireEvent.click(await screen.findByRole('option', { name: 'Taux de TVA erroné', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(call.mock.calls[0][1]).toMatchObject({
      params: { id: 7 },
      body: { code: '210', reasonCode: 'TX_TVA_ERR' },
      companyId: 3,
    });
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(refused));
  });

  it('a refused invoice shows its trail and no more buttons', () => {
    renderScreen(<ReceivedLifecycle invoice={refused} companyId={3} onChanged={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Approuver' })).toBeNull();
    const trail = screen.getByTestId('lifecycle-trail');
    expect(trail.textContent).toContain('Refusée');
    expect(trail.textContent).toContain('Motif : Taux de TVA erroné');
  });
});
