// The editors in jsdom for their component tests (*.screen.test.tsx): the real screens under a
// memory router, signed in as a user with every invoicing right, the device's database in
// fake-indexeddb holding the company's data as a sign-in leaves it (editor-fixtures.ts) and the
// local drafts. The tests mock the feature's api modules through tests/support/module-fakes.ts
// (the same vi.mock block in each file: the unit project shares its module cache between files).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { Provider } from 'jotai';
import { cleanScreen, installJsdomGaps, renderScreen } from '../../../../tests/support/screen';
import { fake, resetFakes } from '../../../../tests/support/module-fakes';
import { currentDb, deleteUserDb, type PlumeEnvironment } from '../../../data/db';
import { forgetAll } from '../../../data/sync/engine';
import { setSession, store, type UserProfile } from '../../../lib/session';
import { InvoiceEditorScreen, QuoteEditorScreen } from '../components/editor-screen';
import { editSearch, newInvoiceSearch } from '../editor-search';
import type { InvoiceListRow } from '../types';
import { ARTICLES, COMPANY_ID, CUSTOMERS, ENVIRONMENT } from './editor-fixtures';

export * from './editor-fixtures';

let userId = 910_000;

const FULL_RIGHTS = ['view', 'download', 'create', 'edit', 'delete', 'transform'] as const;

function profile(id: number): UserProfile {
  return {
    id,
    name: 'Martin',
    firstName: 'Paul',
    username: 'demo',
    email: null,
    userType: 2,
    userCompanies: [
      {
        id: COMPANY_ID,
        label: 'Boulangerie Pâtisserie Martin',
        numberInvoiceValidateMonth: null,
        subscriptionInvoice: null,
        gedUserRight: true,
      },
    ],
    userLastCompany: COMPANY_ID,
    appRights: [
      {
        label: 'mesFactures',
        permissions: ['view'],
        children: ['listeFactures', 'listeDevis', 'gestionClients', 'gestionArticles'].map((label) => ({
          label,
          permissions: [...FULL_RIGHTS],
        })),
      },
    ],
    categories: [],
    categoriesInbox: [],
  };
}

const Place = ({ name }: { name: string }) => <h1>{name}</h1>;

/** The app's editor routes and the two lists they lead back to. */
function makeRouter(path: string) {
  const root = createRootRoute({ component: () => <Outlet /> });
  // Under the signed-in layout's id, as in the app: the screens find their routes by id.
  const app = createRoute({ getParentRoute: () => root, id: 'app' });
  const at = (
    p: string,
    component: () => React.ReactNode,
    validateSearch?: (search: Record<string, unknown>) => object,
  ) => createRoute({ getParentRoute: () => app, path: p, component, validateSearch });
  const routes = [
    at('/mes-factures/ajouter-facture', InvoiceEditorScreen, newInvoiceSearch),
    at('/mes-factures/modifier-facture', InvoiceEditorScreen, editSearch),
    at('/mes-factures/ajouter-devis', QuoteEditorScreen),
    at('/mes-factures/modifier-devis', QuoteEditorScreen, editSearch),
    at('/mes-factures/liste-des-factures', () => <Place name="Liste des factures" />),
    at('/mes-factures/liste-des-devis', () => <Place name="Liste des devis" />),
  ];
  return createRouter({
    routeTree: root.addChildren([app.addChildren(routes)]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
}

export type EditorRouter = ReturnType<typeof makeRouter>;

/** Before the file's tests: jsdom's gaps, and a fresh user (own IndexedDB database). */
export function signInFresh(): void {
  installJsdomGaps();
  // The lines editor focuses the finished line's button by a CSS selector (jsdom has no CSS.escape).
  globalThis.CSS ??= {} as typeof CSS;
  CSS.escape ??= (value: string) => value.replace(/["\\\]]/g, '\\$&');
  window.scrollTo = () => undefined; // the router restores the scroll position on each navigation
  userId += 1;
  setSession({ token: 't', profile: profile(userId) });
}

const row = <T,>(id: string | number, data: T) => ({ companyId: COMPANY_ID, id, data, label: '' });

/** The invoice list as the device keeps it (what "Facture corrigée" offers). */
export async function cacheInvoices(rows: InvoiceListRow[]): Promise<void> {
  await currentDb()!.invoices.bulkPut(rows.map((r) => row(r.id, r)));
}

/**
 * Before each test: the company's data on the device, just fetched (so nothing is fetched again),
 * and the answers every test shares: no Starter count from the server, no list refresh.
 */
export async function prepareEditor(): Promise<void> {
  const db = currentDb()!;
  const now = Date.now();
  await db.environment.put({ companyId: COMPANY_ID, data: ENVIRONMENT as unknown as PlumeEnvironment, fetchedAt: now });
  await db.customers.bulkPut(CUSTOMERS.map((c) => row(c.accountNumber, c)));
  await db.articles.bulkPut(ARTICLES.map((a) => row(a.code, a)));
  await db.meta.bulkPut(
    ['environment', 'customers', 'articles', 'invoices'].map((dataset) => ({
      companyId: COMPANY_ID,
      dataset,
      fetchedAt: now,
      count: 0,
    })),
  );
  fake('fetchValidatedThisMonth').mockResolvedValue(null);
  fake('confirmedDocument').mockResolvedValue(undefined);
  fake('refreshListSoon').mockReturnValue(undefined);
  // pdf.js draws in a real browser only (tests/e2e): here a PDF dialog shows a stand-in.
  fake('PdfViewer').mockReturnValue(<p>Document PDF</p>);
}

/** After each test: the screen, the toasts, the sync engine's answers, the user's database, the fakes. */
export async function resetEditor(): Promise<void> {
  cleanScreen();
  forgetAll();
  resetFakes();
  await deleteUserDb(userId);
}

/** Opens an editor route as the app would: the router, the app's store, the theme, the toasts. */
export function openEditor(path: string): { router: EditorRouter; unmount: () => void } {
  const router = makeRouter(path);
  const { unmount } = renderScreen(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, unmount };
}

// Role queries skip the visibility check (`hidden: true`): computing styles is what makes them slow in jsdom.
export const button = (name: string | RegExp, root: HTMLElement = document.body) =>
  within(root).getByRole('button', { name, hidden: true });
export const combobox = (name: string, root: HTMLElement = document.body) =>
  within(root).getByRole('combobox', { name, hidden: true }) as HTMLInputElement;
export const heading = (name: string | RegExp) => screen.findByRole('heading', { name, hidden: true });
export const field = (label: string) =>
  screen.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;
export const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
export const click = (el: HTMLElement) => fireEvent.click(el);

/** A Mantine Select: types the search (when any), then clicks the first option matching. */
export async function pick(label: string, search: string, option: RegExp): Promise<void> {
  const input = combobox(label);
  fireEvent.click(input);
  if (search) type(input, search);
  const choice = await waitFor(() => {
    const options = screen.getAllByRole('option', { hidden: true }).filter((o) => option.test(o.textContent ?? ''));
    if (!options.length) throw new Error(`pas d’option ${option} pour ${label}`);
    return options[0];
  });
  fireEvent.click(choice);
}

/** The visible text of a toast (title and message) whose title is `title`. */
export async function toastText(title: string | RegExp): Promise<string> {
  const t = await screen.findByText(title, { selector: '.mantine-Notification-title' }, { timeout: 10_000 });
  return t.closest('.mantine-Notification-root')?.textContent ?? '';
}

/** Waits for the router's location (a navigation the screen made). */
export const atPath = (router: EditorRouter, path: string) =>
  waitFor(() => {
    if (router.state.location.pathname !== path) throw new Error(router.state.location.pathname);
  });

export const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));
