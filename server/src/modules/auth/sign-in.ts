import { forbidden } from '../../http/errors';
import type { Deps } from '../../http/types';
import { loadProfile, recordSignIn, type UserRow } from '../users/service';
import { dummyPasswordHash } from './passwords';
import { createSession } from './sessions';

/** ERR-1: the sign-in's 403, for a user whose access was removed (decision 040). */
export const ACCESS_DENIED = 'Accès non autorisé';

/** No usable local password: a directory user, or an invited user who has not chosen one yet. */
export const NO_LOCAL_PASSWORD = '';

/**
 * The hash a sign-in checks the typed password against: the user's own, or a dummy one when there
 * is no user or no local password, so every failure costs the same scrypt (no enumeration by timing).
 */
export async function passwordHashToCheck(user: UserRow | undefined): Promise<string> {
  return user?.passwordHash.startsWith('scrypt$') ? user.passwordHash : dummyPasswordHash();
}

/**
 * The end of every sign-in, by password (/api/login) or by the directory (/api/ldap/login), once
 * the credentials are proven: a disabled user is refused (403, after the proof, so the answer
 * tells nothing to someone without the password), else a session opens.
 */
export async function openSession(deps: Deps, user: UserRow, now: Date) {
  if (user.disabledAt) throw forbidden(ACCESS_DENIED);
  const token = await createSession(deps.db, user.id, deps.config.env.TOKEN_TTL_HOURS, now);
  await recordSignIn(deps.db, user.id, now);
  const profile = await loadProfile(deps.db, user.id);
  return { ...profile, token };
}
