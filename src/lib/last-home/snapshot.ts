// Issue 12 (decision 060): the home as this device last showed it, painted by app.html before the
// app's JavaScript has run, then replaced by the live home. This file is what both sides share:
// the stored record, when it may be shown, and the element that shows it.

export const LAST_HOME_KEY = 'workplace.last-home';
/** The element that holds the last home above the app while it starts (removed once it has started). */
export const LAST_HOME_ID = 'last-home';
/** The picture never stays longer than this, whatever happens to the app: it is not the app. */
export const GIVE_UP_MS = 10_000;
/** Older than this, the figures are too stale to show, even for a moment. */
export const LAST_HOME_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/** The app's layouts (app-frame.tsx's media queries): a home saved in one is not shown in another. */
export type Layout = 'wide' | 'medium' | 'phone';

export interface LastHome {
  version: 1;
  /** Whose home it is: shown only to the same user in the same company. */
  user: number;
  company: number | null;
  /** The entry script's address: another build has other class names and stylesheets. */
  build: string;
  layout: Layout;
  savedAt: number;
  /** #root's markup, without ids (the live app reuses them) . */
  html: string;
  /** Mantine's generated <style> elements (its theme's CSS variables). */
  styles: string[];
  /** The stylesheets the home had applied (the lazy layers' ones are not linked by app.html). */
  sheets: string[];
  /** <html>'s data-mantine-* attributes (the colour scheme its variables are selected by). */
  htmlAttributes: Record<string, string>;
}

export const layoutOf = (matches: (query: string) => boolean): Layout =>
  matches('(min-width: 62em)') ? 'wide' : matches('(max-width: 48em)') ? 'phone' : 'medium';

/** The stored session's owner (src/lib/session.ts writes it), read without the app's modules. */
export interface StoredOwner {
  user: number;
  company: number | null;
}

export function readOwner(storage: Storage): StoredOwner | null {
  try {
    const session = JSON.parse(storage.getItem('workplace.session') ?? 'null') as {
      token?: string;
      profile?: { id?: number; userLastCompany?: number | null };
    } | null;
    if (!session?.token || typeof session.profile?.id !== 'number') return null;
    return { user: session.profile.id, company: session.profile.userLastCompany ?? null };
  } catch {
    return null;
  }
}

export function readLastHome(storage: Storage): LastHome | null {
  try {
    const stored = JSON.parse(storage.getItem(LAST_HOME_KEY) ?? 'null') as LastHome | null;
    return stored?.version === 1 && typeof stored.html === 'string' ? stored : null;
  } catch {
    return null;
  }
}

/** Whether `stored` may be shown now: same user, company, build and layout, recent, on the home. */
export function mayShow(
  stored: LastHome | null,
  now: { owner: StoredOwner | null; build: string; layout: Layout; path: string; time: number },
): stored is LastHome {
  return (
    !!stored &&
    !!now.owner &&
    now.path === '/' &&
    stored.user === now.owner.user &&
    stored.company === now.owner.company &&
    stored.build === now.build &&
    stored.layout === now.layout &&
    now.time - stored.savedAt >= 0 &&
    now.time - stored.savedAt < LAST_HOME_MAX_AGE_MS
  );
}

/** The entry module's address in this document (app.html's first module script). */
export const buildOf = (doc: Document): string =>
  doc.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ?? '';

/** A screen still loading: a visible skeleton, or anything marked busy (the e2e suite's rule too). */
export const BUSY_SELECTOR = '.mantine-Skeleton-root[data-visible], [aria-busy="true"]';
