/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app shell and every screen's code are precached: after one online visit the installed
// app starts with no network. Data lives in IndexedDB (Dexie), never in the HTTP cache.
// directoryIndex: "/" gets app.html too (see the navigation route below).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: 'app.html' });
cleanupOutdatedCaches();

// Client-side routes are served the precached shell; /api/ is never answered from here. app.html
// is index.html that also preloads the signed-in chunks (scripts/vite-app-shell.ts, decision 025):
// this worker is only installed once signed in, so they are nearly always needed, and cached.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/app.html'), { denylist: [/^\/api\//] }));

// 'prompt' update flow: the page asks the waiting worker to take over when the user agrees.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Static routing (Chromium 123+): /api/ requests skip this worker entirely. Without it every API
// call wakes the worker only to fall through to the network (measured: ~25 ms more per request
// under load, which doubles the outbox replay time).
self.addEventListener('install', (event) => {
  const install = event as ExtendableEvent & { addRoutes?: (rules: unknown) => Promise<void> };
  if (typeof install.addRoutes !== 'function') return;
  install.waitUntil(
    install.addRoutes([{ condition: { urlPattern: '/api/*' }, source: 'network' }]).catch(() => undefined),
  );
});

// Background Sync (Chromium): the SW only wakes the pages; the outbox replayer lives in the app
// (Workbox's BackgroundSyncPlugin would drop entries on any HTTP answer and resend stale tokens).
self.addEventListener('sync', (event) => {
  const syncEvent = event as ExtendableEvent & { tag: string };
  if (syncEvent.tag !== 'workplace-outbox') return;
  syncEvent.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'OUTBOX_SYNC' });
    }),
  );
});
