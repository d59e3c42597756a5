// Component tests of the signed-in frame (decision 018): the demo data's users as the app stores them
// after sign-in, and a screen rendered in a router (links, guards) with the app's jotai store.
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type AnyRoute,
} from '@tanstack/react-router';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { setSession, store, type UserProfile } from '../../src/lib/session';
import { clientRights } from '../../server/src/seed/rights';
import { renderScreen } from './screen';

// The labels of server/src/seed/demo.ts, in its order; demo is a member of the first ten.
const LABELS = [
  'Boulangerie Pâtisserie Martin',
  'Garage Dupont & Fils',
  'Menuiserie Lefèvre Artisan Bois',
  'Café des Arts',
  'Cabinet Infirmier du Vieux Port',
  'Fleurs et Jardins de Provence',
  'Plomberie Chauffage Moreau',
  'Librairie La Plume d’Or',
  'Transports Rapides Girard',
  'Épicerie Fine Bernard',
];
const companies = LABELS.map((label, i) => ({
  id: i + 1,
  label,
  numberInvoiceValidateMonth: null,
  subscriptionInvoice: null,
  gedUserRight: true,
}));
export const companyId = (label: string) => companies.find((c) => c.label === label)!.id;

/**
 * Sophie Martin (demo, a client: userType 2) in one of her companies: with the invoicing right
 * (Boulangerie Pâtisserie Martin) or without it (Librairie La Plume d’Or), as the seed gives them.
 */
export const demoProfile = (opts: { invoicing?: boolean; company?: string } = {}): UserProfile => ({
  id: 1,
  name: 'Martin',
  firstName: 'Sophie',
  username: 'demo',
  email: 'demo@workplace.example',
  userType: 2,
  userCompanies: companies,
  userLastCompany: companyId(opts.company ?? 'Boulangerie Pâtisserie Martin'),
  appRights: clientRights({ invoicing: opts.invoicing ?? true }),
  categories: [],
  categoriesInbox: [],
});

/** Julien Rousseau (admin, the firm's staff: userType 1), with deposits and user management. */
export const adminProfile = (): UserProfile => ({
  ...demoProfile(),
  id: 2,
  name: 'Rousseau',
  firstName: 'Julien',
  username: 'admin',
  email: 'admin@workplace.example',
  userType: 1,
  appRights: clientRights({ invoicing: true, deposits: true, userAdmin: true }),
});

/** Signs the profile in as the login form would (the app's store and localStorage); null signs out. */
export const signInAs = (profile: UserProfile | null) =>
  setSession(profile ? { token: 'jeton-de-test', profile } : null);

/**
 * Renders `ui` on `path` in a memory router where every path exists (links resolve, nothing is
 * "not found"), inside the app's jotai store, theme and toasts. `routes` adds real routes (a
 * guard) under the root. Returns the router: `router.state.location` tells where a link led.
 */
export function renderInRouter(
  ui: ReactNode,
  { path = '/', routes = () => [] }: { path?: string; routes?: (root: AnyRoute) => unknown[] } = {},
) {
  window.scrollTo = () => {}; // the router restores the scroll position; jsdom has no layout to scroll
  const root = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  });
  const elsewhere = createRoute({
    getParentRoute: () => root,
    path: '$',
    component: () => null,
  });
  const router = createRouter({
    routeTree: root.addChildren([...(routes(root) as AnyRoute[]), elsewhere]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  renderScreen(
    <JotaiProvider store={store}>
      <RouterProvider router={router as never} />
    </JotaiProvider>,
  );
  return router;
}
