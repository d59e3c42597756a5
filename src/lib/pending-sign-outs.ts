// Decision 078: a sign-out tells the server to revoke the token (POST
// /api/logout). Made with no network, or meeting no server, that request is lost and the token
// would stay valid on the server until it expires (TOKEN_TTL_HOURS, 12 h by default). So the
// revocation is written here first, sent at once when it can be, and otherwise at the next
// connection (the app's start with a network, the 'online' event, a sign-in), before any other
// request of the app: its reads (ky, http.ts) and its outbox (outbox.ts) wait for it.
//
// Kept in localStorage under its own key, which the sign-out's wipe keeps (session.ts), and which
// the sign-in screen can read without loading Dexie (decision 014). Only the tokens to revoke, nothing
// else: a token leaves once the server has answered 2xx (revoked) or 401 (already invalid).
// Plain fetch, not the app's ky client: ky's 401 handler would sign the current user out.

export const PENDING_SIGN_OUTS_KEY = 'workplace.pendingSignOuts';
/** The contract's logout endpoint (src/contract/session.ts), under the API's prefix. */
export const LOGOUT_URL = '/api/logout';
/** One attempt's bound: a slow line never keeps the app's requests waiting longer than this. */
export const SIGN_OUT_TIMEOUT_MS = 5_000;
/** Requests made after a failed attempt do not try again within this time (the triggers do). */
export const SIGN_OUT_RETRY_GAP_MS = 10_000;

interface PendingSignOut {
  token: string;
  /** When the user signed out (ms): for whoever reads the storage, never sent. */
  at: number;
}

function read(): PendingSignOut[] {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(PENDING_SIGN_OUTS_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list)
      ? list.filter((p): p is PendingSignOut => typeof (p as PendingSignOut)?.token === 'string')
      : [];
  } catch {
    return [];
  }
}

function write(list: PendingSignOut[]): void {
  try {
    if (list.length > 0) localStorage.setItem(PENDING_SIGN_OUTS_KEY, JSON.stringify(list));
    else localStorage.removeItem(PENDING_SIGN_OUTS_KEY);
  } catch {
    /* storage unavailable: nothing to remember it in */
  }
}

/** The raw value to carry over a wipe of localStorage (session.ts), or null. */
export const keptOverWipe = (): string | null => {
  try {
    return localStorage.getItem(PENDING_SIGN_OUTS_KEY);
  } catch {
    return null;
  }
};

/** Remembers that this token must be revoked on the server (before the request is even tried). */
export function rememberSignOut(token: string, now = Date.now()): void {
  const list = read();
  if (!list.some((p) => p.token === token)) write([...list, { token, at: now }]);
}

/**
 * The sign-out's request (POST /api/logout with this token): remembered first, so a tab closed or a
 * line cut mid-request loses nothing, then sent with any earlier one. Resolves once answered or failed.
 */
export function revokeOnServer(token: string): Promise<void> {
  rememberSignOut(token);
  return sendPendingSignOuts();
}

/** How many revocations wait for the network on this device. */
export const pendingSignOutCount = (): number => read().length;

const forget = (token: string) => write(read().filter((p) => p.token !== token));
const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

const sending = new Map<string, Promise<void>>();
let lastAttempt = Number.NEGATIVE_INFINITY;

async function sendOne(token: string): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SIGN_OUT_TIMEOUT_MS);
  try {
    const res = await globalThis.fetch(LOGOUT_URL, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    // 2xx: revoked now; 401: expired or revoked already (another tab, a password change). Either way done.
    if (res.ok || res.status === 401) forget(token);
  } catch {
    /* no network, refused, timed out: kept for the next connection */
  } finally {
    clearTimeout(timer);
  }
}

/** The attempts under way, except `skip`'s (the session signing out now, see signOutsFirst). */
const whenSent = (skip?: string | null) =>
  Promise.all([...sending].filter(([token]) => token !== skip).map(([, attempt]) => attempt)).then(() => undefined);

/**
 * Sends every remembered revocation not already on its way (all of them: two users may have signed
 * out offline on the same tablet); resolves when each has been answered or has failed. Never rejects.
 */
export function sendPendingSignOuts(): Promise<void> {
  const list = read();
  if (list.length > 0 && online()) {
    lastAttempt = Date.now();
    for (const { token } of list) {
      if (sending.has(token)) continue;
      const attempt = sendOne(token).finally(() => sending.delete(token));
      sending.set(token, attempt);
    }
  }
  return whenSent();
}

/**
 * What every other request of the app awaits first: the revocations under way, or, when some wait
 * and none was tried in the last few seconds, a new attempt. Resolves at once when none waits.
 * `current`: the token the request will carry. Its own revocation is not waited for: that is the
 * sign-out under way in this tab, whose last requests go alongside it, rather than after it with a
 * token just revoked (a 401, which would sign out a second time).
 */
export function signOutsFirst(current?: string | null): Promise<void> {
  if ([...sending.keys()].some((token) => token !== current)) return whenSent(current);
  if (Date.now() - lastAttempt < SIGN_OUT_RETRY_GAP_MS || !online() || keptOverWipe() == null) return Promise.resolve();
  void sendPendingSignOuts();
  return whenSent(current);
}

let started = false;
/** From main.tsx, on every start (signed in or not): now if there is a network, and on each 'online'. */
export function startPendingSignOuts(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void sendPendingSignOuts());
  void sendPendingSignOuts();
}

/** Tests only: forgets the attempts' timing (the storage is the test's own). */
export function resetPendingSignOutsForTests(): void {
  lastAttempt = Number.NEGATIVE_INFINITY;
  sending.clear();
}
