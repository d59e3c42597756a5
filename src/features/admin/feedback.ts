// How the admin screens answer a change: the server's French message (its list of broken rules
// when it sends one), and never a queued change: offline, the call is not even tried.
import { readApiError } from '../../lib/http';
import { isOnline } from '../../lib/online';
import { toastError } from '../../lib/toast';

export const OFFLINE_TITLE = 'Hors ligne';
export const OFFLINE_MESSAGE =
  'La gestion des utilisateurs demande une connexion au serveur : reconnectez-vous au réseau pour continuer.';
const UNREACHABLE = 'Le serveur est injoignable. Réessayez dans un instant.';

export type Outcome<T> =
  { ok: true; value: T } | { ok: false; status: number | null; message: string; errors: string[] };

/** Runs a change online only; a failure comes back with the server's words (the caller shows them). */
export async function tryOnline<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  if (!isOnline()) return { ok: false, status: null, message: OFFLINE_MESSAGE, errors: [] };
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const e = await readApiError(error);
    const message = e.status === null ? UNREACHABLE : (e.message ?? 'Une erreur interne est survenue');
    return { ok: false, status: e.status, message, errors: e.errors };
  }
}

/** The same, a failure shown as an error toast titled `title`; resolves to null then. */
export async function online<T>(title: string, run: () => Promise<T>): Promise<{ value: T } | null> {
  const outcome = await tryOnline(run);
  if (outcome.ok) return outcome;
  if (!isOnline()) toastError(OFFLINE_TITLE, OFFLINE_MESSAGE);
  else toastError(title, outcome.errors.length ? outcome.errors : outcome.message);
  return null;
}
