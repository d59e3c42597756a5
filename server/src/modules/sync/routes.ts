import { api } from '../../../../src/contract/index';
import {
  AFTER_NOT_BEFORE,
  BATCH_TOO_LARGE,
  DUPLICATE_BATCH_KEY,
  MAX_BATCH_ITEMS,
  NOT_APPLIED_AFTER_FAILURE,
  type BatchAnswer,
} from '../../../../src/contract/sync';
import { BATCH_SESSIONS, type BatchSessions } from '../../http/auth-middleware';
import { HttpError } from '../../http/errors';
import { createModule } from '../../http/route';
import type { Deps } from '../../http/types';
import { lockUserKey } from '../users/service';
import { applyItem, type Dispatch } from './service';

/**
 * POST /api/sync/batch (decision 026): the outbox's queued changes in one request. Items run one
 * after the other, in the order given (so the changes of one document keep their order), each in
 * its own transaction with its own stored answer; one item's refusal does not stop the others,
 * except the items that name it as the change they come `after` (decision 033).
 * `dispatch` is the app itself (app.fetch): given by createApp, which mounts this module.
 */
export function syncBatchModule(deps: Deps, dispatch: Dispatch) {
  const { app, route } = createModule(deps, '/api', 'Synchronisation');

  // 'own': no transaction around the batch; each item opens its own through its route (decision 007).
  route(api.sync.batch, { transaction: 'own' }, async (c, { body }) => {
    if (body.items.length > MAX_BATCH_ITEMS) throw new HttpError(413, BATCH_TOO_LARGE);
    const keys = new Set(body.items.map((i) => i.key));
    if (keys.size !== body.items.length) throw new HttpError(422, DUPLICATE_BATCH_KEY, { field: 'items' });
    const earlier = new Set<string>();
    for (const item of body.items) {
      if (item.after !== undefined && !earlier.has(item.after))
        throw new HttpError(422, AFTER_NOT_BEFORE, { field: 'items' });
      earlier.add(item.key);
    }
    const items: BatchAnswer[] = [];
    const applied = new Set<string>();
    // The items are this one request: they share its session check (auth-middleware.ts).
    const env = { ...(c.env as object), [BATCH_SESSIONS]: new Map() satisfies BatchSessions };
    for (const [index, item] of body.items.entries()) {
      // A document's changes keep their order (decision 033): one whose previous change was not
      // applied is not tried either; its key stays unused, so it is sent again later.
      const answer =
        item.after !== undefined && !applied.has(item.after)
          ? { key: item.key, status: 424, body: { message: NOT_APPLIED_AFTER_FAILURE } }
          : await applyItem(c, dispatch, item, index, env);
      if (answer.status >= 200 && answer.status < 300) applied.add(item.key);
      items.push(answer);
    }
    // The items committed without waiting for the disk (idempotency.ts): one synchronous commit
    // flushes the log up to it, theirs included, before any of their answers leaves. A crash
    // before it loses whole items, never part of one, and the device still holds them.
    if (deps.commitsWaitForDisk) await flushCommits(deps, c.get('user').id);
    return c.json({ items });
  });

  return app;
}

/**
 * A synchronous commit that wrote to the log: PostgreSQL flushes the log up to it, the items' async
 * commits included. A transaction that only took an id writes no record before its commit, and its
 * commit does not wait; a row lock is logged (lockUserKey).
 */
async function flushCommits(deps: Deps, userId: number): Promise<void> {
  await deps.db.transaction((tx) => lockUserKey(tx, userId));
}
