import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../../http/types';
import { companyRoutes } from './routes';

/** Decision 046: the company's legal details (the seller's mentions printed on every invoice). */
export function companyModule(deps: Deps): Hono<AppEnv> {
  return companyRoutes(deps);
}
