import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { getBranding } from '../../../lib/branding';
import { safeRedirect } from '../../../lib/safe-redirect';
import { emitSessionEvent, setSession } from '../../../lib/session';
import { prefetchSignedInShell, startSignedInShell } from '../../../lib/signed-in-shell';
import { mantinePresence } from '../../../lib/mantine-presence';
import { readStaticLogin } from '../../../lib/static-login';
import { login, LoginFailure } from '../api/login-api';
import { loginErrorMessage } from '../login-errors';

const route = getRouteApi('/login');

// Decision 014: plain markup styled by static-login/login.css, the same as the form prerendered in
// login.html, so /login needs no Mantine. Toasts (Mantine) load with the first error.
const ToastHost = lazy(() => import('../../../components/mantine-root').then((m) => ({ default: m.MantineRoot })));

export function LoginPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const branding = getBranding();
  // The prerendered form may already hold what the user typed before React mounted.
  const [initial] = useState(readStaticLogin);
  const [username, setUsername] = useState(initial.username);
  const [password, setPassword] = useState(initial.password);
  const [busy, setBusy] = useState(false);
  const [toasts, setToasts] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Keys typed between the first render and the commit; the caret stays in the field it was in.
  useLayoutEffect(() => {
    const late = readStaticLogin();
    // eslint-disable-next-line react-compiler/set-state-in-effect -- the prerendered form is outside React: what was typed in it before the commit can only be read after it
    setUsername((v) => (late.username !== initial.username ? late.username : v));
    setPassword((v) => (late.password !== initial.password ? late.password : v));
    (late.focused === 'password' ? passwordRef : usernameRef).current?.focus();
  }, [initial]);

  // While the user types, the signed-in layer downloads (it starts only once signed in).
  const typing = () => prefetchSignedInShell();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim() || !password) return;
    setBusy(true);
    try {
      const { token, ...profile } = await login(username.trim(), password, search.redirect);
      // The offline layer starts before the session exists, as at a cold start, so it hears 'signIn'.
      await startSignedInShell();
      setSession({ token, profile });
      void emitSessionEvent('signIn');
      await navigate({ to: safeRedirect(search.redirect), replace: true });
    } catch (error) {
      const e = error instanceof LoginFailure ? error.detail : { status: null, statusText: null, message: null };
      if (mantinePresence.mounted === 0) setToasts(true);
      const { toastError } = await import('../../../lib/toast');
      toastError(loginErrorMessage(e.status, e.statusText, e.message));
      setBusy(false);
    }
  }

  return (
    <main className="sl-page" data-live="true">
      <div className="sl-column">
        <div className="sl-brand">
          <img src="/icons/icon.svg" alt="" width={56} height={56} />
          <h1>{branding.productName}</h1>
          <p className="sl-dimmed">Le portail de votre entreprise et de votre cabinet comptable</p>
        </div>
        <div className="sl-card">
          <h2>Connexion</h2>
          <form onSubmit={submit} noValidate>
            <label htmlFor="login-username">
              Identifiant{' '}
              <span aria-hidden="true" className="sl-required">
                *
              </span>
            </label>
            <input
              id="login-username"
              ref={usernameRef}
              name="username"
              autoComplete="username"
              required
              value={username}
              onChange={(e) => {
                setUsername(e.currentTarget.value);
                typing();
              }}
            />
            <label htmlFor="login-password">
              Mot de passe{' '}
              <span aria-hidden="true" className="sl-required">
                *
              </span>
            </label>
            <input
              id="login-password"
              ref={passwordRef}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                typing();
              }}
            />
            <button type="submit" disabled={busy || !username.trim() || !password} aria-busy={busy}>
              Se connecter
            </button>
            <Link to="/forgotten-password">Mot de passe oublié ?</Link>
          </form>
        </div>
        <p className="sl-dimmed sl-small">Besoin d’aide ? Appelez le support au {branding.supportPhone}.</p>
      </div>
      {toasts ? (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      ) : null}
    </main>
  );
}
