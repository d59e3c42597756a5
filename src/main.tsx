// Decision 014: this entry carries only what /login needs: React, the router, the session and the
// plain sign-in form. Mantine (routes/mantine-root.tsx) and the signed-in layer (frame, Dexie,
// outbox, dates, charts, service worker: routes/signed-in-shell.tsx) are lazy chunks.
import './features/auth/static-login/login.css';
import { RouterProvider } from '@tanstack/react-router';
import { Provider as JotaiProvider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadBranding } from './lib/branding';
import { startPendingSignOuts } from './lib/pending-sign-outs';
import { store } from './lib/session';
import { watchStaticLogin } from './lib/static-login';
import { router } from './router';

watchStaticLogin();
// A sign-out made offline is sent first thing when there is a network (decision 078).
startPendingSignOuts();
void loadBranding();

// The first render waits for the route (and, signed in, the lazy layer): React replaces the
// prerendered sign-in form (login.html) with the live one in one commit, never with a blank page.
void router.load().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <JotaiProvider store={store}>
        <RouterProvider router={router} />
      </JotaiProvider>
    </StrictMode>,
  );
});
