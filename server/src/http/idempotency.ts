import type { Context, MiddlewareHandler } from 'hono';
import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx, Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import { sha256 } from '../modules/auth/passwords';
import { HttpError } from './errors';
import type { AppEnv } from './types';

export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
const inFlight = new Set<string>();
// Answers that say "try again" are not kept: the same key must be able to succeed later.
const NOT_STORED = new Set([401, 408, 429, 503]);

/**
 * api-conventions.md: the first answer for (user, key) is stored and returned again for the same
 * key and request, without redoing the work; the same key with another request → 422.
 */
export function idempotency(db: Db, opts: { hashBody: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (!key) return next();
    if (!KEY_PATTERN.test(key)) throw new HttpError(400, 'L’en-tête Idempotency-Key est invalide (8 à 128 caractères alphanumériques).', { field: 'Idempotency-Key' });
    const user = c.get('user');
    const body = opts.hashBody ? await c.req.text() : '';
    const requestHash = sha256(`${c.req.method} ${c.req.path} ${c.req.header('x-company-id') ?? ''} ${body}`);
    const stored = await findStored(db, user.id, key);
    if (stored) {
      if (stored.requestHash !== requestHash) throw new HttpError(422, 'Cette clé d’idempotence a déjà servi pour une autre requête.');
      return replay(stored);
    }
    const flightKey = `${user.id}:${key}`;
    if (inFlight.has(flightKey)) throw new HttpError(503, 'Cette opération est déjà en cours de traitement, réessayez dans un instant.', { headers: { 'Retry-After': '2' } });
    inFlight.add(flightKey);
    try {
      c.set('idempotency', { key, requestHash });
      await next();
      if (c.get('idempotencyRecorded') || NOT_STORED.has(c.res.status) || c.res.status >= 500) return;
      const res = c.res.clone();
      await store(db, user.id, key, requestHash, res.status, res.headers.get('content-type'), await bodyOf(res));
    } finally {
      inFlight.delete(flightKey);
    }
  };
}

/** Called by a handler inside its own transaction so the work and its stored answer commit together. */
export async function recordIdempotentResponse(tx: DbOrTx, c: Context<AppEnv>, status: number, json: unknown): Promise<void> {
  const idem = c.get('idempotency');
  if (!idem) return;
  await store(tx, c.get('user').id, idem.key, idem.requestHash, status, 'application/json; charset=utf-8', JSON.stringify(json));
  c.set('idempotencyRecorded', true);
}

async function findStored(db: Db, userId: number, key: string) {
  const rows = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))).limit(1);
  const row = rows[0];
  if (!row || row.createdAt.getTime() < Date.now() - IDEMPOTENCY_TTL_HOURS * 3_600_000) return null;
  return row;
}

async function store(db: DbOrTx, userId: number, key: string, requestHash: string, status: number, contentType: string | null, body: string) {
  await db.insert(idempotencyKeys).values({ userId, key, requestHash, status, contentType, body }).onConflictDoNothing();
}

async function bodyOf(res: Response): Promise<string> {
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json') || type.startsWith('text/')) return res.text();
  return `base64:${Buffer.from(await res.arrayBuffer()).toString('base64')}`;
}

function replay(row: { status: number; contentType: string | null; body: string }): Response {
  const headers = new Headers({ 'Idempotent-Replay': 'true' });
  if (row.contentType) headers.set('content-type', row.contentType);
  const body = row.body.startsWith('base64:') ? Buffer.from(row.body.slice(7), 'base64') : row.body;
  return new Response(row.status === 204 ? null : body, { status: row.status, headers });
}

export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3_600_000)));
}
