import { createRootRoute, isNotFound, Outlet, redirect, useRouter, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { getBranding } from '../lib/branding';
import { isAuthenticated } from '../lib/session';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Page title; the document title is "%s | {product}" (NAV-14). */
    title?: string;
  }
}

const PUBLIC_PATHS = ['/login', '/forgotten-password'];

// Decision 014: /login is plain markup; everything else renders inside the lazy Mantine chunk.
type MantineModule = typeof import('../components/mantine-root');
let mantine: MantineModule | null = null;
const loadMantine = () => import('../components/mantine-root').then((m) => (mantine = m));
const MantineRootLazy = lazy(() => loadMantine().then((m) => ({ default: m.MantineRoot })));
const MantineErrorPage = lazy(() => loadMantine().then((m) => ({ default: m.MantineErrorPage })));

// Once Mantine is there it stays (a sign-out must not unmount the frame before /login renders).
let mantineUsed = false;
// Chosen once, when Mantine is first needed: the module itself when the root's beforeLoad has
// loaded it (every signed-in path), else the lazy wrapper. A lazy component suspends on its first
// render even when its chunk is there, and React holds the revealed content back up to 300 ms
// after a Suspense fallback (its FALLBACK_THROTTLE_MS): measured, that wait was most of the idle
// time of a repeat visit (decision 031). Never switched afterwards: a new type would remount the frame.
let Root: ComponentType<{ children?: ReactNode }> | null = null;

function Screens() {
  const onlyLogin = useRouterState({
    select: (s) => s.matches.every((m) => m.routeId === rootRoute.id || m.routeId === '/login'),
  });
  mantineUsed ||= !onlyLogin;
  if (!mantineUsed) return <Outlet />;
  Root ??= mantine?.MantineRoot ?? MantineRootLazy;
  return (
    <Suspense fallback={null}>
      <Root>
        <Outlet />
      </Root>
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
  // The route guard of NAV-2: signed out, only /login and /forgotten-password; else /login?redirect=…
  beforeLoad: async ({ location }) => {
    if (PUBLIC_PATHS.includes(location.pathname)) return;
    if (!isAuthenticated()) throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    // The signed-in layer needs it anyway (preloaded by app.html); a failure leaves it to the lazy path.
    if (!mantine) await loadMantine().catch(() => undefined);
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
