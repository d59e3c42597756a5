import { api } from '../../../../src/contract/index';
import {
  NOT_READY_DATABASE,
  NOT_READY_STOPPING,
  NOT_READY_STORAGE_FAILED,
  NOT_READY_STORAGE_FULL,
  NOT_READY_STORAGE_UNWRITABLE,
} from '../../../../src/contract/health';
import { HttpError } from '../../http/errors';
import { createModule } from '../../http/route';
import type { Deps } from '../../http/types';
import { probeStorage } from '../documents/service';
import { pingDatabase } from './service';

/** How long readiness waits for the database, then for the probe write, before saying it does not answer. */
const CHECK_MS = 2_000;

/** `work`'s outcome, or `late` once CHECK_MS have passed. */
async function within<T, L>(work: Promise<T>, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<L>((resolve) => (timer = setTimeout(() => resolve(late), CHECK_MS)));
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const NOT_READY_STORAGE = {
  full: NOT_READY_STORAGE_FULL,
  unwritable: NOT_READY_STORAGE_UNWRITABLE,
  unverified: NOT_READY_STORAGE_FAILED,
  failed: NOT_READY_STORAGE_FAILED,
} as const;
const notReady = (message: string) => new HttpError(503, message, { headers: { 'Retry-After': '5' } });

/**
 * GET /api/health/live and /api/health/ready (decision 034): liveness never touches the database (a
 * slow database must not get the process restarted); readiness runs one trivial query and a small
 * probe write into the data folder (kept a few seconds, decision 077: on a full or read-only disk
 * every write would fail), and says 503 from the moment the server starts stopping, so a load
 * balancer sends its traffic elsewhere while the requests under way finish (server.ts, close).
 */
export function healthModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Santé du service');

  route(api.health.live, {}, (c) => c.json({ status: 'ok' as const }));

  route(api.health.ready, {}, async (c) => {
    if (deps.state.stopping) throw notReady(NOT_READY_STOPPING);
    const answer = await within(
      pingDatabase(deps.db).then(() => 'ok' as const),
      'timeout' as const,
    ).catch(() => 'failed' as const);
    if (answer !== 'ok') throw notReady(NOT_READY_DATABASE);
    // A disk that does not answer in time is as unusable as one that refuses.
    const storage = await within(probeStorage(deps), 'failed' as const);
    if (storage) throw notReady(NOT_READY_STORAGE[storage]);
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' as const, database: 'ok' as const, storage: 'ok' as const });
  });

  return app;
}
