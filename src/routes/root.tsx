import { createRootRoute, isNotFound, Outlet, redirect, useMatches, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { getBranding } from '../lib/branding';
import { isAuthenticated } from '../lib/session';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Page title; the document title is "%s | {product}" (spec 2.3). */
    title?: string;
  }
}

const PUBLIC_PATHS = ['/login', '/forgotten-password'];

// Issue 12: /login is plain markup; everything else renders inside the lazy Mantine chunk.
const MantineRoot = lazy(() => import('./mantine-root').then((m) => ({ default: m.MantineRoot })));
const MantineErrorPage = lazy(() => import('./mantine-root').then((m) => ({ default: m.MantineErrorPage })));

function Screens() {
  const plain = useRouterState({ select: (s) => s.location.pathname === '/login' });
  if (plain) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <MantineRoot><Outlet /></MantineRoot>
    </Suspense>
  );
}

const errorScreen = (status: number | null) => (
  <Suspense fallback={null}>
    <MantineErrorPage status={status} />
  </Suspense>
);

function statusOf(error: unknown): number | null {
  if (isNotFound(error)) return 404;
  const status = (error as { status?: number; response?: { status?: number } } | null)?.response?.status ?? (error as { status?: number } | null)?.status;
  return typeof status === 'number' ? status : null;
}

function TitleSync() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => m.staticData?.title)?.staticData.title;
  useEffect(() => {
    const product = getBranding().productName;
    document.title = title ? `${title} | ${product}` : product;
  }, [title]);
  return null;
}

export const rootRoute = createRootRoute({
  // Spec 2.1 route guard: signed out, only /login and /forgotten-password; else /login?redirect=…
  beforeLoad: ({ location }) => {
    if (!PUBLIC_PATHS.includes(location.pathname) && !isAuthenticated()) {
      throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    }
  },
  component: () => (
    <>
      <TitleSync />
      <Screens />
    </>
  ),
  notFoundComponent: () => errorScreen(404),
  errorComponent: ({ error }) => errorScreen(statusOf(error)),
});
