import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../../http/types';
import type { IncomingEntries } from './incoming';
import { platformRoutes } from './routes';

/**
 * Decision 088: the company's approved platform (settings, health check, webhook, transmissions).
 * What it needs of « Factures reçues » (and of the statuses, once there) is passed in by
 * server/src/modules/index.ts; its worker is started by server.ts (worker.ts).
 */
export function platformModule(deps: Deps, entries: IncomingEntries): Hono<AppEnv> {
  return platformRoutes(deps, entries);
}
export { enqueueFlow, type FlowKind, type NewFlow } from './service';
export { startPlatformWorker, type PlatformWorker } from './worker';
export type { IncomingEntries, StatusHandler } from './incoming';
