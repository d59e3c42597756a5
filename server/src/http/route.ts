import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AnyEndpoint, Method, ParsedBodyOf, ParsedQueryOf } from '../../../src/contract/endpoint';
import type { Child, Menu, Permission } from '../../../src/domain/rights';
import { checkResponse } from './response-check';
import { parseWith, readJson } from './validate';
import type { AppEnv, Deps } from './types';
import { requireAuth, requireAuthAndCompany, requireCompany, requireRight } from './auth-middleware';
import { idempotency } from './idempotency';

/** What only the server knows about a route: who may call it and how it meets the database. */
export interface RouteOptions {
  /** Company-scoped call: X-Company-Id (or the last company) must be one of the user's. */
  company?: boolean;
  right?: { menu: Menu; child?: Child; permission: Permission };
  /**
   * How a mutation meets the database (decision 007). 'request' (default): the handler runs in one
   * transaction that also stores its Idempotency-Key answer — both commit or neither does; `deps.db`
   * is that transaction inside the handler. 'own' (always for multipart): the handler does slow work
   * outside the database (a streamed upload, a mail, a zip, a PDF preview), so no transaction is held
   * for it; when it changes data it stores its answer with recordIdempotentResponse in the
   * transaction of that change (reserveIdempotencyKey before a mail, matchUploadKey for files).
   */
  transaction?: 'request' | 'own';
  /** Other paths answering the same way (a spec typo kept for old clients); not in the contract. */
  aliases?: string[];
}

/** An ad-hoc route outside the contract (tests of the middleware only). */
export interface AdHocOptions<B extends z.ZodType | undefined, Q extends z.ZodType | undefined> extends RouteOptions {
  summary: string;
  body?: B;
  query?: Q;
  auth?: boolean;
}

export type RouteInput<E> = { body: ParsedBodyOf<E>; query: ParsedQueryOf<E> };
export type RouteHandler<E> = (c: Context<AppEnv>, input: RouteInput<E>) => Response | Promise<Response>;

/**
 * A module's routes, each declared by its endpoint of the contract (src/contract, decision 021):
 * the request is validated with the endpoint's schemas before the handler runs, and in tests every
 * answer is checked against the endpoint's response schemas (response-check.ts).
 */
export function createModule(deps: Deps, prefix: string, _tag?: string) {
  const app = new Hono<AppEnv>();

  function mount(
    method: Method,
    paths: string[],
    e: Pick<AnyEndpoint, 'auth' | 'body' | 'query' | 'multipart'>,
    opts: RouteOptions,
    run: (c: Context<AppEnv>, input: { body: unknown; query: unknown }) => Response | Promise<Response>,
  ) {
    const auth = e.auth ?? true;
    const chain: MiddlewareHandler<AppEnv>[] = [];
    const company = !!(opts.company || opts.right);
    // One query for the session and the membership when both are needed (decision 015).
    if (auth && company) chain.push(requireAuthAndCompany(deps));
    else if (auth) chain.push(requireAuth(deps));
    else if (company) chain.push(requireCompany(deps));
    if (opts.right) chain.push(requireRight(opts.right.menu, opts.right.permission, opts.right.child));
    const ownTransactions = e.multipart || opts.transaction === 'own';
    if (auth && method !== 'get')
      chain.push(idempotency(deps, { multipart: !!e.multipart, transaction: !ownTransactions }));
    const handle = async (c: Context<AppEnv>) => {
      const body = e.body ? parseWith(e.body, await readJson(c)) : undefined;
      const query = e.query ? parseWith(e.query, c.req.query()) : undefined;
      return run(c, { body, query });
    };
    const full = paths.map((p) => `${prefix}${p === '/' ? '' : p}`);
    app.on([method.toUpperCase()], full, ...(chain as []), handle as never);
  }

  function route<E extends AnyEndpoint>(e: E, opts: RouteOptions, handler: RouteHandler<E>): void {
    mount(e.method, [e.path, ...(opts.aliases ?? [])], e, opts, async (c, input) => {
      const res = await handler(c, input as RouteInput<E>);
      return checkResponse(e, c, res);
    });
  }

  /** A route outside the contract: only for tests of the middleware itself. */
  function adHoc<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
    method: Method,
    path: string,
    opts: AdHocOptions<B, Q>,
    handler: (
      c: Context<AppEnv>,
      input: {
        body: B extends z.ZodType ? z.output<B> : undefined;
        query: Q extends z.ZodType ? z.output<Q> : undefined;
      },
    ) => Response | Promise<Response>,
  ) {
    mount(method, [path], opts, opts, handler as never);
  }

  return { app, route, adHoc };
}

export type Route = ReturnType<typeof createModule>['route'];
