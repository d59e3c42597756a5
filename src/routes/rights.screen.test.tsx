// @vitest-environment jsdom
// What each rights profile sees and reaches, moved from tests/e2e/shell-nav.test.ts (decision 018):
// the app's drawer (RIGHTS-4: "Gratuit" without the invoicing right) and the route guards (as
// NAV-3 does: without the right, the user lands on /), the real ones each in front of a stand-in screen,
// with the profiles of the demo data. The statistics themselves, the company switch and the axe
// passes stay in the browser test.
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanScreen, installJsdomGaps } from '../../tests/support/screen';
import { adminProfile, demoProfile, renderInRouter, signInAs } from '../../tests/support/screen-profiles';
import { NavDrawer } from '../components/layout/nav-drawer';
import type { UserProfile } from '../lib/session';
import { statisticsRoute } from './statistics-routes';
import { invoicesListsRoutes } from './invoices-lists-routes';
import { navEntries } from './nav-entries';

beforeAll(installJsdomGaps);
afterEach(() => {
  cleanScreen();
  signInAs(null);
});

const pathOf = (route: AnyRoute) => (route.options as { path?: string }).path;
const invoiceList = (invoicesListsRoutes as AnyRoute[]).find((r) => pathOf(r) === '/mes-factures/liste-des-factures')!;

/** The real route's guard in front of a screen that only shows its name; the home page says where it landed. */
function open(profile: UserProfile, guarded: AnyRoute, heading: string) {
  signInAs(profile);
  const path = pathOf(guarded)!;
  return renderInRouter(null, {
    path,
    routes: (root) => [
      createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Bonjour Sophie</h1> }),
      createRoute({
        getParentRoute: () => root,
        path,
        beforeLoad: guarded.options.beforeLoad as never,
        component: () => <h1>{heading}</h1>,
      }),
    ],
  });
}

function renderDrawer(profile: UserProfile) {
  signInAs(profile);
  renderInRouter(<NavDrawer entries={navEntries} onNavigate={vi.fn()} />);
  return screen.findByRole('navigation', { name: 'Menu principal', hidden: true });
}

// Role queries skip the visibility check (`hidden: true`): computing styles is what makes them slow in jsdom.
describe('the drawer', { timeout: 60_000 }, () => {
  it('with the invoicing right, the drawer entry is the module’s menu, without the promotion', async () => {
    const drawer = await renderDrawer(demoProfile({ invoicing: true }));
    const invoices = within(drawer).getByRole('button', { name: /Mes factures/, hidden: true });
    expect(invoices.textContent).toContain('Mes factures');
    expect(within(drawer).queryByText('Gratuit')).toBeNull();
    // Its screens open with the group (children rendered once opened).
    fireEvent.click(invoices);
    for (const name of ['Tableau de bord', 'Liste des devis', 'Liste des factures', 'Mes clients', 'Mes articles']) {
      expect(await within(drawer).findByRole('link', { name, hidden: true })).toBeTruthy();
    }
  });

  it('the drawer offers "Gratuit" without the invoicing right', async () => {
    const drawer = await renderDrawer(demoProfile({ invoicing: false, company: 'Librairie La Plume d’Or' }));
    // No invoicing right in this company: the drawer entry promotes the free module.
    // « Mes factures Gratuit », not « Mon compte » › « Mes factures Workplace » (open when a file run
    // before this one in the same worker left that group open).
    const drawerInvoices = within(drawer).getByRole('link', { name: /Mes factures.*Gratuit/, hidden: true });
    expect(drawerInvoices.textContent).toContain('Gratuit');
    expect(drawerInvoices.getAttribute('href')).toBe('/mes-factures/presentation');
    expect(within(drawer).queryByRole('link', { name: 'Liste des factures', hidden: true })).toBeNull();
    // The other modules stay: "Accueil", the documents and the inbox.
    expect(within(drawer).getByRole('link', { name: 'Accueil', hidden: true })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: /Mes documents/, hidden: true })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: /Ma bannette/, hidden: true })).toBeTruthy();
  });
});

describe('route guards', { timeout: 60_000 }, () => {
  it('/dashboard sends a non-admin to / and shows the statistics to an admin', async () => {
    const demo = open(demoProfile(), statisticsRoute as AnyRoute, 'Statistiques');
    await screen.findByRole('heading', { name: 'Bonjour Sophie', hidden: true });
    expect(demo.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Statistiques', hidden: true })).toBeNull();
    cleanScreen();

    const admin = open(adminProfile(), statisticsRoute as AnyRoute, 'Statistiques');
    await screen.findByRole('heading', { name: 'Statistiques', hidden: true });
    expect(admin.state.location.pathname).toBe('/dashboard');
  });

  it('the invoice list sends a member without the invoicing right to /', async () => {
    const without = open(
      demoProfile({ invoicing: false, company: 'Librairie La Plume d’Or' }),
      invoiceList,
      'Mes factures',
    );
    await screen.findByRole('heading', { name: 'Bonjour Sophie', hidden: true });
    expect(without.state.location.pathname).toBe('/');
    cleanScreen();

    const withRight = open(demoProfile(), invoiceList, 'Mes factures');
    await screen.findByRole('heading', { name: 'Mes factures', hidden: true });
    await waitFor(() => expect(withRight.state.location.pathname).toBe('/mes-factures/liste-des-factures'));
  });
});
