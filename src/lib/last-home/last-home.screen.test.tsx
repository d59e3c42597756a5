import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreLastHome } from './restore';
import { saveLastHome } from './save';
import { LAST_HOME_KEY, LAST_HOME_MAX_AGE_MS, readLastHome, type LastHome } from './snapshot';
import { takeOverFromLastHome } from './takeover';

// Decision 060: the home as this device last showed it, painted before the app starts. The save,
// the restore (what app.html runs) and the take-over, on a real DOM (jsdom); the browser test is in
// tests/e2e/last-home.test.ts.

const NOW = new Date(2026, 10, 27, 21, 10).getTime(); // the device's own clock
const HOME =
  '<header>Workplace<div data-not-in-last-home>Hors ligne</div></header><main><h1 id="mantine-r1">Bonjour Sophie</h1><p>1 292,04 €</p></main>';

function page({ root = HOME, entry = '/assets/index-abc.js', path = '/' } = {}) {
  document.head.innerHTML = `<script type="module" src="${entry}"></script>`;
  document.body.innerHTML = `<div id="root">${root}</div>`;
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  window.history.replaceState({}, '', path);
}

function signIn(user = 7, company: number | null = 3) {
  localStorage.setItem(
    'workplace.session',
    JSON.stringify({ token: 't', profile: { id: user, userLastCompany: company, firstName: 'Sophie' } }),
  );
}

/** The viewport's layout: 'wide' ≥ 62em, 'phone' ≤ 48em, else 'medium' (app-frame.tsx). */
function layout(kind: 'wide' | 'medium' | 'phone') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width: 62em') ? kind === 'wide' : kind === 'phone',
    media: query,
  }));
}

/** The home saved as it is on screen, then the next start's empty page. */
function savedThenRestarted(): LastHome {
  page();
  document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  document.head.insertAdjacentHTML('beforeend', '<style data-mantine-styles="true">:root{--x:1}</style>');
  expect(saveLastHome(document, localStorage, NOW)).toBe(true);
  page({ root: '' });
  return readLastHome(localStorage)!;
}

const picture = () => document.getElementById('last-home');

beforeEach(() => {
  localStorage.clear();
  signIn();
  layout('wide');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
// The screen project's files share a worker (isolate: false): nothing of this page outlives the file.
afterAll(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  window.history.replaceState({}, '', '/');
});

describe('saving the home', () => {
  it('keeps the home as shown, for its user, company, build and layout, without ids', () => {
    const saved = savedThenRestarted();
    expect(saved).toMatchObject({ user: 7, company: 3, build: '/assets/index-abc.js', layout: 'wide', savedAt: NOW });
    expect(saved.html).toContain('Bonjour Sophie');
    expect(saved.html).not.toContain('mantine-r1');
    // The moment's state (offline, changes waiting) is not the home's.
    expect(saved.html).not.toContain('Hors ligne');
    expect(saved.styles).toEqual([':root{--x:1}']);
    expect(saved.htmlAttributes).toEqual({ 'data-mantine-color-scheme': 'light' });
  });

  it('keeps nothing while the home is loading, off the home, or signed out', () => {
    page({ root: '<h1>Bonjour Sophie</h1><div class="mantine-Skeleton-root" data-visible="true"></div>' });
    expect(saveLastHome(document, localStorage, NOW)).toBe(false);
    page({ root: '<h1>Bonjour Sophie</h1><section aria-busy="true"></section>' });
    expect(saveLastHome(document, localStorage, NOW)).toBe(false);
    page({ path: '/mes-factures' });
    expect(saveLastHome(document, localStorage, NOW)).toBe(false);
    page();
    localStorage.removeItem('workplace.session');
    expect(saveLastHome(document, localStorage, NOW)).toBe(false);
    expect(localStorage.getItem(LAST_HOME_KEY)).toBeNull();
  });
});

describe('painting it at the next start (app.html)', () => {
  it('puts the last home above the empty #root, inert and hidden from assistive technologies', () => {
    savedThenRestarted();
    expect(restoreLastHome(document, localStorage, NOW + 60_000)).toBe(true);
    const shown = picture()!;
    expect(shown.nextElementSibling?.id).toBe('root');
    expect(shown.textContent).toContain('Bonjour Sophie');
    expect(shown.textContent).toContain('1 292,04 €');
    expect(shown.hasAttribute('inert')).toBe(true);
    expect(shown.getAttribute('aria-hidden')).toBe('true');
    expect(shown.style.visibility).toBe('');
    // It says what it is, at the device's time.
    expect(shown.textContent).toContain('Accueil de votre visite du 27/11/2026 à 21:10, mise à jour en cours…');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
    expect(document.querySelector('style[data-last-home]')?.textContent).toBe(':root{--x:1}');
  });

  it('stays invisible until the stylesheets it needs are in, and goes if one fails', () => {
    const saved = savedThenRestarted();
    localStorage.setItem(LAST_HOME_KEY, JSON.stringify({ ...saved, sheets: ['/assets/shell.css', '/assets/x.css'] }));
    restoreLastHome(document, localStorage, NOW);
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][blocking="render"]')];
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/assets/shell.css', '/assets/x.css']);
    expect(picture()!.style.visibility).toBe('hidden');
    links[0].dispatchEvent(new Event('load'));
    expect(picture()!.style.visibility).toBe('hidden');
    links[1].dispatchEvent(new Event('load'));
    expect(picture()!.style.visibility).toBe('');

    page({ root: '' });
    restoreLastHome(document, localStorage, NOW);
    document.querySelector('link[href="/assets/x.css"]')!.dispatchEvent(new Event('error'));
    expect(picture()).toBeNull();
  });

  it.each([
    ['another user', () => signIn(8, 3)],
    ['another company of the same user', () => signIn(7, 4)],
    ['signed out', () => localStorage.removeItem('workplace.session')],
    ['another build of the app', () => page({ root: '', entry: '/assets/index-def.js' })],
    ['another layout (a tablet turned)', () => layout('medium')],
    ['another screen than the home', () => page({ root: '', path: '/mes-caisses' })],
  ])('shows nothing to %s', (_case, change) => {
    savedThenRestarted();
    change();
    expect(restoreLastHome(document, localStorage, NOW)).toBe(false);
    expect(picture()).toBeNull();
  });

  it('shows nothing when it is over a week old or unreadable', () => {
    savedThenRestarted();
    expect(restoreLastHome(document, localStorage, NOW + LAST_HOME_MAX_AGE_MS)).toBe(false);
    localStorage.setItem(LAST_HOME_KEY, '{not json');
    expect(restoreLastHome(document, localStorage, NOW)).toBe(false);
    expect(picture()).toBeNull();
  });
});

describe('the live app taking over', () => {
  beforeEach(() => vi.useFakeTimers());

  it('keeps the picture while the live home loads, removes it once it has loaded', () => {
    savedThenRestarted();
    restoreLastHome(document, localStorage, NOW);
    const root = document.getElementById('root')!;
    takeOverFromLastHome(document);
    root.innerHTML = '<h1>Bonjour Sophie</h1><div class="mantine-Skeleton-root" data-visible="true"></div>';
    vi.advanceTimersByTime(500);
    expect(picture()).not.toBeNull();
    root.querySelector('.mantine-Skeleton-root')!.removeAttribute('data-visible');
    vi.advanceTimersByTime(100);
    expect(picture()).toBeNull();
    expect(document.querySelector('style[data-last-home]')).toBeNull();
  });

  it('removes it at once when the app shows another screen (a session that has ended)', () => {
    savedThenRestarted();
    restoreLastHome(document, localStorage, NOW);
    takeOverFromLastHome(document);
    window.history.replaceState({}, '', '/login');
    document.getElementById('root')!.innerHTML = '<main><h1>Connexion</h1></main>';
    vi.advanceTimersByTime(100);
    expect(picture()).toBeNull();
  });

  it('gives the live home 1.5 s after its heading to load, then shows it as it is', () => {
    savedThenRestarted();
    restoreLastHome(document, localStorage, NOW);
    takeOverFromLastHome(document);
    document.getElementById('root')!.innerHTML = '<h1>Bonjour Sophie</h1><section aria-busy="true"></section>';
    vi.advanceTimersByTime(1_400);
    expect(picture()).not.toBeNull();
    vi.advanceTimersByTime(300);
    expect(picture()).toBeNull();
  });
});
