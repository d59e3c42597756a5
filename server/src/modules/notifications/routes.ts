import { z } from 'zod';
import { createModule } from '../../http/route';
import { forbidden, notFound } from '../../http/errors';
import { idParam } from '../../http/validate';
import type { Deps } from '../../http/types';
import { findNotification, listNotifications, markRead, refreshNotifications, resetCounter } from './service';

const NOT_FOUND = 'Cette notification est introuvable.';

/** Spec 7.4. The user and company in the paths must be the caller and the scoped company. */
export function notificationsModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Notifications');
  const assertSelf = (c: Parameters<Parameters<typeof route>[3]>[0]) => {
    if (idParam(c, 'user') !== c.get('user').id) throw forbidden('Vous ne pouvez consulter que vos propres notifications.');
    if (idParam(c, 'company') !== c.get('company').id) throw forbidden('Vous n’êtes pas membre de cette société.');
  };

  route('get', '/notifications', {
    summary: 'Notifications de l’utilisateur dans la société, par page',
    company: true,
    query: z.object({ pageId: z.coerce.number().int().min(1).max(100_000).default(1), pageSize: z.coerce.number().int().min(1).max(100).default(20) }),
  }, async (c, { query }) => c.json(await listNotifications(deps.db, c.get('user').id, c.get('company').id, query.pageId, query.pageSize)));

  route('get', '/notifications/refresh/user/:user/company/:company', { summary: 'Dernières notifications et compteur de la cloche', company: true }, async (c) => {
    assertSelf(c);
    return c.json(await refreshNotifications(deps.db, c.get('user').id, c.get('company').id));
  });

  route('put', '/notifications/reset/user/:user/company/:company', { summary: 'Remet le compteur de la cloche à zéro', company: true }, async (c) => {
    assertSelf(c);
    await resetCounter(deps.db, c.get('user').id, c.get('company').id, deps.now());
    return c.json({ notificationsCount: 0 });
  });

  route('get', '/notifications/:id', { summary: 'Une notification', company: true }, async (c) => {
    const found = await findNotification(deps.db, c.get('user').id, c.get('company').id, idParam(c));
    if (!found) throw notFound(NOT_FOUND);
    return c.json(found);
  });

  route('put', '/notifications/:id', {
    summary: 'Marque une notification comme lue (readAt) ou non lue (null)',
    company: true,
    body: z.object({ readAt: z.iso.datetime({ offset: true }).nullable() }),
  }, async (c, { body }) => {
    const updated = await markRead(deps.db, c.get('user').id, c.get('company').id, idParam(c), body.readAt ? new Date(body.readAt) : null);
    if (!updated) throw notFound(NOT_FOUND);
    return c.json(updated);
  });

  return app;
}
