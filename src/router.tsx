import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routes/tree';

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// The 401 handler (spec 4/8) is installed with the signed-in layer: routes/signed-in-shell.tsx.
