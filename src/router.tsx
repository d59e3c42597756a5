import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routes/tree';
import { setUnauthorizedHandler } from './lib/http';
import { clearLocalSession } from './lib/session';

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// Spec 4/8: a 401 anywhere → signed out and sent to /login?redirect={current path}.
let handling = false;
setUnauthorizedHandler(() => {
  if (handling) return;
  handling = true;
  const { pathname, searchStr } = router.state.location;
  void clearLocalSession().then(() => router.navigate({ to: '/login', search: { redirect: `${pathname}${searchStr}` }, replace: true }).finally(() => { handling = false; }));
});
