import { Workbox } from 'workbox-window';
import { atom } from 'jotai';
import { store } from './session';

/** True when a new version waits; the top bar offers "Nouvelle version disponible". */
export const updateAvailableAtom = atom(false);
let workbox: Workbox | null = null;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  // registerType 'prompt': never reload by ourselves over an unsaved draft; the user chooses.
  workbox.addEventListener('waiting', () => store.set(updateAvailableAtom, true));
  // A blocked or failed registration (private mode, tests) leaves the app working online.
  workbox.register().catch(() => undefined);
}

export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
