// @vitest-environment jsdom
// The screen logic of « Ma comptabilité » (decision 039): an information request names its entry and
// takes an answer (text and files, handed to the outbox), an empty answer is refused in French; a
// type 2 notification opens the page on its request; the firm closes a request instead of
// answering; a refused FEC shows its first faults and their total. The server, the outbox's
// replay and the axe passes stay in tests/e2e/accounting.test.ts.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetAll } from '../../data/sync/engine';
import { cleanScreen, installJsdomGaps, renderScreen } from '../../../tests/support/screen';
import { adminProfile, demoProfile, renderInRouter, signInAs } from '../../../tests/support/screen-profiles';
import { appRoutes } from '../../../tests/support/app-routes';
import { requestsSearch } from './accounting-search';
import { deleteUserDb, userDb } from '../../data/db';
import { requestNotificationLabel } from '../../domain/information-requests';
import { keepBellOnDevice } from '../notifications';
import type { RequiredDetail } from './api/accounting-api';

const fetchRequests = vi.fn();
const answerRequest = vi.fn();
const closeRequest = vi.fn();
vi.mock('./api/accounting-api', async (actual) => ({
  ...(await actual<typeof import('./api/accounting-api')>()),
  fetchRequests: (...a: unknown[]) => fetchRequests(...a),
  answerRequest: (...a: unknown[]) => answerRequest(...a),
  closeRequest: (...a: unknown[]) => closeRequest(...a),
}));

const { RequestsPage } = await import('./components/requests-page');
const { RefusalReport } = await import('./components/fec-import-page');

const request = (id: number, over: Partial<RequiredDetail> = {}): RequiredDetail => ({
  id,
  status: 'open',
  statusLabel: 'Ouverte',
  kind: 'document',
  question: 'Pouvez-vous nous transmettre la facture ?',
  entry: {
    date: '2025-03-12',
    journal: 'HA',
    entryNumber: '42',
    piece: 'F-2025-118',
    label: 'Leroy Merlin',
    account: '60630000',
    amount: 1234.5,
  },
  askedBy: { id: 2, firstName: 'Julien', name: 'Rousseau' },
  askedAt: '2026-11-20T09:00:00.000Z',
  answers: [],
  closedAt: null,
  ...over,
});
const page = (items: RequiredDetail[]) => ({ items, total: items.length, page: 1, pageSize: 200 });

beforeAll(installJsdomGaps);
afterEach(() => {
  cleanScreen();
  forgetAll();
  signInAs(null);
  fetchRequests.mockReset();
  answerRequest.mockReset();
  closeRequest.mockReset();
});

function open(path: string, profile = demoProfile()) {
  signInAs(profile);
  return renderInRouter(null, {
    path,
    routes: (root) =>
      appRoutes(root, [
        { path: '/ma-comptabilite/demande-information', validateSearch: requestsSearch, component: RequestsPage },
      ]),
  });
}

describe('the information requests', { timeout: 60_000 }, () => {
  it('names the entry, refuses an empty answer and hands text and files to the outbox', async () => {
    fetchRequests.mockResolvedValue(page([request(12)]));
    answerRequest.mockResolvedValue([{ status: 'done', response: request(12, { status: 'answered' }) }]);
    open('/ma-comptabilite/demande-information');
    const card = await screen.findByRole('article', { name: 'Justificatif demandé : Leroy Merlin' });
    // The matcher folds the no-break spaces of format.ts into plain ones.
    within(card).getByText('12/03/2025 · journal HA · pièce F-2025-118 · Leroy Merlin · 1 234,50 €');
    within(card).getByText('En attente de réponse');
    fireEvent.click(within(card).getByRole('button', { name: 'Envoyer la réponse' }));
    await within(card).findByText('Écrivez une réponse ou joignez un fichier.');
    expect(answerRequest).not.toHaveBeenCalled();

    fireEvent.change(within(card).getByLabelText('Votre réponse'), { target: { value: ' La facture est jointe. ' } });
    const pdf = new File(['%PDF'], 'facture.pdf', { type: 'application/pdf' });
    fireEvent.change(card.querySelector('input[type="file"]')!, { target: { files: [pdf] } });
    fireEvent.click(within(card).getByRole('button', { name: 'Envoyer la réponse' }));
    await waitFor(() => expect(answerRequest).toHaveBeenCalledTimes(1));
    const [companyId, target, text, files] = answerRequest.mock.calls[0];
    expect([typeof companyId, target, text, (files as File[]).map((f) => f.name)]).toEqual([
      'number',
      { id: 12, label: 'Leroy Merlin' },
      'La facture est jointe.',
      ['facture.pdf'],
    ]);
    await screen.findByText('Réponse envoyée');
  });

  it('a type 2 notification opens the page on its request', async () => {
    fetchRequests.mockImplementation((q: { notification?: number }) =>
      Promise.resolve(page(q.notification === 55 ? [request(31)] : [request(30), request(31)])),
    );
    const router = open('/ma-comptabilite/demande-information?notification=55');
    await waitFor(() => expect(router.state.location.search).toEqual({ demande: 31 }));
    expect(fetchRequests.mock.calls.some(([q]) => (q as { notification?: number }).notification === 55)).toBe(true);
  });

  it('offline, a type 2 notification kept on the device opens the page on its request', async () => {
    const asked = request(31, {
      askedAt: '2026-11-21T08:30:00.000Z',
      entry: { ...request(31).entry, piece: 'F-2025-131' },
    });
    fetchRequests.mockImplementation((q: { notification?: number }) =>
      q.notification ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(page([request(30), asked])),
    );
    const profile = demoProfile();
    // The other tests' answers stay kept in this user's database (requests are kept on the device).
    await deleteUserDb(profile.id);
    const db = userDb(profile.id);
    // The bell's last answer, kept on the device: the notification that announced request 31.
    await keepBellOnDevice(
      profile.userLastCompany!,
      {
        notifications: [
          {
            id: 55,
            type: 2,
            label: requestNotificationLabel(asked.entry),
            documentId: null,
            createdAt: asked.askedAt,
            readAt: null,
          },
        ],
        notificationsCount: 1,
        unreadCount: 1,
      },
      db,
    );
    try {
      const router = open('/ma-comptabilite/demande-information?notification=55', profile);
      await waitFor(() => expect(router.state.location.search).toEqual({ demande: 31 }));
      expect(fetchRequests.mock.calls.some(([q]) => (q as { notification?: number }).notification === 55)).toBe(true);
    } finally {
      await deleteUserDb(profile.id);
    }
  });

  it('the firm sees the answer and closes the request, without an answer form', async () => {
    fetchRequests.mockResolvedValue(
      page([
        request(12, {
          status: 'answered',
          answers: [
            {
              id: 1,
              text: 'Voici la facture.',
              files: [{ id: 4, name: 'facture.pdf', size: 2048, link: '/x' }],
              answeredBy: { id: 1, firstName: 'Sophie', name: 'Martin' },
              answeredAt: '2026-11-21T10:00:00.000Z',
            },
          ],
        }),
      ]),
    );
    closeRequest.mockResolvedValue({ status: 'done', response: request(12, { status: 'closed' }) });
    open('/ma-comptabilite/demande-information', adminProfile());
    const card = await screen.findByRole('article', { name: 'Justificatif demandé : Leroy Merlin' });
    within(card).getByText('Voici la facture.');
    within(card).getByRole('button', { name: /^facture\.pdf \(2\sko\)$/ });
    expect(within(card).queryByLabelText('Votre réponse')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Clôturer la demande' }));
    await waitFor(() => expect(closeRequest).toHaveBeenCalledWith(expect.any(Number), 12, 'Leroy Merlin'));
  });
});

describe('a refused FEC', () => {
  it('lists the first faults with line, column and reason, and their total', () => {
    renderScreen(
      <RefusalReport
        refusal={{
          message: 'FEC refusé : 250 anomalies.',
          errors: [],
          faultCount: 250,
          faults: Array.from({ length: 100 }, (_, i) => ({
            line: i + 2,
            column: i % 2 ? 'Debit' : null,
            message: 'Montant illisible.',
          })),
        }}
      />,
    );
    screen.getByText('250 anomalies au total ; les 100 premières :');
    const rows = within(screen.getByRole('table', { name: 'Anomalies du FEC' })).getAllByRole('row');
    expect(rows).toHaveLength(101);
    expect(
      within(rows[2])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', 'Debit', 'Montant illisible.']);
  });
});
