// @vitest-environment jsdom
// Decision 022: a screen that fails shows its own error inside the signed-in frame, which stays
// (menu, drawer, sync panel); « Réessayer » renders the screen again.
import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { installJsdomGaps } from '../../tests/support/screen';
import { theme } from '../theme';
import { ModuleErrorBoundary, ModulePendingState } from './module-boundary-lazy';

beforeAll(async () => {
  await import('./module-boundary'); // the lazy chunk, loaded once before the clock of findByText starts
  installJsdomGaps();
});
afterEach(() => cleanup());

it('a failing screen keeps the frame and offers « Réessayer »', async () => {
  // React and the router report the caught error on the console: expected here, not noise.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  let broken = true;
  const root = createRootRoute({
    component: () => (
      <MantineProvider theme={theme}>
        <nav>Menu et panneau de synchronisation</nav>
        <Outlet />
      </MantineProvider>
    ),
  });
  const screenRoute = createRoute({
    getParentRoute: () => root,
    path: '/',
    errorComponent: ModuleErrorBoundary,
    pendingComponent: ModulePendingState,
    component: () => {
      if (broken) throw new Error('écran cassé');
      return <p>Mes factures</p>;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([screenRoute]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);

  expect(await screen.findByText('Cette page n’a pas pu s’afficher', {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.getByText('Menu et panneau de synchronisation')).toBeTruthy();
  broken = false;
  fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByText('Mes factures', {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.getByText('Menu et panneau de synchronisation')).toBeTruthy();
  expect(screen.queryByText('Cette page n’a pas pu s’afficher')).toBeNull();
}, 30_000);
