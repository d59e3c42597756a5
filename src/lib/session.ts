import { atom, createStore } from 'jotai';
import { keptOverWipe, PENDING_SIGN_OUTS_KEY } from './pending-sign-outs';

import type { UserProfile as WireProfile } from '../contract/users';
export type { UserCompany } from '../contract/users';

/** The user profile (USER-1), as GET /api/user/me answers it (src/contract/session.ts). */
export type UserProfile = Omit<WireProfile, 'email'> & { email?: string | null };

export interface Session {
  token: string;
  profile: UserProfile;
}

const STORAGE_KEY = 'workplace.session';

/** One jotai store for the app, readable outside React (router guards, the HTTP client). */
export const store = createStore();

function readStored(): Session | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

const baseSessionAtom = atom<Session | null>(typeof localStorage === 'undefined' ? null : readStored());

/** The signed-in session, persisted so a reload (or an offline cold start) keeps the user signed in. */
export const sessionAtom = atom(
  (get) => get(baseSessionAtom),
  (_get, set, next: Session | null) => {
    set(baseSessionAtom, next);
    if (next) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    else localStorage.removeItem(STORAGE_KEY);
  },
);

export const profileAtom = atom((get) => get(sessionAtom)?.profile ?? null);
export const currentCompanyAtom = atom((get) => {
  const profile = get(profileAtom);
  return profile?.userCompanies.find((c) => c.id === profile.userLastCompany) ?? null;
});

export const getSession = () => store.get(sessionAtom);
export const setSession = (s: Session | null) => store.set(sessionAtom, s);
export const isAuthenticated = () => !!store.get(sessionAtom)?.token;

export function replaceProfile(profile: UserProfile): void {
  const session = getSession();
  if (session) setSession({ ...session, profile });
}

/** Listeners run on sign-out (local caches wipe themselves; see data/). */
const signOutListeners = new Set<() => void | Promise<void>>();
export const onSignOut = (fn: () => void | Promise<void>) => {
  signOutListeners.add(fn);
  return () => signOutListeners.delete(fn);
};

/**
 * AUTH-5: logout clears the user, the Authorization header and local storage — all of it but the
 * revocations still to send (pending-sign-outs.ts, decision 078): this sign-out's, and those of
 * earlier users of the device who signed out offline.
 */
export async function clearLocalSession(): Promise<void> {
  setSession(null);
  try {
    const pending = keptOverWipe();
    localStorage.clear();
    if (pending != null) localStorage.setItem(PENDING_SIGN_OUTS_KEY, pending);
  } catch {
    /* storage unavailable: nothing to clear */
  }
  await Promise.allSettled([...signOutListeners].map((fn) => fn()));
}

/** Features react to sign-in and company change (ENV-2, AUTH-3: reload the invoice environment, clear notifications). */
type SessionEvent = 'signIn' | 'companyChange';
const sessionListeners = new Map<SessionEvent, Set<() => void | Promise<void>>>();
export function onSessionEvent(event: SessionEvent, fn: () => void | Promise<void>): () => void {
  const set = sessionListeners.get(event) ?? new Set();
  sessionListeners.set(event, set);
  set.add(fn);
  return () => set.delete(fn);
}
export async function emitSessionEvent(event: SessionEvent): Promise<void> {
  await Promise.allSettled([...(sessionListeners.get(event) ?? [])].map((fn) => fn()));
}
