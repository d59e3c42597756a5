import { sql } from 'drizzle-orm';
import { api } from '../../../../src/contract/index';
import { NOT_READY_DATABASE, NOT_READY_STOPPING } from '../../../../src/contract/health';
import { HttpError } from '../../http/errors';
import { createModule } from '../../http/route';
import type { Deps } from '../../http/types';

/** How long readiness waits for the database before saying it does not answer. */
const DATABASE_CHECK_MS = 2_000;

/**
 * GET /api/health/live and /api/health/ready (issue 13): liveness never touches the database (a
 * slow database must not get the process restarted); readiness runs one trivial query, and says
 * 503 from the moment the server starts stopping, so a load balancer sends its traffic elsewhere
 * while the requests under way finish (server.ts, close).
 */
export function healthModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Santé du service');

  route(api.health.live, {}, (c) => c.json({ status: 'ok' as const }));

  route(api.health.ready, {}, async (c) => {
    if (deps.state.stopping) throw new HttpError(503, NOT_READY_STOPPING, { headers: { 'Retry-After': '5' } });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), DATABASE_CHECK_MS)),
    );
    const answer = await Promise.race([deps.db.execute(sql`select 1`).then(() => 'ok' as const), timeout]).catch(
      () => 'failed' as const,
    );
    clearTimeout(timer);
    if (answer !== 'ok') throw new HttpError(503, NOT_READY_DATABASE, { headers: { 'Retry-After': '5' } });
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' as const, database: 'ok' as const });
  });

  return app;
}
