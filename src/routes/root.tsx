import { createRootRoute, isNotFound, Outlet, redirect, useRouter, useRouterState } from '@tanstack/react-router';
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
const MantineRoot = lazy(() => import('../components/mantine-root').then((m) => ({ default: m.MantineRoot })));
const MantineErrorPage = lazy(() =>
  import('../components/mantine-root').then((m) => ({ default: m.MantineErrorPage })),
);

// Once Mantine is there it stays (a sign-out must not unmount the frame before /login renders).
let mantineUsed = false;

function Screens() {
  const onlyLogin = useRouterState({
    select: (s) => s.matches.every((m) => m.routeId === rootRoute.id || m.routeId === '/login'),
  });
  mantineUsed ||= !onlyLogin;
  if (!mantineUsed) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <MantineRoot>
        <Outlet />
      </MantineRoot>
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
  const status =
    (error as { status?: number; response?: { status?: number } } | null)?.response?.status ??
    (error as { status?: number } | null)?.status;
  return typeof status === 'number' ? status : null;
}

function TitleSync() {
  // From the URL, not the rendered matches: a lazy screen's title shows as soon as the URL changes.
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const title = [...router.getMatchedRoutes(pathname)[0]].reverse().find((r) => r.options.staticData?.title)?.options
    .staticData?.title;
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
