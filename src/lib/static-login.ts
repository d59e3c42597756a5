// Decision 014: login.html carries a prerendered sign-in form (#static-login, scripts/static-login/)
// that paints before any JavaScript. React replaces it; what the user typed meanwhile, and the
// field they were in, are handed to the live form so nothing is lost.

export interface StaticLoginState {
  username: string;
  password: string;
  focused: 'username' | 'password' | null;
}

const last: StaticLoginState = { username: '', password: '', focused: null };

const field = (name: string) => document.querySelector<HTMLInputElement>(`#static-login [name="${name}"]`);

function snapshot(): void {
  last.username = field('username')?.value ?? last.username;
  last.password = field('password')?.value ?? last.password;
  const active = document.activeElement as HTMLInputElement | null;
  if (active?.closest?.('#static-login')) last.focused = active.name === 'password' ? 'password' : 'username';
}

/** Called first thing by main.tsx: follows typing in the static form until React replaces it. */
export function watchStaticLogin(): void {
  const form = document.getElementById('static-login');
  if (!form) return;
  snapshot();
  form.addEventListener('input', snapshot);
  form.addEventListener('focusin', snapshot);
}

/** What the static form holds now (or held last, once React has replaced it). */
export function readStaticLogin(): StaticLoginState {
  if (typeof document !== 'undefined' && document.getElementById('static-login')) snapshot();
  return { ...last };
}
