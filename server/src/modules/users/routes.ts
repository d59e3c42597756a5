import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { api } from '../../../../src/contract/index';
import { createModule } from '../../http/route';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { idParam } from '../../http/validate';
import type { Deps } from '../../http/types';
import {
  beginPasswordCheck,
  endPasswordCheck,
  hashPassword,
  passwordPolicyError,
  revokeOtherSessions,
  verifyPassword,
} from '../auth/service';
import { loadProfile, membershipOf, setLastCompany } from './profile';
import { clientAddress } from '../../http/client-address';

export function usersModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Utilisateur');

  route(api.users.me, {}, async (c) => {
    const profile = await loadProfile(deps.db, c.get('user').id);
    if (!profile) throw notFound('Utilisateur introuvable.');
    return c.json(profile);
  });

  route(api.users.saveLastCompany, {}, async (c, { body }) => {
    const user = c.get('user');
    if (!(await membershipOf(deps.db, user.id, body.idDerniereSociete)))
      throw forbidden('Vous n’êtes pas membre de cette société.');
    await setLastCompany(deps.db, user.id, body.idDerniereSociete);
    return c.json(await loadProfile(deps.db, user.id));
  });

  route(api.users.changePassword, {}, async (c, { body }) => {
    const [user] = await deps.db
      .select()
      .from(users)
      .where(eq(users.id, c.get('user').id))
      .limit(1);
    // A stolen session must not become a password-guessing oracle: wrong current passwords are
    // throttled per user like sign-ins (decision 008).
    const { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } = deps.config.env;
    const attempt = await beginPasswordCheck(
      deps.db,
      user.id,
      clientAddress(c, deps.config),
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
    if (!ok) {
      throw new HttpError(422, 'Le mot de passe actuel est incorrect.', {
        errors: ['Le mot de passe actuel est incorrect.'],
        field: 'currentPassword',
      });
    }
    const policy = passwordPolicyError(body.newPassword);
    if (policy) throw new HttpError(422, policy, { errors: [policy], field: 'newPassword' });
    await deps.db
      .update(users)
      .set({ passwordHash: await hashPassword(body.newPassword) })
      .where(eq(users.id, user.id));
    // Other devices signed in with the old password are signed out; this one stays signed in.
    await revokeOtherSessions(deps.db, user.id, c.get('tokenHash'), deps.now());
    return c.body(null, 204);
  });

  route(api.users.rights, {}, async (c) => {
    const userId = idParam(c, 'id');
    const companyId = idParam(c, 'lastCompany');
    if (userId !== c.get('user').id) throw forbidden('Vous ne pouvez consulter que vos propres droits.');
    const membership = await membershipOf(deps.db, userId, companyId);
    if (!membership) throw forbidden('Vous n’êtes pas membre de cette société.');
    return c.json(membership.appRights);
  });

  return app;
}

export function publicConfigModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Configuration');
  route(api.users.config, {}, (c) => c.json(deps.config.branding));
  return app;
}
