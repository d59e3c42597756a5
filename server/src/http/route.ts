import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { Permission } from '../../../src/domain/rights';
import { registerOperation } from './openapi';
import { parseWith, readJson } from './validate';
import type { AppEnv, Deps } from './types';
import { requireAuth, requireAuthAndCompany, requireCompany, requireRight } from './auth-middleware';
import { idempotency } from './idempotency';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteOptions<B extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  summary: string;
  body?: B;
  query?: Q;
  /** Default true: the bearer token is checked. */
  auth?: boolean;
  /** Company-scoped call: X-Company-Id (or the last company) must be one of the user's. */
  company?: boolean;
  right?: { menu: string; child?: string; permission: Permission };
  multipart?: boolean;
  /**
   * How a mutation meets the database (decision 007). 'request' (default): the handler runs in one
   * transaction that also stores its Idempotency-Key answer — both commit or neither does; `deps.db`
   * is that transaction inside the handler. 'own' (always for multipart): the handler does slow work
   * outside the database (a streamed upload, a mail, a zip, a PDF preview), so no transaction is held
   * for it; when it changes data it stores its answer with recordIdempotentResponse in the
   * transaction of that change (reserveIdempotencyKey before a mail, matchUploadKey for files).
   */
  transaction?: 'request' | 'own';
  responses?: Record<number, string>;
}

type Input<B, Q> = { body: B extends z.ZodType ? z.output<B> : undefined; query: Q extends z.ZodType ? z.output<Q> : undefined };

/**
 * A module's routes: every route validates its input with zod and registers itself in the
 * OpenAPI document under its full path, so the contract is generated from the validators.
 */
export function createModule(deps: Deps, prefix: string, tag: string) {
  const app = new Hono<AppEnv>();

  function route<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
    method: Method,
    path: string,
    opts: RouteOptions<B, Q>,
    handler: (c: Context<AppEnv>, input: Input<B, Q>) => Response | Promise<Response>,
  ) {
    const auth = opts.auth ?? true;
    const fullPath = `${prefix}${path === '/' ? '' : path}`;
    registerOperation({ method, path: fullPath, summary: opts.summary, tags: [tag], body: opts.body, query: opts.query, auth, multipart: opts.multipart, responses: opts.responses });
    const chain: MiddlewareHandler<AppEnv>[] = [];
    const company = !!(opts.company || opts.right);
    // One query for the session and the membership when both are needed (issue 12, decision 015).
    if (auth && company) chain.push(requireAuthAndCompany(deps));
    else if (auth) chain.push(requireAuth(deps));
    else if (company) chain.push(requireCompany(deps));
    if (opts.right) chain.push(requireRight(opts.right.menu, opts.right.permission, opts.right.child));
    const ownTransactions = opts.multipart || opts.transaction === 'own';
    if (auth && method !== 'get') chain.push(idempotency(deps, { multipart: !!opts.multipart, transaction: !ownTransactions }));
    const run = async (c: Context<AppEnv>) => {
      const body = opts.body ? parseWith(opts.body, await readJson(c)) : undefined;
      const query = opts.query ? parseWith(opts.query, c.req.query()) : undefined;
      return handler(c, { body, query } as Input<B, Q>);
    };
    app.on([method.toUpperCase()], [fullPath], ...(chain as []), run as never);
  }

  return { app, route };
}
