import type { z } from 'zod';

// One endpoint of the API as both sides see it (decision 021): the server validates its request
// with these schemas and (in tests) its answer; the OpenAPI document is generated from them; the
// client derives its argument and result types from them. Pure data: zod and src/domain only.

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Whether the client may put a mutation in the outbox and replay it later ('queue'), or must only
 * send it while online and show the error at once ('online-only': sign-in, uploads, mails…).
 */
export type Offline = 'queue' | 'online-only';

/** A file answer (PDF, zip, a stored document): no JSON schema, a content type. */
export interface FileBody {
  readonly file: string;
  /** Other content types the same answer may carry (an export in PDF or CSV by a query parameter). */
  readonly also?: readonly string[];
}
export const file = (contentType: string, ...also: string[]): FileBody =>
  also.length ? { file: contentType, also } : { file: contentType };

/** A success answer: a JSON schema, a file, or null for 204 (no body). */
export type SuccessBody = z.ZodType | FileBody | null;

export interface Endpoint<
  P extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends Record<number, SuccessBody> = Record<number, SuccessBody>,
> {
  method: Method;
  /** Under /api, with :params. */
  path: P;
  summary: string;
  /** OpenAPI tag (the module). */
  tag: string;
  /** Default true: a bearer token is required. */
  auth?: boolean;
  /** A multipart/form-data upload (parts « file », field « category »): no JSON body schema. */
  multipart?: boolean;
  query?: Q;
  body?: B;
  /** The success answers by status: their body schema. */
  responses: R;
  /** The error answers this endpoint may give, with what they mean (body: the error shape). */
  errors?: Record<number, string>;
  /** Mutations only: may it wait in the outbox? */
  offline?: Offline;
}

export type AnyEndpoint = Endpoint<string, z.ZodType | undefined, z.ZodType | undefined, Record<number, SuccessBody>>;

/** Declares an endpoint, keeping its literal path and schemas in the type. */
export function endpoint<
  const P extends string,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  const R extends Record<number, SuccessBody> = Record<number, SuccessBody>,
  const O extends Offline | undefined = undefined,
>(e: Endpoint<P, Q, B, R> & { offline?: O }): Endpoint<P, Q, B, R> & { offline: O } {
  return e as Endpoint<P, Q, B, R> & { offline: O };
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters of an endpoint, by name. */
export type ParamsOf<E> = E extends { path: infer P extends string }
  ? [ParamNames<P>] extends [never]
    ? undefined
    : Record<ParamNames<P>, string | number>
  : never;

/* eslint-disable @typescript-eslint/no-explicit-any -- inference over any endpoint */
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

export type QueryOf<E> = E extends Endpoint<string, infer Q, any, any> ? InputOf<Q> : never;
export type BodyOf<E> = E extends Endpoint<string, any, infer B, any> ? InputOf<B> : never;
/** What the server's handler receives once validated. */
export type ParsedQueryOf<E> = E extends Endpoint<string, infer Q, any, any> ? OutputOf<Q> : never;
export type ParsedBodyOf<E> = E extends Endpoint<string, any, infer B, any> ? OutputOf<B> : never;

type SuccessOf<S> = S extends null ? void : S extends FileBody ? Blob : S extends z.ZodType ? z.output<S> : never;
/** The body of the endpoint's success answer(s). */
export type ResponseOf<E> = E extends { responses: infer R } ? SuccessOf<R[keyof R]> : never;

/** The path with its parameters filled in (URL-encoded). */
export function pathOf(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Paramètre « ${name} » manquant pour ${path}`);
    return encodeURIComponent(String(value));
  });
}

export const isMutation = (e: AnyEndpoint) => e.method !== 'get';
