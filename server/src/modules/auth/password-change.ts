import { HttpError } from '../../http/errors';
import type { Deps } from '../../http/types';
import { findUserById, setPasswordHash } from '../users/service';
import { hashPassword, passwordPolicyError, verifyPassword } from './passwords';
import { revokeOtherSessions } from './sessions';
import { beginPasswordCheck, endPasswordCheck } from './throttle';

const WRONG_CURRENT = 'Le mot de passe actuel est incorrect.';

/**
 * A signed-in user changes their password (the users' endpoint, auth's credentials: the same
 * policy, hash, throttle and session revocation as sign-in). The current password is checked first,
 * then the new one's policy (422 each); the other devices are signed out, this one stays signed in.
 */
export async function changePassword(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  who: { userId: number; tokenHash: string; address: string },
  body: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = (await findUserById(deps.db, who.userId))!;
  // A stolen session must not become a password-guessing oracle: wrong current passwords are
  // throttled per user like sign-ins (decision 008).
  const { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } = deps.config.env;
  const attempt = await beginPasswordCheck(
    deps.db,
    user.id,
    who.address,
    deps.now(),
    LOGIN_MAX_FAILURES,
    LOGIN_WINDOW_MINUTES,
  );
  let ok = false;
  try {
    ok = await verifyPassword(body.currentPassword, user.passwordHash);
  } finally {
    await endPasswordCheck(deps.db, attempt, ok);
  }
  if (!ok) throw new HttpError(422, WRONG_CURRENT, { errors: [WRONG_CURRENT], field: 'currentPassword' });
  const policy = passwordPolicyError(body.newPassword);
  if (policy) throw new HttpError(422, policy, { errors: [policy], field: 'newPassword' });
  await setPasswordHash(deps.db, user.id, await hashPassword(body.newPassword));
  await revokeOtherSessions(deps.db, user.id, who.tokenHash, deps.now());
}
