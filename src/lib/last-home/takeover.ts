import { BUSY_SELECTOR, GIVE_UP_MS, LAST_HOME_ID } from './snapshot';

/** Once the live home has its heading, how long its widgets may still load under the picture. */
const AFTER_HEADING_MS = 1_500;

/**
 * Called by main.tsx: removes the last home's picture (restore.ts) when the live app shows its own
 * screen: the home loaded (its heading, nothing busy), or any other screen (a sign-in page when the
 * session has ended, a redirect). Until then the app renders under it.
 */
export function takeOverFromLastHome(doc: Document = document): void {
  const picture = doc.getElementById(LAST_HOME_ID);
  const root = doc.getElementById('root');
  const win = doc.defaultView;
  if (!picture || !root || !win) return;
  const started = Date.now();
  let headingSince: number | null = null;
  const remove = () => {
    picture.remove();
    for (const style of doc.querySelectorAll('style[data-last-home]')) style.remove();
  };
  const check = () => {
    const now = Date.now();
    const heading = root.querySelector('h1');
    if (heading && headingSince === null) headingSince = now;
    const elsewhere = win.location.pathname !== '/' && root.childElementCount > 0;
    const loaded = heading && !root.querySelector(BUSY_SELECTOR);
    const waitedEnough = headingSince !== null && now - headingSince > AFTER_HEADING_MS;
    if (elsewhere || loaded || waitedEnough || now - started > GIVE_UP_MS) remove();
    else win.setTimeout(check, 50);
  };
  check();
}
