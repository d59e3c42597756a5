import type { Context } from 'hono';
import { api } from '../../../../src/contract/index';
import { createModule } from '../../http/route';
import { forbidden, notFound } from '../../http/errors';
import { idParam } from '../../http/validate';
import type { AppEnv, Deps } from '../../http/types';
import { auditPage } from './audit';
import { grantableCompanies, listManagedUsers, managedProfile } from './read';
import { managedCompany, USER_NOT_FOUND } from './scope';
import { createManagedUser, removeFromCompany, setDisabled, updateAccess } from './service';
import { userMemberships } from '../users/service';

/**
 * « Gérer mes utilisateurs » (the my-users calls of RIGHTS-8, decision 040). Every route checks
 * on the server that the caller manages the company concerned (can(): view on
 * profil > gestionUtilisateurs there), whatever the screens show.
 */
export function adminModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Administration');
  const caller = (c: Context<AppEnv>) => ({ id: c.get('user').id, userType: c.get('user').userType });

  route(api.admin.list, {}, async (c, { query }) => {
    // The spec's path names the manager: only the caller themself.
    if (idParam(c, 'user') !== c.get('user').id)
      throw forbidden('Vous ne pouvez consulter que les utilisateurs que vous gérez vous-même.');
    const company = await managedCompany(deps.db, c.get('user').id, idParam(c, 'company'));
    return c.json(await listManagedUsers(deps.db, company.id, query));
  });

  route(api.admin.profile, {}, async (c) => {
    const company = await managedCompany(deps.db, c.get('user').id, idParam(c, 'company'));
    const targetId = idParam(c, 'user');
    // The profile is read through a company the target belongs to: another user id → 404.
    if (!(await userMemberships(deps.db, targetId)).some((m) => m.companyId === company.id))
      throw notFound(USER_NOT_FOUND);
    return c.json(await managedProfile(deps.db, c.get('user').id, targetId));
  });

  route(api.admin.grantable, {}, async (c) => c.json(await grantableCompanies(deps.db, c.get('user').id)));

  route(api.admin.create, {}, async (c, { body }) => c.json(await createManagedUser(deps, caller(c), body), 201));

  route(api.admin.updateAccess, {}, async (c, { body }) =>
    c.json(await updateAccess(deps, caller(c), idParam(c), idParam(c, 'company'), body)),
  );

  route(api.admin.setDisabled, {}, async (c, { body }) =>
    c.json(await setDisabled(deps, caller(c), idParam(c), body.disabled)),
  );

  // The company is the current one (X-Company-Id), as the spec's path names only the user.
  route(api.admin.remove, { company: true }, async (c) => {
    await removeFromCompany(deps, caller(c), c.get('company').id, idParam(c));
    return c.body(null, 204);
  });

  route(api.admin.audit, {}, async (c, { query }) => {
    const company = await managedCompany(deps.db, c.get('user').id, idParam(c, 'company'));
    return c.json(await auditPage(deps.db, company.id, query.page, query.pageSize));
  });

  return app;
}
