import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { startSignedInShell } from '../lib/signed-in-shell';
import { rootRoute } from './root';

// Decision 014: the signed-in frame, its providers and the offline data layer (Dexie, outbox) are one
// lazy chunk. beforeLoad starts it before any signed-in screen renders; /login never asks for it.
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: () => startSignedInShell(),
  component: lazyScreen(
    () => import('./signed-in-shell').then((m) => ({ SignedInLayout: m.SignedInLayout })),
    'SignedInLayout',
  ),
});
