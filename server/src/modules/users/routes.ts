import { api } from '../../../../src/contract/index';
import { createModule } from '../../http/route';
import { forbidden, notFound } from '../../http/errors';
import { idParam } from '../../http/validate';
import type { Deps } from '../../http/types';
import { loadProfile, membershipOf, setLastCompany } from './profile';

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

  // POST change-password is served by the auth module (its password-change.ts): credentials are auth's.

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
