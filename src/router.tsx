import { createRouter } from '@tanstack/react-router';
import { setSignedInShellLoader } from './lib/signed-in-shell';
import { routeTree } from './routes/tree';

// The signed-in layer is a lazy chunk (decision 014); the sign-in page starts it through src/lib.
setSignedInShellLoader(() => import('./routes/signed-in-shell'));

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// The 401 handler (AUTH-4) is installed with the signed-in layer: routes/signed-in-shell.tsx.
