import { clientAddress } from '../../http/client-address';
import { api } from '../../../../src/contract/index';
import { createModule } from '../../http/route';
import { HttpError, unauthorized } from '../../http/errors';
import type { Deps } from '../../http/types';
import { findUserByUsername, type UserRow } from '../users/service';
import { verifyPassword } from './passwords';
import { revokeSession } from './sessions';
import { openSession, passwordHashToCheck } from './sign-in';
import { beginSignIn, countResetRequest, endSignIn } from './throttle';
import { requestPasswordReset, resetPassword } from './password-reset';

export const WRONG_CREDENTIALS = 'Identifiant et/ou mot de passe incorrect(s)';

export function authModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Session');

  route(api.session.login, {}, async (c, { body }) => {
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

  route(api.session.ldapLogin, {}, async () => {
    if (!deps.config.env.LDAP_URL) {
      throw new HttpError(
        503,
        'La connexion par l’annuaire d’entreprise n’est pas configurée sur ce serveur. Contactez votre cabinet.',
      );
    }
    throw new HttpError(503, 'L’annuaire d’entreprise ne répond pas. Réessayez plus tard.');
  });

  route(api.session.logout, {}, async (c) => {
    await revokeSession(deps.db, c.get('tokenHash'), deps.now());
    return c.body(null, 204);
  });

  route(api.session.forgottenPassword, {}, async (c, { body }) => {
    // Mails are throttled per login and per address (decision 008), known logins or not.
    await countResetRequest(deps.db, body.username, clientAddress(c, deps.config), deps.now());
    await requestPasswordReset(deps, body.username);
    // Always the same answer, so nobody learns which login names exist.
    return c.json({
      message:
        'Si un compte correspond à cet identifiant, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.',
    });
  });

  route(api.session.resetPassword, {}, async (c, { body }) => {
    await resetPassword(deps, body.token, body.password);
    return c.json({ message: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.' });
  });

  return app;
}
