import type { Context } from 'hono';
import { findEndpoint } from '../../../../src/contract/match';
import type { BatchAnswer, BatchItem } from '../../../../src/contract/sync';
import { cachedText } from '../../http/cached-body';
import type { AppEnv } from '../../http/types';
import { itemRequest } from '../../http/item-request';

// The sync module's service (it has no table): one item of a batch, sent through the app itself
// (decision 026): the very request the client would have sent alone — same path, session,
// X-Company-Id, Idempotency-Key and JSON text — so the route's rights, validation, transaction and
// stored answer are the one path, and a later single send (or a retried batch) of that change is
// answered from the same stored answer.

/** Runs a request through the whole app (app.fetch), with the batch's own environment. */
export type Dispatch = (request: Request, env: unknown) => Promise<Response>;

export const NOT_BATCHABLE =
  'Cette modification ne peut pas être envoyée dans un lot : envoyez-la seule (elle n’est pas admise en file d’attente).';

export async function applyItem(
  c: Context<AppEnv>,
  dispatch: Dispatch,
  item: BatchItem,
  index: number,
  env: unknown,
): Promise<BatchAnswer> {
  const endpoint = findEndpoint(item.method, item.path);
  // Only what the contract lets wait in the outbox, and never a file (its body is multipart).
  if (!endpoint || endpoint.offline !== 'queue' || endpoint.multipart)
    return { key: item.key, status: 422, body: { message: NOT_BATCHABLE } };
  const headers = new Headers({
    accept: 'application/json',
    authorization: c.req.header('authorization') ?? '',
    'idempotency-key': item.key,
    'x-request-id': `${c.get('requestId')}.${index + 1}`,
  });
  const company = item.companyId ?? c.req.header('x-company-id');
  if (company !== undefined) headers.set('x-company-id', String(company));
  const text = item.body === undefined ? undefined : JSON.stringify(item.body);
  if (text !== undefined) {
    headers.set('content-type', 'application/json');
    // Its length, as a client's request carries it (the body limit, app.ts, let the batch's own body
    // through already).
    headers.set('content-length', String(Buffer.byteLength(text)));
  }
  const url = new URL(`/api/${item.path}`, c.req.url).href;
  const res = await dispatch(itemRequest(url, item.method, headers, text), env);
  const answer: BatchAnswer = { key: item.key, status: res.status, body: await bodyOf(res) };
  const retryAfter = Number(res.headers.get('retry-after'));
  if (res.headers.has('retry-after') && Number.isFinite(retryAfter)) answer.retryAfter = retryAfter;
  return answer;
}

async function bodyOf(res: Response): Promise<unknown> {
  const cached = cachedText(res);
  const text = cached !== undefined ? (cached ?? '') : await res.text();
  if (res.status === 204 || !text) return null;
  if (!(res.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
