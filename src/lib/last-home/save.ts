import { useEffect } from 'react';
import { BUSY_SELECTOR, LAST_HOME_KEY, buildOf, layoutOf, readOwner, type LastHome } from './snapshot';

/** A home bigger than this is not kept: localStorage is small and read at every start. */
const MAX_HTML = 400_000;

/**
 * Keeps the home as it is on screen now, for the next start's picture (restore.ts), if it is the
 * home, fully loaded, and signed in. Ids are dropped: the live app gives the same ones out.
 */
export function saveLastHome(doc: Document = document, storage: Storage = localStorage, time = Date.now()): boolean {
  const win = doc.defaultView;
  const root = doc.getElementById('root');
  const owner = readOwner(storage);
  if (!win || !root || !owner || win.location.pathname !== '/') return false;
  if (!root.querySelector('h1') || root.querySelector(BUSY_SELECTOR)) return false;
  const copy = root.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll('[id]')) element.removeAttribute('id');
  // What belongs to this moment only (being offline, changes waiting to be sent) is left out.
  for (const element of copy.querySelectorAll('[data-not-in-last-home]')) element.remove();
  if (copy.innerHTML.length > MAX_HTML) return false;
  const record: LastHome = {
    version: 1,
    ...owner,
    build: buildOf(doc),
    layout: layoutOf((query) => win.matchMedia(query).matches),
    savedAt: time,
    html: copy.innerHTML,
    styles: [...doc.querySelectorAll('style[data-mantine-styles]')].map((s) => s.textContent ?? ''),
    sheets: [...doc.querySelectorAll('link[rel="stylesheet"]')].flatMap((l) => l.getAttribute('href') ?? []),
    htmlAttributes: Object.fromEntries(
      [...doc.documentElement.attributes]
        .filter((a) => a.name.startsWith('data-mantine-'))
        .map((a) => [a.name, a.value]),
    ),
  };
  try {
    storage.setItem(LAST_HOME_KEY, JSON.stringify(record));
    return true;
  } catch {
    return false; // storage full or refused: the next start simply has no picture
  }
}

/** How long the home must stay unchanged before it is kept (its widgets fill in one by one). */
const QUIET_MS = 1_000;

/**
 * The home screen keeps its picture up to date: once it has been still for a second after a change,
 * and when the page is hidden or left (the state the user last saw).
 */
export function useKeepLastHome(): void {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => void saveLastHome();
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(save, QUIET_MS);
    };
    const onHidden = () => document.visibilityState === 'hidden' && save();
    const changes = new MutationObserver(schedule);
    changes.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', save);
    schedule();
    return () => {
      changes.disconnect();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', save);
    };
  }, []);
}
