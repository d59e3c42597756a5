import { clientAddress } from '../../http/client-address';
import { api } from '../../../../src/contract/index';
import { afterAnswer } from '../../http/after-answer';
import { createModule } from '../../http/route';
import { forbidden, HttpError, unauthorized } from '../../http/errors';
import type { Deps } from '../../http/types';
import { findUserByUsername, type UserRow } from '../users/service';
import { verifyPassword } from './passwords';
import { revokeSession } from './sessions';
import { ACCESS_DENIED, openSession, passwordHashToCheck } from './sign-in';
import { beginSignIn, countResetRequest, endSignIn, withdrawSignIn } from './throttle';
import { DIRECTORY_NOT_CONFIGURED, DIRECTORY_UNAVAILABLE, directoryVerdict, type DirectoryVerdict } from './ldap';
import { ldapSettings } from './ldap-config';
import { normaliseLogin } from './login-name';
import { requestPasswordReset, resetPassword } from './password-reset';
import { changePassword } from './password-change';

export const WRONG_CREDENTIALS = 'Identifiant et/ou mot de passe incorrect(s)';

export function authModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Session');

  route(api.auth.login, {}, async (c, { body: typed }) => {
    // The login as stored (NFKC, decision 075): a full-width « ａｄｍｉｎ » is « admin », for the throttle too.
    const body = { ...typed, username: normaliseLogin(typed.username) };
    const now = deps.now();
    const { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } = deps.config.env;
    // Throttled per login and per client address (decision 008): recorded before the password is
    // checked, settled after; a check that throws counts as a failure.
    const address = clientAddress(c, deps.config);
    const attempt = await beginSignIn(deps.db, body.username, address, now, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES);
    let ok = false;
    let user: UserRow | undefined;
    try {
      user = await findUserByUsername(deps.db, body.username);
      ok = (await verifyPassword(body.password, await passwordHashToCheck(user))) && !!user?.passwordHash;
    } finally {
      await endSignIn(deps.db, attempt, ok, body.username, address, now);
    }
    if (!user || !ok) throw unauthorized(WRONG_CREDENTIALS);
    return c.json(await openSession(deps, user, now));
  });

  route(api.auth.ldapLogin, {}, async (c, { body: typed }) => {
    const body = { ...typed, username: normaliseLogin(typed.username) };
    const settings = ldapSettings(deps.config.env);
    if (!settings) throw new HttpError(503, DIRECTORY_NOT_CONFIGURED);
    const now = deps.now();
    const { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } = deps.config.env;
    // The same throttle as /api/login; an attempt the directory could not check is withdrawn
    // instead, so an outage locks nobody out (decision 041).
    const address = clientAddress(c, deps.config);
    const attempt = await beginSignIn(deps.db, body.username, address, now, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES);
    let verdict: DirectoryVerdict = 'refused';
    try {
      verdict = await directoryVerdict(settings, body.username, body.password);
    } finally {
      if (verdict === 'unavailable') await withdrawSignIn(deps.db, attempt);
      else await endSignIn(deps.db, attempt, verdict === 'accepted', body.username, address, now);
    }
    if (verdict === 'unavailable') throw new HttpError(503, DIRECTORY_UNAVAILABLE);
    if (verdict === 'refused') throw unauthorized(WRONG_CREDENTIALS);
    // Proven by the directory; the portal's rights belong to the local user of the same login,
    // created by a manager in /admin. No provisioning (decision 041): a stranger to the portal is refused.
    const user = await findUserByUsername(deps.db, body.username);
    if (!user) throw forbidden(ACCESS_DENIED);
    return c.json(await openSession(deps, user, now));
  });

  route(api.auth.logout, {}, async (c) => {
    await revokeSession(deps.db, c.get('tokenHash'), deps.now());
    return c.body(null, 204);
  });

  route(api.auth.forgottenPassword, {}, async (c, { body: typed }) => {
    const body = { username: normaliseLogin(typed.username) };
    const now = deps.now();
    // Mails are throttled per login and per address (decision 008), known logins or not.
    await countResetRequest(deps.db, body.username, clientAddress(c, deps.config), now);
    // The same work before the answer whether the login exists or not: looking it up, storing the
    // link and writing the mail come after it, or the time would tell (decision 075).
    void afterAnswer(deps, 'Envoi du lien de réinitialisation impossible', () =>
      requestPasswordReset(deps, body.username, now),
    );
    // Always the same answer, so nobody learns which login names exist.
    return c.json({
      message:
        'Si un compte correspond à cet identifiant, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.',
    });
  });

  route(api.auth.resetPassword, {}, async (c, { body }) => {
    await resetPassword(deps, body.token, body.password);
    return c.json({ message: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.' });
  });

  // The users' endpoint, served here: a password is auth's (its policy, hash, throttle, sessions),
  // and the users module imports nothing of auth (decision 080).
  route(api.users.changePassword, {}, async (c, { body }) => {
    const who = { userId: c.get('user').id, tokenHash: c.get('tokenHash'), address: clientAddress(c, deps.config) };
    await changePassword(deps, who, body);
    return c.body(null, 204);
  });

  return app;
}
