import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../http/types';
import { inboxModule } from '../inbox/index';
import { documentsModule } from './routes';

/** Documents (GED) and the inbox, mounted together (decision 004). */
export function documentsAndInboxModule(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.route('/', documentsModule(deps));
  app.route('/', inboxModule(deps));
  return app;
}
