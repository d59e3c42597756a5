// @vitest-environment jsdom
// Route guards (spec 2.1): without the right, the screen is not shown and the user lands on /.
// Moved from tests/e2e/shell-nav.test.ts (issue 11): the guards of the real routes, each under a
// stand-in screen, with the profiles of the demo data; the statistics themselves and their axe
// pass stay in the browser test.
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanScreen, installJsdomGaps } from '../../tests/support/screen';
import { adminProfile, demoProfile, renderInRouter, signInAs } from '../../tests/support/screen-profiles';
import type { UserProfile } from '../lib/session';
import { statisticsRoute } from './core-routes';
import { invoiceListsRoutes } from './invoice-lists-routes';

beforeAll(installJsdomGaps);
afterEach(() => {
  cleanScreen();
  signInAs(null);
});

const invoiceList = invoiceListsRoutes.find((r) => r.options.path === '/mes-factures/liste-des-factures')!;

/** The real route's guard in front of a screen that only shows its name; the home page says where it landed. */
function open(profile: UserProfile, guarded: AnyRoute, heading: string) {
  signInAs(profile);
  const path = guarded.options.path as string;
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
      invoiceList as AnyRoute,
      'Mes factures',
    );
    await screen.findByRole('heading', { name: 'Bonjour Sophie', hidden: true });
    expect(without.state.location.pathname).toBe('/');
    cleanScreen();

    const withRight = open(demoProfile(), invoiceList as AnyRoute, 'Mes factures');
    await screen.findByRole('heading', { name: 'Mes factures', hidden: true });
    await waitFor(() => expect(withRight.state.location.pathname).toBe('/mes-factures/liste-des-factures'));
  });
});
