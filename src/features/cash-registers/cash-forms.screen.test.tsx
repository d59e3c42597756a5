// @vitest-environment jsdom
// The two forms of an open day (decision 037): the closing's count gives the écart as it is typed and
// sends the count by notes and coins; the movement form checks the amounts in French before
// anything is sent, gives each movement its uuid, and a correction enters the opposite amount
// linked to the line it corrects; a day's lists show the movements still waiting in the outbox.
// The outbox, the server and the page's accessibility stay in e2e.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanScreen, installJsdomGaps, renderScreen } from '../../../tests/support/screen';
import type { MovementType } from '../../contract/cash-registers';
import { CloseDayForm } from './components/close-day-form';
import { MovementForm } from './components/movement-form';
import { JournalLists } from './components/journal-view';
import { emptyJournal } from './cash-model';

const NBSP = '\u00a0';
const euros = (text: string) => text.replace(/ €/g, `${NBSP}€`);

const types: MovementType[] = [
  {
    id: 1,
    code: 'vente-20',
    label: 'Ventes TVA 20 %',
    category: 'sales',
    vatRate: 20,
    paymentMethod: null,
    cash: 'none',
  },
  {
    id: 2,
    code: 'vente-10',
    label: 'Ventes TVA 10 %',
    category: 'sales',
    vatRate: 10,
    paymentMethod: null,
    cash: 'none',
  },
  {
    id: 5,
    code: 'especes',
    label: 'Encaissements en espèces',
    category: 'revenues',
    vatRate: null,
    paymentMethod: 'especes',
    cash: 'in',
  },
  {
    id: 12,
    code: 'depense',
    label: 'Dépense payée en espèces',
    category: 'expenses',
    vatRate: null,
    paymentMethod: null,
    cash: 'out',
  },
];

beforeAll(() => installJsdomGaps());
afterEach(() => cleanScreen());

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('closing a day', () => {
  it('shows the écart live as notes and coins are counted, then sends the count', async () => {
    const onSubmit = vi.fn().mockResolvedValue(null);
    renderScreen(<CloseDayForm day="2026-11-26" theoretical={152.3} onSubmit={onSubmit} onCancel={() => undefined} />);
    const difference = () => screen.getByTestId('difference').textContent;
    expect(difference()).toBe(euros('-152,30 €'));
    expect(screen.getByText('Il manque 152,30 € dans le tiroir.')).toBeTruthy();

    type(field(`Billets de 50 €`), '3');
    fireEvent.click(screen.getByRole('button', { name: `Ajouter : Pièces de 1${NBSP}€` }));
    fireEvent.click(screen.getByRole('button', { name: `Ajouter : Pièces de 1${NBSP}€` }));
    type(field(`Pièces de 0,10 €`), '3');
    expect(screen.getByTestId('counted-total').textContent).toBe(euros('152,30 €'));
    expect(difference()).toBe(euros('0,00 €'));
    expect(screen.getByText('Aucun écart : le tiroir correspond au solde théorique.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: `Retirer : Pièces de 1${NBSP}€` }));
    expect(screen.getByText('Il manque 1,00 € dans le tiroir.')).toBeTruthy();

    type(field(`Pièces de 0,20 €`), '1,5');
    expect(screen.getByText('Saisissez un nombre entier, zéro ou plus.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clôturer la journée' }));
    expect(await screen.findByText('Corrigez les quantités signalées.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    type(field(`Pièces de 0,20 €`), '5');
    fireEvent.click(screen.getByRole('button', { name: 'Clôturer la journée' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ total: 152.3, detail: { '50': 3, '1': 1, '0.2': 5, '0.1': 3 } });
  });

  it('takes a total instead, and shows the server’s refusal in French', async () => {
    const onSubmit = vi.fn().mockResolvedValue('La journée du 25/11/2026 n’est pas clôturée : clôturez-la d’abord.');
    renderScreen(<CloseDayForm day="2026-11-26" theoretical={80} onSubmit={onSubmit} onCancel={() => undefined} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Montant total' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clôturer la journée' }));
    expect(await screen.findByText('Saisissez le montant compté dans le tiroir.')).toBeTruthy();
    type(field('Montant compté dans le tiroir'), '82,5');
    expect(screen.getByTestId('difference').textContent).toBe(euros('2,50 €'));
    fireEvent.click(screen.getByRole('button', { name: 'Clôturer la journée' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('La journée du 25/11/2026 n’est pas clôturée : clôturez-la d’abord.')).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledWith({ total: 82.5, detail: null });
  });
});

describe('entering movements', () => {
  it('checks the amounts in French, then sends one movement per amount with its uuid', async () => {
    const onSubmit = vi.fn().mockResolvedValue(null);
    renderScreen(<MovementForm types={types} day="2026-11-26" onSubmit={onSubmit} onCancel={() => undefined} />);
    expect(field('Ventes TVA 20 %').inputMode).toBe('decimal');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Saisissez au moins un montant.')).toBeTruthy();

    type(field('Ventes TVA 20 %'), '12,345');
    type(field('Ventes TVA 10 %'), 'douze');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Deux décimales au plus.')).toBeTruthy();
    expect(screen.getByText('Montant invalide : saisissez un nombre, par exemple 12,50.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    type(field('Ventes TVA 20 %'), '120,50');
    type(field('Ventes TVA 10 %'), '');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [movements] = onSubmit.mock.calls[0] as [Array<Record<string, unknown>>];
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ idTypeMouv: 1, amount: 120.5 });
    expect(movements[0].id).toMatch(UUID);
  });

  it('asks an expense’s label and takes a receipt photo from the camera', async () => {
    const onSubmit = vi.fn().mockResolvedValue(null);
    renderScreen(<MovementForm types={types} day="2026-11-26" onSubmit={onSubmit} onCancel={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dépense' }));
    const photo = screen.getByLabelText('Photo du justificatif (facultative)') as HTMLInputElement;
    expect(photo.accept).toBe('image/*');
    expect(photo.getAttribute('capture')).toBe('environment');
    type(field('Dépense payée en espèces'), '7,20');
    const save = screen.getByRole('button', { name: 'Enregistrer' });
    save.focus();
    fireEvent.click(save);
    expect(await screen.findByText('Saisissez le libellé de la dépense.')).toBeTruthy();
    // The focus goes to the field to fix.
    await waitFor(() => expect(document.activeElement).toBe(field('Libellé de la dépense')));
    type(field('Libellé de la dépense'), 'Ampoules');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual([
      expect.objectContaining({ idTypeMouv: 12, amount: 7.2, label: 'Ampoules' }),
    ]);
  });

  it('corrects a line with its opposite amount, linked to it', async () => {
    const onSubmit = vi.fn().mockResolvedValue(null);
    renderScreen(
      <MovementForm
        types={types}
        day="2026-11-26"
        correction={{ entry: { id: 'a7d1c0de-0000-4000-8000-000000000001', idTypeMouv: 2, amount: 30, label: '' } }}
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
    );
    expect(field('Ventes TVA 10 %').value).toBe('-30,00');
    expect(screen.queryByRole('button', { name: 'Ventes' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la correction' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual([
      expect.objectContaining({ idTypeMouv: 2, amount: -30, idTypeMouvLie: 'a7d1c0de-0000-4000-8000-000000000001' }),
    ]);
  });
});

describe('a day’s lists', () => {
  const line = (id: string, idTypeMouv: number, amount: number, label = '') => ({
    id,
    idTypeMouv,
    idTypeMouvLie: null,
    amount,
    label,
    at: '2026-11-26T09:00:00.000Z',
    seq: 1,
    receipt: null,
  });
  const journal = {
    ...emptyJournal('2026-11-26', undefined, 1),
    sales: [line('s1', 1, 120.5)],
    expenses: [line('e1', 12, 7.2, 'Ampoules')],
  };

  it('names each line from its type, shows what waits in the outbox, and offers a correction', () => {
    const onCorrect = vi.fn();
    renderScreen(
      <JournalLists
        uuid="u-1"
        journal={journal}
        types={types}
        pending={[
          { id: 'p1', idTypeMouv: 5, amount: 13.37, failed: false },
          // Already recorded by the server (the outbox entry is on its way out): shown once.
          { id: 's1', idTypeMouv: 1, amount: 120.5, failed: false },
        ]}
        onCorrect={onCorrect}
      />,
    );
    const revenues = screen.getByRole('region', { name: 'Encaissements' });
    expect(within(revenues).getByText('Encaissements en espèces')).toBeTruthy();
    expect(within(revenues).getByText('En attente d’envoi')).toBeTruthy();
    expect(within(revenues).getByText('13,37 €')).toBeTruthy();
    const sales = screen.getByRole('region', { name: 'Ventes' });
    expect(within(sales).queryByText('En attente d’envoi')).toBeNull();
    expect(screen.getByText('Dépense payée en espèces — Ampoules')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Corriger : Ventes TVA 20 %, ${euros('120,50 €')}` }));
    expect(onCorrect).toHaveBeenCalledWith(journal.sales[0]);
  });
});
