// @vitest-environment jsdom
// The quote list's screen logic (ERR-8), beside tests/e2e/invoice-lists.test.ts which keeps the
// journey against the real server (a state change, then the conversion): the state filter asks the
// server for that state, a state change from a row's menu says so in the spec's words (typo
// included) and the row follows, a refusal shows the server's words and the row stays, the rows of
// the earlier filter stay on screen while the new answer comes.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAll } from '../../data/sync/engine';
import { cleanScreen, installJsdomGaps } from '../../../tests/support/screen';
import { demoProfile, renderInRouter, signInAs } from '../../../tests/support/screen-profiles';
import { appRoutes } from '../../../tests/support/app-routes';
import { quoteListSearch } from '../../lib/list-search';
import type { QuoteListRow, QuoteQuery } from './list-model';

const fetchQuotePage = vi.fn<(companyId: number, query: QuoteQuery) => Promise<unknown>>();
const changeQuoteState = vi.fn();
vi.mock('./api/list-api', () => ({
  LIST_PAGE_SIZE: 500,
  fetchInvoicePage: vi.fn(),
  fetchQuotePage: (companyId: number, query: QuoteQuery) => fetchQuotePage(companyId, query),
}));
vi.mock('./api/row-actions', () => ({
  changeQuoteState: (...args: unknown[]) => changeQuoteState(...args),
  convertQuote: vi.fn(),
  downloadPdf: vi.fn(),
  setInvoicePaid: vi.fn(),
  patchCachedRow: vi.fn(),
}));

const { QuoteListPage } = await import('./components/quote-list-page');

const quote = (id: number, number: string, state: QuoteListRow['state']): QuoteListRow => ({
  id,
  number,
  state,
  customer: { socialReason: 'Le Bistrot Gourmand', name: '', accountNumber: 'C00002' },
  createdAt: '2026-11-02',
  validatedAt: '2026-11-02',
  ht: 100,
  ttc: 120,
  invoiceId: null,
});
const QUOTES = [quote(4, 'D2026-0004', 'En cours'), quote(3, 'D2026-0003', 'Annulé')];

beforeAll(installJsdomGaps);
beforeEach(() => {
  // The server filters: the mock answers with the quotes of the state asked for.
  fetchQuotePage.mockImplementation((_, query) => {
    const items = QUOTES.filter((q) => !query.state || q.state === query.state);
    return Promise.resolve({ items, total: items.length, page: 1, pageSize: 500 });
  });
  // Mantine's focus trap looks for a visible element in a menu jsdom never lays out: noise.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('use-focus-trap')) warn(...args);
  });
});
afterEach(() => {
  cleanScreen();
  forgetAll(); // the sync layer keeps answers in memory: none outlives a test
  signInAs(null);
  fetchQuotePage.mockReset();
  changeQuoteState.mockReset();
});

const rows = () =>
  within(screen.getByRole('table', { name: 'Devis', hidden: true })).getAllByRole('row', { hidden: true });

async function openList() {
  signInAs(demoProfile());
  renderInRouter(null, {
    path: '/mes-factures/liste-des-devis',
    routes: (root) =>
      appRoutes(root, [
        { path: '/mes-factures/liste-des-devis', validateSearch: quoteListSearch, component: QuoteListPage },
      ]),
  });
  await screen.findByRole('link', { name: 'D2026-0004', hidden: true }, { timeout: 20_000 });
}

async function moveTo(number: string, state: string) {
  fireEvent.click(screen.getByRole('button', { name: `Autres actions pour le devis ${number}`, hidden: true }));
  fireEvent.click(await screen.findByRole('menuitem', { name: `Passer à « ${state} »`, hidden: true }));
}

// Role queries skip the visibility check (`hidden: true`): computing styles is what makes them slow in jsdom.
describe('the quote list', { timeout: 60_000 }, () => {
  it('the state filter asks the server for that state; a state change is said in the spec’s words', async () => {
    await openList();
    fireEvent.click(screen.getByRole('combobox', { name: 'État', hidden: true }));
    fireEvent.click(await screen.findByRole('option', { name: 'En cours', hidden: true }));
    await waitFor(() => expect(fetchQuotePage.mock.calls.at(-1)?.[1]).toMatchObject({ state: 'En cours' }));
    await waitFor(() => expect(rows()).toHaveLength(2)); // the header and the quote in progress

    changeQuoteState.mockResolvedValue({ status: 'done', response: {} });
    await moveTo('D2026-0004', 'Accepté');
    const toast = (await screen.findByText('Enregistrement effectué')).closest('.mantine-Notification-root');
    expect(toast?.textContent).toContain("L'état du devis n°D2026-0004 à été enregistré avec succès");
    expect(changeQuoteState.mock.calls[0].slice(1)).toEqual([expect.objectContaining({ id: 4 }), 'Accepté']);
  });

  it('the rows of the earlier filter stay, busy, while the new answer comes', async () => {
    await openList();
    let answer: (page: unknown) => void = () => undefined;
    fetchQuotePage.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    fireEvent.click(screen.getByRole('combobox', { name: 'État', hidden: true }));
    fireEvent.click(await screen.findByRole('option', { name: 'Annulé', hidden: true }));
    await waitFor(() => expect(fetchQuotePage.mock.calls.at(-1)?.[1]).toMatchObject({ state: 'Annulé' }));
    const table = screen.getByRole('table', { name: 'Devis', hidden: true });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(rows()).toHaveLength(3); // the header and both quotes of the earlier filter

    answer({ items: [QUOTES[1]], total: 1, page: 1, pageSize: 500 });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(table.getAttribute('aria-busy')).toBe('false');
    expect(rows()[1].textContent).toContain('D2026-0003');
  });

  it('a refused change shows the server’s words and the row keeps its state', async () => {
    await openList();
    changeQuoteState.mockResolvedValue({
      status: 'failed',
      httpStatus: 409,
      message: 'Transition refusée.',
      errors: [],
    });
    await moveTo('D2026-0004', 'Accepté');
    await screen.findByText('Transition refusée.');
    expect(rows()[1].textContent).toContain('En cours');
  });
});
