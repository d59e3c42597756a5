import type { Context, MiddlewareHandler, Next } from 'hono';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Db } from '../db/client';
import { builtOnce } from '../db/built-once';
import { isTransactionAborted } from '../db/errors';
import { inTransaction, requestTransaction } from '../db/request-tx';
import { idempotencyKeys } from '../db/schema/index';
import { sha256 } from './sha256';
import { cachedText } from './cached-body';
import { isItemRequest } from './item-request';
import { HttpError } from './errors';
import type { AppEnv, Deps, StoredAnswer } from './types';

export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
// Answers that say "try again" are not kept: the same key must be able to succeed later.
const NOT_STORED = new Set([401, 408, 429, 503]);
/** Status of a key whose handler started an effect outside the database (a mail) and has not answered. */
const IN_PROGRESS = 0;

export const KEY_REUSED = 'Cette clé d’idempotence a déjà servi pour une autre requête.';
export const INTERRUPTED =
  'Cette opération a été interrompue avant sa réponse : son résultat est incertain. Vérifiez-le avant de la refaire.';

export interface IdempotencyOptions {
  /** Multipart body: its hash covers the received files, computed by the handler (matchUploadKey). */
  multipart: boolean;
  /** The handler runs in the request transaction that also stores its answer (decision 007). */
  transaction: boolean;
}

/**
 * api-conventions.md: the first answer for (user, company, key) is stored and returned again for
 * the same key and request, without redoing the work; the same key with another request → 422.
 * With `transaction`, the handler's work and the stored answer commit together: a crash anywhere
 * leaves either nothing (the replay does the work once) or both (the replay gets the answer).
 */
export function idempotency(deps: Deps, opts: IdempotencyOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key && !KEY_PATTERN.test(key))
      throw new HttpError(400, 'L’en-tête Idempotency-Key est invalide (8 à 128 caractères alphanumériques).', {
        field: 'Idempotency-Key',
      });
    // Read before any transaction opens: a slow client never holds the database.
    const body = opts.multipart ? '' : await c.req.text();
    if (!key) return opts.transaction ? atomically(deps, c, next, false) : next();
    const scope = { userId: c.get('user').id, companyId: c.get('company')?.id ?? 0, key };
    const baseHash = `${c.req.method} ${c.req.path} ${c.req.header('x-company-id') ?? ''}`;
    const requestHash = opts.multipart ? null : sha256(`${baseHash} ${body}`);
    const flightKey = flightKeyOf(scope);
    const at = deps.now();
    const inFlight = deps.state.inFlight; // this server's requests under way (server-state.ts)
    // A route whose work and answer commit together learns of an earlier answer when it stores its
    // own (then rolled back, decision 055): one statement less for every change of a replay, where
    // a key that already has an answer is the rare case.
    const storesOrFinds = opts.transaction && requestHash !== null;
    const stored = storesOrFinds ? null : await findStored(deps.db, scope, at);
    if (stored) {
      const earlier = await answerOf(deps, stored, requestHash, flightKey);
      if (earlier) return earlier;
    }
    if (inFlight.has(flightKey)) throw busy();
    inFlight.add(flightKey);
    try {
      c.set('idempotency', { ...scope, baseHash, requestHash, stored, at });
      if (opts.transaction) {
        const earlier = await atomically(deps, c, next, true, storesOrFinds);
        if (earlier) return answerInstead(c, earlier);
      } else {
        await next();
        await saveAnswer(c, deps.db);
      }
    } finally {
      inFlight.delete(flightKey);
      await c.get('idempotencyHold')?.();
    }
  };
}

/**
 * What an earlier request with this key means for this one: another request's key (422), a request
 * still running (503) or interrupted (409), else its answer again. null: a multipart route, which
 * compares the files it receives first (matchUploadKey).
 */
async function answerOf(
  deps: Deps,
  stored: StoredAnswer,
  requestHash: string | null,
  flightKey: string,
): Promise<Response | null> {
  if (requestHash !== null && stored.requestHash !== requestHash) throw new HttpError(422, KEY_REUSED);
  if (stored.status === IN_PROGRESS)
    throw (await stillRunning(deps, flightKey)) ? busy() : new HttpError(409, INTERRUPTED);
  return requestHash !== null ? replay(stored) : null;
}

/**
 * The earlier answer replaces the handler's, when it ran: Hono keeps a handler's answer over the one
 * a middleware returns, and merges the former's headers (a Location, an ETag of work rolled back)
 * into any answer set over it, unless it is cleared first.
 */
function answerInstead(c: Context<AppEnv>, res: Response): Response {
  c.res = undefined;
  c.res = res;
  return res;
}

/** An "in progress" key: its request still running here, or on another instance that holds its lock. */
async function stillRunning(deps: Deps, flightKey: string): Promise<boolean> {
  if (deps.state.inFlight.has(flightKey)) return true;
  return (await deps.state.sharedLocks?.isHeld(`idempotency:${flightKey}`)) ?? false;
}

// The first request with this key is still running (this process): the outbox retries later.
const busy = () =>
  new HttpError(503, 'Cette opération est déjà en cours de traitement, réessayez dans un instant.', {
    headers: { 'Retry-After': '2' },
  });

class Rollback extends Error {}
/** Storing the answer found an earlier one for the key: the work is rolled back, that answer decides. */
class AlreadyAnswered extends Error {}
/** The handler's failed statement aborted the transaction before its deliberate answer was stored. */
class AbortedBeforeAnswer extends Error {}

/**
 * Runs the handler in the request transaction; returns an earlier answer to the same key instead, if
 * any: found by another instance's lock and read, or (`unread`) by storing this one (decision 055).
 *
 * A handler may turn a failed statement into a deliberate answer (a unique violation → 409): that
 * statement aborted the transaction, so none of the handler's work can be kept, and its answer is
 * stored in a transaction of its own. This used to be a savepoint around every handler, two more
 * statements for each change of a replay (decision 054); the failure path now pays instead.
 */
async function atomically(
  deps: Deps,
  c: Context<AppEnv>,
  next: Next,
  withAnswer: boolean,
  unread = false,
): Promise<Response | undefined> {
  let earlier: Response | undefined;
  try {
    await requestTransaction(deps.db, async () => {
      // A batch item's commit does not wait for the disk: its batch waits once for all of them
      // before it answers (sync/routes.ts, decision 055).
      if (deps.commitsWaitForDisk && isItemRequest(c.req.raw))
        await deps.db.execute(sql`set local synchronous_commit = off`);
      if (withAnswer && deps.state.sharedLocks) {
        earlier = await claimAcrossInstances(deps.db, c);
        if (earlier) return;
      }
      await next();
      const answeredBefore = () => withAnswer && c.get('idempotency')?.answeredBefore === true;
      // The handler stored its answer itself and found an earlier one (recordIdempotentResponse).
      if (answeredBefore()) throw new AlreadyAnswered();
      // A 5xx means the work did not happen: nothing of it is kept or stored, the client retries.
      if (c.res.status >= 500) throw new Rollback();
      const storing = withAnswer && willStore(c);
      try {
        // Storing the answer is the statement that finds an aborted transaction; without one to
        // store, a cheap statement does.
        if (storing) {
          deps.faults?.('answer:before-store');
          await saveAnswer(c, deps.db);
          deps.faults?.('answer:after-store');
        } else await deps.db.execute(sql`select 1`);
      } catch (error) {
        // A handler that swallowed a failed statement and answered as if it had worked: a 500.
        if (!(c.error instanceof HttpError) || !isTransactionAborted(error)) throw error;
        throw storing ? new AbortedBeforeAnswer() : new Rollback();
      }
      if (answeredBefore()) throw new AlreadyAnswered();
    });
  } catch (error) {
    // A 5xx to a key whose answer was not read first: the first request's answer, if there is one,
    // is what the client must get again (its work is done), not this attempt's failure.
    if (error instanceof Rollback) return unread ? earlierAnswer(deps, c, true) : undefined;
    if (error instanceof AlreadyAnswered) return earlierAnswer(deps, c);
    if (!(error instanceof AbortedBeforeAnswer)) throw error;
    earlier = await requestTransaction(deps.db, async () => {
      const other = deps.state.sharedLocks ? await claimAcrossInstances(deps.db, c) : undefined;
      if (!other) await saveAnswer(c, deps.db);
      return other;
    });
    if (!earlier && c.get('idempotency')?.answeredBefore) return earlierAnswer(deps, c);
  }
  if (withAnswer && !earlier) deps.faults?.('answer:after-commit');
  return earlier;
}

/**
 * The answer stored for this key before this request's (rolled back) work, read after the rollback.
 * None: with `failed`, this request's own failure stands; otherwise the answer went meanwhile
 * (expired and purged) and nothing is left of this request: a 503, the client sends it again.
 */
async function earlierAnswer(deps: Deps, c: Context<AppEnv>, failed = false): Promise<Response | undefined> {
  const idem = c.get('idempotency')!;
  const stored = await findStored(deps.db, idem, idem.at);
  if (!stored) {
    if (failed) return undefined;
    throw busy();
  }
  c.set('idempotencyRecorded', true);
  return (await answerOf(deps, stored, idem.requestHash, flightKeyOf(idem)))!;
}

/**
 * Several instances on one PostgreSQL (decision 036): the in-memory marker only sees this instance's
 * requests. The key's transaction-level advisory lock is taken without waiting: held elsewhere → 503
 * (the outbox retries). Once it is ours, an answer another instance committed after the first read
 * is found and replayed instead of doing the work again. Released at commit or rollback, even when
 * the instance dies (its connection closes).
 */
async function claimAcrossInstances(db: Db, c: Context<AppEnv>): Promise<Response | undefined> {
  const idem = c.get('idempotency')!;
  const lock = `idempotency:${flightKeyOf(idem)}`;
  const got = await db.execute<{ ok: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtextextended(${lock}, 0)) as ok`,
  );
  if (!got.rows[0]!.ok) throw busy();
  const [row] = await db.select().from(idempotencyKeys).where(whereKey(idem)).limit(1);
  if (!row || expired(row.createdAt, idem.at)) return undefined;
  if (row.requestHash !== idem.requestHash) throw new HttpError(422, KEY_REUSED);
  if (row.status === IN_PROGRESS) throw new HttpError(409, INTERRUPTED);
  c.set('idempotencyRecorded', true);
  return replay(row);
}

/** Whether saveAnswer will write this answer (a stored key, a status worth keeping, not yet recorded). */
function willStore(c: Context<AppEnv>): boolean {
  const idem = c.get('idempotency');
  return (
    !!idem &&
    idem.requestHash !== null &&
    !c.get('idempotencyRecorded') &&
    !NOT_STORED.has(c.res.status) &&
    c.res.status < 500
  );
}

async function saveAnswer(c: Context<AppEnv>, db: DbOrTx): Promise<void> {
  if (!willStore(c)) return;
  const type = c.res.headers.get('content-type');
  // c.json()'s text when it is kept, instead of a clone of the answer read through its stream.
  const cached = type?.includes('json') || type?.startsWith('text/') ? cachedText(c.res) : undefined;
  const body = cached !== undefined ? (cached ?? '') : await bodyOf(c.res.clone());
  await store(db, c, c.res.status, type, body);
}

/** Called by a handler inside its own transaction so the work and its stored answer commit together. */
export async function recordIdempotentResponse(
  tx: DbOrTx,
  c: Context<AppEnv>,
  status: number,
  json: unknown,
): Promise<void> {
  if (!c.get('idempotency')) return;
  await store(tx, c, status, 'application/json; charset=utf-8', JSON.stringify(json));
  c.set('idempotencyRecorded', true);
}

/**
 * Multipart uploads: the request hash covers what was received (fields, file names and the SHA-256
 * of each file's bytes), known once the body is read. The same key with the same files → the stored
 * answer to send back (the received copies are the caller's to drop); with other files → 422.
 */
export function matchUploadKey(c: Context<AppEnv>, contentHash: string): Response | null {
  const idem = c.get('idempotency');
  if (!idem) return null;
  idem.requestHash = sha256(`${idem.baseHash} ${contentHash}`);
  if (!idem.stored) return null;
  if (idem.stored.requestHash !== idem.requestHash) throw new HttpError(422, KEY_REUSED);
  c.set('idempotencyRecorded', true);
  return replay(idem.stored);
}

/**
 * Before an effect outside the database that cannot be undone (a mail), on a route with its own
 * transactions: the key is committed "in progress" first. A crash during the effect then leaves a
 * visible state — the replay answers 409 INTERRUPTED — instead of a second mail; the final answer
 * (recordIdempotentResponse) replaces it. On a failure before the effect happened, release it.
 */
export async function reserveIdempotencyKey(deps: Deps, c: Context<AppEnv>): Promise<void> {
  const db = deps.db;
  const idem = c.get('idempotency');
  if (!idem || idem.requestHash === null) return;
  if (inTransaction())
    throw new Error('reserveIdempotencyKey must commit on its own: use it on a route with transaction: "own".');
  // Several instances: the key's lock is held until the final answer, taken BEFORE the row is
  // written, so another instance that finds the row "in progress" can tell a request still running
  // (lock held: 503) from one whose instance died (lock freed by PostgreSQL: « interrompue »).
  const locks = deps.state.sharedLocks;
  if (locks) {
    const release = await locks.tryHold(`idempotency:${flightKeyOf(idem)}`);
    if (!release) throw busy();
    c.set('idempotencyHold', release);
  }
  // Only an expired row is taken over: a row written since this request's first read (another
  // instance reserving or answering the same key, decision 036) makes this one retry instead (503).
  const reserved = await db
    .insert(idempotencyKeys)
    .values({
      userId: idem.userId,
      companyId: idem.companyId,
      key: idem.key,
      requestHash: idem.requestHash,
      status: IN_PROGRESS,
      body: '',
      createdAt: idem.at,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.companyId, idempotencyKeys.key],
      set: { requestHash: idem.requestHash, status: IN_PROGRESS, body: '', contentType: null, createdAt: idem.at },
      setWhere: lt(idempotencyKeys.createdAt, oldestKept(idem.at)),
    })
    .returning({ key: idempotencyKeys.key });
  if (reserved.length === 0) throw busy();
}

export async function releaseIdempotencyKey(db: Db, c: Context<AppEnv>): Promise<void> {
  const idem = c.get('idempotency');
  if (!idem) return;
  await db.delete(idempotencyKeys).where(and(whereKey(idem), eq(idempotencyKeys.status, IN_PROGRESS)));
}

type KeyScope = { userId: number; companyId: number; key: string };
const flightKeyOf = (s: KeyScope) => `${s.userId}:${s.companyId}:${s.key}`;
const whereKey = (s: KeyScope) =>
  and(eq(idempotencyKeys.userId, s.userId), eq(idempotencyKeys.companyId, s.companyId), eq(idempotencyKeys.key, s.key));

/** Built once per database (drizzle's query building is a fair share of a small request). */
function storedAnswerQuery(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, p('userId')),
        eq(idempotencyKeys.companyId, p('companyId')),
        eq(idempotencyKeys.key, p('key')),
      ),
    )
    .limit(1)
    .prepare('idempotency_stored');
}
const storedAnswerQueries = new WeakMap<Db, ReturnType<typeof storedAnswerQuery>>();

/** Read before the request transaction opens (the prepared query belongs to the root handle). */
async function findStored(db: Db, scope: KeyScope, at: Date): Promise<StoredAnswer | null> {
  let query = storedAnswerQueries.get(db);
  if (!query) storedAnswerQueries.set(db, (query = storedAnswerQuery(db)));
  const [row] = await query.execute(scope);
  if (!row || expired(row.createdAt, at)) return null;
  return row;
}

/**
 * The first answer stays; only an "in progress" reservation is replaced by the final answer. Written
 * as one SQL text built once (built-once.ts): building it cost 0.1 ms per change with the insert
 * builder, then again with an `sql` text (decisions 033 and 054). Its columns are checked by the
 * idempotency tests as any other write.
 */
const storeStatement = builtOnce<
  Record<'userId' | 'companyId' | 'key' | 'hash' | 'status' | 'type' | 'body' | 'at' | 'oldest', unknown>,
  never
>(() => {
  const col = (c: { name: string }) => sql.identifier(c.name);
  const p = (name: string) => sql.placeholder(name);
  const k = idempotencyKeys;
  const [user, company, key, hash, st, type, text, created] = [
    k.userId,
    k.companyId,
    k.key,
    k.requestHash,
    k.status,
    k.contentType,
    k.body,
    k.createdAt,
  ].map(col);
  return sql`
    insert into ${k} (${user}, ${company}, ${key}, ${hash}, ${st}, ${type}, ${text}, ${created})
    values (${p('userId')}, ${p('companyId')}, ${p('key')}, ${p('hash')}, ${p('status')}, ${p('type')}, ${p('body')}, ${p('at')})
    on conflict (${user}, ${company}, ${key}) do update
      set ${hash} = excluded.${hash}, ${st} = excluded.${st}, ${type} = excluded.${type}, ${text} = excluded.${text},
        ${created} = excluded.${created}
      where (${k}.${st} = ${IN_PROGRESS} and ${k}.${hash} = excluded.${hash})
        or ${k}.${created} < ${p('oldest')}
    returning 1 as stored`;
});

/**
 * Stores the answer, unless the key already has one (another request's, or one stored since this
 * request began): then it is marked answeredBefore, and a request transaction rolls back (atomically).
 */
async function store(db: DbOrTx, c: Context<AppEnv>, status: number, contentType: string | null, body: string) {
  const idem = c.get('idempotency')!;
  if (idem.requestHash === null) throw new Error('Multipart route: call matchUploadKey before storing its answer.');
  const { userId, companyId, key, requestHash: hash } = idem;
  // An `sql` text returns the driver's own result: `rows` with both PGlite and node-postgres.
  const result = (await storeStatement.run(db, {
    userId,
    companyId,
    key,
    hash,
    status,
    type: contentType,
    body,
    // ISO texts: an untyped parameter of an `sql` text, read as timestamptz by the column it meets.
    at: idem.at.toISOString(),
    oldest: oldestKept(idem.at).toISOString(),
  })) as {
    rows?: unknown[];
  };
  if ((result.rows?.length ?? 0) === 0) idem.answeredBefore = true;
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
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, oldestKept(now)));
}

/** The oldest key still answered at `at`: younger than the TTL on the server's clock, not the database's. */
function oldestKept(at: Date): Date {
  return new Date(at.getTime() - IDEMPOTENCY_TTL_HOURS * 3_600_000);
}

function expired(createdAt: Date, at: Date): boolean {
  return createdAt < oldestKept(at);
}
