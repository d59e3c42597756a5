import { importOrReload } from './lazy-screen';

// Decision 014: what only a signed-in user needs (the frame, the dates provider, Dexie, the outbox,
// the service worker) lives in routes/signed-in-shell.tsx, loaded after sign-in, or while the user
// types on /login (prefetch), never before.
type SignedInShell = { startSignedIn(): void };
// The app's entry (src/router.tsx) names the chunk: src/lib never imports the routes (decision 020).
let load: () => Promise<SignedInShell> = () => Promise.reject(new Error('Couche connectée non déclarée.'));
let loading: Promise<SignedInShell> | null = null;

/** Called once by the router: how to load the signed-in layer (a lazy chunk). */
export function setSignedInShellLoader(loader: () => Promise<SignedInShell>): void {
  load = loader;
}

/** Downloads the signed-in chunk without starting anything (called while the user types). */
export function prefetchSignedInShell(): void {
  loading ??= load();
  loading.catch(() => {
    loading = null;
  }); // a failed prefetch is retried at sign-in
}

/** Loads and starts the signed-in layer once (offline data, service worker); later calls are free. */
export async function startSignedInShell(): Promise<void> {
  const shell = await importOrReload(() => (loading ??= load()));
  shell.startSignedIn();
}
