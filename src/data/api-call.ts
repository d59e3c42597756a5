import type { Options } from 'ky';
import type { AnyEndpoint, BodyOf, ParamsOf, QueryOf, ResponseOf } from '../contract/endpoint';
import { pathOf } from '../contract/endpoint';
import type { MutationRequest } from './outbox-types';
import { bodyToWire, type WIRE_NAMES } from '../domain/wire-names';
import { http } from '../lib/http';

// The typed client (decision 021): every call names its endpoint of the contract (src/contract),
// from which its path parameters, query, body and answer are typed. Over the one ky instance.
// The contract speaks the wire (the spec's misspelled names: payementMode, adress…); the app speaks
// the domain's names, renamed at the transport (src/domain/wire-names.ts): hence Domain<…> below.

type Names = typeof WIRE_NAMES;
type DomainOf<W> = { [D in keyof Names]: Names[D] extends W ? D : never }[keyof Names];
/** A wire shape in the domain's names, at every depth (what fromWireDeep gives). */
export type Domain<T> = T extends Blob
  ? T
  : T extends readonly (infer U)[]
    ? Domain<U>[]
    : T extends object
      ? { [K in keyof T as K extends Names[keyof Names] ? DomainOf<K> : K]: Domain<T[K]> }
      : T;
/** The answer of an endpoint as the app reads it. */
export type Answer<E> = Domain<ResponseOf<E>>;

type ParamsArg<E> = ParamsOf<E> extends undefined ? { params?: undefined } : { params: ParamsOf<E> };
type QueryArg<E> = QueryOf<E> extends undefined ? { query?: undefined } : { query?: QueryOf<E> };
type BodyArg<E> = BodyOf<E> extends undefined ? { body?: undefined } : { body: Domain<BodyOf<E>> };

/** What a call needs besides the endpoint: its parameters, query and body, and ky's options. */
export type CallArgs<E> = ParamsArg<E> &
  QueryArg<E> &
  BodyArg<E> & {
    /** Sent as X-Company-Id (otherwise the session's last company). */
    companyId?: number;
    options?: Omit<Options, 'json' | 'searchParams' | 'method'>;
  };

/** The request's path under /api/, without the leading slash (ky's prefixUrl). */
export const callPath = (e: AnyEndpoint, params?: Record<string, string | number>) =>
  pathOf(e.path, params).replace(/^\//, '');

function searchParams(query: unknown): Record<string, string | number | boolean> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query as Record<string, unknown>).filter(
    ([, v]) => v !== undefined && v !== null && v !== '',
  );
  return Object.fromEntries(entries) as Record<string, string | number | boolean>;
}

/** Calls the endpoint; resolves to its success answer (JSON parsed, a Blob for files, nothing for 204). */
export async function call<E extends AnyEndpoint>(e: E, args: CallArgs<E>): Promise<Answer<E>> {
  const a = args as {
    params?: Record<string, string | number>;
    query?: unknown;
    body?: unknown;
    companyId?: number;
    options?: Options;
  };
  const headers = new Headers(a.options?.headers as HeadersInit | undefined);
  if (a.companyId !== undefined) headers.set('x-company-id', String(a.companyId));
  const res = await callRaw(e, args);
  const success = e.responses[res.status];
  if (success === null || res.status === 204) return undefined as Answer<E>;
  if (success && 'file' in success) return (await res.blob()) as Answer<E>;
  // http's parseJson gives the domain's names (fromWireDeep).
  return (await res.json()) as Answer<E>;
}

/** The same call as the whole Response (a file's name is in its headers). */
export async function callRaw<E extends AnyEndpoint>(e: E, args: CallArgs<E>): Promise<Response> {
  const a = args as {
    params?: Record<string, string | number>;
    query?: unknown;
    body?: unknown;
    companyId?: number;
    options?: Options;
  };
  const headers = new Headers(a.options?.headers as HeadersInit | undefined);
  if (a.companyId !== undefined) headers.set('x-company-id', String(a.companyId));
  const path = callPath(e, a.params);
  return http(path, {
    ...a.options,
    method: e.method,
    headers,
    searchParams: searchParams(a.query),
    ...(a.body !== undefined ? { json: bodyToWire(path, a.body) } : {}),
    // Mutations never retry here: the outbox owns retries (stack-notes).
    ...(e.method !== 'get' ? { retry: 0 } : {}),
  });
}

type Queueable = AnyEndpoint & { offline: 'queue' };
type QueuedArgs<E> = ParamsArg<E> & BodyArg<E>;

/**
 * The method, path and body of a change for the outbox (submitMutation), from an endpoint the
 * contract lets wait offline: an 'online-only' endpoint does not type-check here. The body stays in
 * the domain's names: the outbox's sender renames it for the wire (send.ts).
 */
export function queued<E extends Queueable>(
  e: E,
  args: QueuedArgs<E>,
): Pick<MutationRequest, 'method' | 'path' | 'body'> {
  const a = args as { params?: Record<string, string | number>; body?: unknown };
  return {
    method: e.method.toUpperCase() as MutationRequest['method'],
    path: callPath(e, a.params),
    ...(a.body !== undefined ? { body: a.body } : {}),
  };
}
