import { api } from '../../../../src/contract/index';
import { createModule } from '../../http/route';
import { forbidden, notFound } from '../../http/errors';
import { idParam } from '../../http/validate';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../http/types';
import { findNotification, listNotifications, markRead, refreshNotifications, resetCounter } from './service';
import { readPreferences, savePreferences } from './preferences';

const NOT_FOUND = 'Cette notification est introuvable.';

/** NOTIF-6: the user and company in the paths must be the caller and the scoped company. */
export function notificationsModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Notifications');
  const assertSelf = (c: Context<AppEnv>) => {
    if (idParam(c, 'user') !== c.get('user').id)
      throw forbidden('Vous ne pouvez consulter que vos propres notifications.');
    if (idParam(c, 'company') !== c.get('company').id) throw forbidden('Vous n’êtes pas membre de cette société.');
  };

  route(api.notifications.list, { company: true }, async (c, { query }) =>
    c.json(await listNotifications(deps.db, c.get('user').id, c.get('company').id, query.pageId, query.pageSize)),
  );

  route(api.notifications.refresh, { company: true }, async (c) => {
    assertSelf(c);
    return c.json(await refreshNotifications(deps.db, c.get('user').id, c.get('company').id));
  });

  route(api.notifications.reset, { company: true }, async (c) => {
    assertSelf(c);
    await resetCounter(deps.db, c.get('user').id, c.get('company').id, deps.now());
    return c.json({ notificationsCount: 0 });
  });

  // Before /notifications/:id, which would otherwise take « preferences » for an id (decision 042: the
  // PUT answered a wrong 400).
  route(api.notifications.getPreferences, { company: true }, async (c) =>
    c.json(await readPreferences(deps.db, c.get('user').id, c.get('company').id)),
  );

  route(api.notifications.putPreferences, { company: true }, async (c, { body }) =>
    c.json(await savePreferences(deps.db, c.get('user').id, c.get('company').id, body)),
  );

  route(api.notifications.get, { company: true }, async (c) => {
    const found = await findNotification(deps.db, c.get('user').id, c.get('company').id, idParam(c));
    if (!found) throw notFound(NOT_FOUND);
    return c.json(found);
  });

  route(api.notifications.markRead, { company: true }, async (c, { body }) => {
    const updated = await markRead(
      deps.db,
      c.get('user').id,
      c.get('company').id,
      idParam(c),
      body.readAt ? new Date(body.readAt) : null,
    );
    if (!updated) throw notFound(NOT_FOUND);
    return c.json(updated);
  });

  return app;
}
