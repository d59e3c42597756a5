import { api } from '../../../../src/contract/index';
import { BATCH_TOO_LARGE, MAX_BATCH_ITEMS, type BatchAnswer } from '../../../../src/contract/sync';
import { BATCH_SESSIONS, type BatchSessions } from '../../http/auth-middleware';
import { HttpError } from '../../http/errors';
import { createModule } from '../../http/route';
import type { Deps } from '../../http/types';
import { applyItem, type Dispatch } from './apply-item';

const DUPLICATE_KEY = 'Deux modifications du lot portent la même clé d’idempotence.';

/**
 * POST /api/sync/batch (decision 026): the outbox's queued changes in one request. Items run one
 * after the other, in the order given (so the changes of one document keep their order), each in
 * its own transaction with its own stored answer; one item's refusal does not stop the others.
 * `dispatch` is the app itself (app.fetch): given by createApp, which mounts this module.
 */
export function syncBatchModule(deps: Deps, dispatch: Dispatch) {
  const { app, route } = createModule(deps, '/api', 'Synchronisation');

  // 'own': no transaction around the batch; each item opens its own through its route (decision 007).
  route(api.sync.batch, { transaction: 'own' }, async (c, { body }) => {
    if (body.items.length > MAX_BATCH_ITEMS) throw new HttpError(413, BATCH_TOO_LARGE);
    const keys = new Set(body.items.map((i) => i.key));
    if (keys.size !== body.items.length) throw new HttpError(422, DUPLICATE_KEY, { field: 'items' });
    const items: BatchAnswer[] = [];
    // The items are this one request: they share its session check (auth-middleware.ts).
    const env = { ...(c.env as object), [BATCH_SESSIONS]: new Map() satisfies BatchSessions };
    for (const [index, item] of body.items.entries()) items.push(await applyItem(c, dispatch, item, index, env));
    return c.json({ items });
  });

  return app;
}
