import type { Options } from 'ky';
import type { AnyEndpoint, BodyOf, ParamsOf, QueryOf, ResponseOf } from '../contract/endpoint';
import { pathOf } from '../contract/endpoint';
import type { MutationRequest } from '../data/outbox-types';
import { http } from './http';

// The typed client (decision 021): every call names its endpoint of the contract (src/contract),
// from which its path parameters, query, body and answer are typed. Over the one ky instance.

type ParamsArg<E> = ParamsOf<E> extends undefined ? { params?: undefined } : { params: ParamsOf<E> };
type QueryArg<E> = QueryOf<E> extends undefined ? { query?: undefined } : { query?: QueryOf<E> };
type BodyArg<E> = BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> };

/** What a call needs besides the endpoint: its parameters, query and body, and ky's options. */
export type CallArgs<E> = ParamsArg<E> & QueryArg<E> & BodyArg<E> & {
  /** Sent as X-Company-Id (otherwise the session's last company). */
  companyId?: number;
  options?: Omit<Options, 'json' | 'searchParams' | 'method'>;
};

/** The request's path under /api/, without the leading slash (ky's prefixUrl). */
export const callPath = (e: AnyEndpoint, params?: Record<string, string | number>) => pathOf(e.path, params).replace(/^\//, '');

function searchParams(query: unknown): Record<string, string | number | boolean> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return Object.fromEntries(entries) as Record<string, string | number | boolean>;
}

/** Calls the endpoint; resolves to its success answer (JSON parsed, a Blob for files, nothing for 204). */
export async function call<E extends AnyEndpoint>(e: E, args: CallArgs<E>): Promise<ResponseOf<E>> {
  const a = args as { params?: Record<string, string | number>; query?: unknown; body?: unknown; companyId?: number; options?: Options };
  const headers = new Headers(a.options?.headers as HeadersInit | undefined);
  if (a.companyId !== undefined) headers.set('x-company-id', String(a.companyId));
  const res = await http(callPath(e, a.params), {
    ...a.options,
    method: e.method,
    headers,
    searchParams: searchParams(a.query),
    ...(a.body !== undefined ? { json: a.body } : {}),
    // Mutations never retry here: the outbox owns retries (stack-notes).
    ...(e.method !== 'get' ? { retry: 0 } : {}),
  });
  const success = e.responses[res.status];
  if (success === null || res.status === 204) return undefined as ResponseOf<E>;
  if (success && 'file' in success) return (await res.blob()) as ResponseOf<E>;
  return (await res.json()) as ResponseOf<E>;
}

/** The same call as the whole Response (a file's name is in its headers). */
export async function callRaw<E extends AnyEndpoint>(e: E, args: CallArgs<E>): Promise<Response> {
  const a = args as { params?: Record<string, string | number>; query?: unknown; body?: unknown; companyId?: number; options?: Options };
  const headers = new Headers(a.options?.headers as HeadersInit | undefined);
  if (a.companyId !== undefined) headers.set('x-company-id', String(a.companyId));
  return http(callPath(e, a.params), {
    ...a.options, method: e.method, headers, searchParams: searchParams(a.query),
    ...(a.body !== undefined ? { json: a.body } : {}), ...(e.method !== 'get' ? { retry: 0 } : {}),
  });
}

type Queueable = AnyEndpoint & { offline: 'queue' };
type QueuedArgs<E> = ParamsArg<E> & BodyArg<E>;

/**
 * The method, path and body of a change for the outbox (submitMutation), from an endpoint the
 * contract lets wait offline: an 'online-only' endpoint does not type-check here.
 */
export function queued<E extends Queueable>(e: E, args: QueuedArgs<E>): Pick<MutationRequest, 'method' | 'path' | 'body'> {
  const a = args as { params?: Record<string, string | number>; body?: unknown };
  return { method: e.method.toUpperCase() as MutationRequest['method'], path: callPath(e, a.params), ...(a.body !== undefined ? { body: a.body } : {}) };
}
