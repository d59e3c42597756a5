import { formatDeviceDateTime } from '../../domain/format-dates';
import { GIVE_UP_MS, LAST_HOME_ID, buildOf, layoutOf, mayShow, readLastHome, readOwner } from './snapshot';

/**
 * Runs in app.html, as a classic script right after #root, before the app's modules (decision 060):
 * on "/", the home this device last showed to the same user, company, build and layout is put above
 * #root and painted at once. It is a picture while the app starts: inert and hidden from assistive
 * technologies, which get the live home (src/lib/last-home/takeover.ts removes the picture). Inert,
 * it lets a tap through to the live app once that has rendered under it, at the same place.
 * Nothing here may throw: a bad record only means no picture.
 */
export function restoreLastHome(doc: Document, storage: Storage, time: number): boolean {
  const win = doc.defaultView;
  if (!win) return false;
  const stored = readLastHome(storage);
  const now = {
    owner: readOwner(storage),
    build: buildOf(doc),
    layout: layoutOf((query) => win.matchMedia(query).matches),
    path: win.location.pathname,
    time,
  };
  if (!mayShow(stored, now)) return false;

  for (const [name, value] of Object.entries(stored.htmlAttributes))
    if (name.startsWith('data-mantine-')) doc.documentElement.setAttribute(name, value);
  const picture = doc.createElement('div');
  picture.id = LAST_HOME_ID;
  picture.setAttribute('inert', '');
  picture.setAttribute('aria-hidden', 'true');
  // Above the starting app, with the page's background; its fixed bars stay where the app has them.
  // Hidden until its stylesheets are in: an unstyled home, even for a frame, would be worse than none.
  picture.style.cssText =
    'position:fixed;inset:0;z-index:150;overflow:hidden;cursor:progress;visibility:hidden;' +
    'background:var(--mantine-color-body,#fff)';
  picture.innerHTML = stored.html;
  picture.append(staleNote(doc, stored.savedAt));

  let pending = 0;
  const reveal = () => --pending <= 0 && picture.style.removeProperty('visibility');
  for (const href of stored.sheets) {
    if ([...doc.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.getAttribute('href') === href)) continue;
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    // Chromium: no first paint before it (the sheet comes from the worker's cache in a few ms).
    link.setAttribute('blocking', 'render');
    pending++;
    link.addEventListener('load', reveal);
    link.addEventListener('error', () => picture.remove());
    doc.head.append(link);
  }
  for (const css of stored.styles) {
    const style = doc.createElement('style');
    style.dataset.lastHome = '';
    style.textContent = css;
    doc.head.append(style);
  }
  pending++;
  reveal();
  doc.getElementById('root')?.before(picture);
  // If the app never starts (a script that fails to load), the picture does not stay for good.
  win.setTimeout(() => picture.remove(), GIVE_UP_MS);
  return true;
}

/** The picture says what it is: the home of the last visit, while the live one is on its way. */
function staleNote(doc: Document, savedAt: number): HTMLElement {
  const note = doc.createElement('p');
  note.textContent = `Accueil de votre visite du ${formatDeviceDateTime(savedAt)}, mise à jour en cours…`;
  note.style.cssText =
    'position:fixed;left:50%;bottom:56px;transform:translateX(-50%);z-index:1;margin:0;padding:6px 14px;' +
    'border-radius:999px;background:#1c5d99;color:#fff;font:14px/1.4 system-ui,sans-serif;' +
    'box-shadow:0 2px 8px rgba(0,0,0,.2);white-space:nowrap;max-width:calc(100vw - 32px);' +
    'overflow:hidden;text-overflow:ellipsis';
  return note;
}
