import { and, asc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { throttleEvents as t } from '../../db/schema/index';
import { HttpError } from '../../http/errors';

// Throttling of guesses and mails (decision 008), counted in the database so limits survive
// restarts. An attempt is written *before* its password is checked (pending, failed = false):
// the check counts settled failures and the pending attempts started before it. Blocked by
// settled failures alone → 429; blocked only if the earlier pending ones fail → wait until they
// settle. So parallel wrong guesses never get more than the limit, and parallel correct sign-ins
// (which settle as successes, deleting their row) are only delayed a moment, never refused.

const STALE_MS = 60_000; // a row still pending after a minute belongs to a process that died
const POLL_MS = 20;
const MAX_WAIT_MS = 10_000; // past this, earlier attempts still unsettled are not waited for
/** Failures from one address, whatever the logins tried, before that address is blocked. */
export const ADDRESS_MAX_FAILURES = 20;
/** Forgotten-password requests: per login and per address, per hour. */
export const RESET_MAX_PER_LOGIN = 3;
export const RESET_MAX_PER_ADDRESS = 10;
const RESET_WINDOW_MS = 60 * 60_000;

type Filter = { kind: string; subject?: string; address?: string };
export interface Attempt {
  id: number;
}
interface Limit {
  filter: Filter;
  max: number;
  message: (minutes: string) => string;
}

const scope = (f: Filter, since: Date): SQL =>
  and(
    eq(t.kind, f.kind),
    f.subject === undefined ? undefined : eq(t.subject, f.subject),
    f.address === undefined ? undefined : eq(t.address, f.address),
    gt(t.at, since),
  )!;

const inMinutes = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes > 1 ? 's' : ''}`;
};

/** 429 with the seconds until enough of the limit's failures have left the window. */
async function tooMany(db: Db, limit: Limit, now: Date, windowMs: number, count: number): Promise<HttpError> {
  const since = new Date(now.getTime() - windowMs);
  const [row] = await db
    .select({ at: t.at })
    .from(t)
    .where(and(scope(limit.filter, since), eq(t.failed, true)))
    .orderBy(asc(t.at))
    .offset(Math.max(0, count - limit.max))
    .limit(1);
  const until = (row ? new Date(row.at).getTime() : now.getTime()) + windowMs;
  const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  return new HttpError(429, limit.message(inMinutes(seconds)), { headers: { 'Retry-After': String(seconds) } });
}

const loginTooMany = (m: string) => `Trop de tentatives de connexion échouées. Réessayez dans ${m}.`;
const addressTooMany = (m: string) =>
  `Trop de tentatives de connexion échouées depuis votre adresse. Réessayez dans ${m}.`;

/**
 * Sign-in (kind 'login', subject = login name): blocked when this address failed `max` times on
 * this login, or failed ADDRESS_MAX_FAILURES times on any login, or the login failed `max` times
 * from anywhere and this address is among those that failed on it. An address with no failure
 * on the login still gets its attempt: the rightful owner is not locked out by someone else.
 */
export async function beginSignIn(
  db: Db,
  login: string,
  address: string,
  now: Date,
  max: number,
  windowMinutes: number,
): Promise<Attempt> {
  const subject = key(login);
  const windowMs = windowMinutes * 60_000;
  const [mine] = await db.insert(t).values({ kind: 'login', subject, address, at: now }).returning({ id: t.id });
  const since = new Date(now.getTime() - windowMs);
  const stale = new Date(now.getTime() - STALE_MS);
  const failedIf = (where: SQL) => sql<number>`(count(*) filter (where ${t.failed} and ${where}))::int`;
  const pendingIf = (where: SQL) =>
    sql<number>`(count(*) filter (where not ${t.failed} and ${t.at} > ${stale} and ${where}))::int`;
  const onPair = sql`${t.subject} = ${subject} and ${t.address} = ${address}`;
  const onLogin = sql`${t.subject} = ${subject}`;
  const onAddress = sql`${t.address} = ${address}`;
  const started = performance.now(); // a wait's length, not a date
  for (;;) {
    // One statement counts the three scopes, settled and pending, among the attempts before this one.
    const [row] = await db
      .select({
        pair: failedIf(onPair),
        pairPending: pendingIf(onPair),
        login: failedIf(onLogin),
        loginPending: pendingIf(onLogin),
        address: failedIf(onAddress),
        addressPending: pendingIf(onAddress),
      })
      .from(t)
      .where(and(eq(t.kind, 'login'), gt(t.at, since), lt(t.id, mine.id), sql`(${onLogin} or ${onAddress})`));
    const pair = { filter: { kind: 'login', subject, address }, max, message: loginTooMany };
    const byAddress = { filter: { kind: 'login', address }, max: ADDRESS_MAX_FAILURES, message: addressTooMany };
    const byLogin = { filter: { kind: 'login', subject }, max, message: loginTooMany };
    const blockedBy = (p: number, l: number, a: number): [Limit, number] | null =>
      a >= ADDRESS_MAX_FAILURES ? [byAddress, a] : p >= max ? [pair, p] : l >= max && p > 0 ? [byLogin, l] : null;
    const settled = blockedBy(row.pair, row.login, row.address);
    if (settled) {
      await db.delete(t).where(eq(t.id, mine.id));
      throw await tooMany(db, settled[0], now, windowMs, settled[1]);
    }
    const ifAllFail = blockedBy(
      row.pair + row.pairPending,
      row.login + row.loginPending,
      row.address + row.addressPending,
    );
    if (!ifAllFail || performance.now() - started > MAX_WAIT_MS) return mine;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Settles a sign-in: a failure counts; a success deletes the row and this address's failures on the login. */
export async function endSignIn(
  db: Db,
  attempt: Attempt,
  ok: boolean,
  login: string,
  address: string,
  now: Date,
): Promise<void> {
  if (!ok) {
    await db.update(t).set({ failed: true }).where(eq(t.id, attempt.id));
    return;
  }
  // Only this address's failures: the owner signing in elsewhere must not reset an attacker's count.
  await db
    .delete(t)
    .where(
      and(
        eq(t.kind, 'login'),
        eq(t.subject, key(login)),
        eq(t.address, address),
        sql`(${t.failed} or ${t.id} = ${attempt.id})`,
      ),
    );
  await purge(db, now);
}

/**
 * Withdraws a sign-in whose credentials could not be checked (the directory did not answer,
 * decision 041): neither a failure nor a success, so an outage never locks anyone out.
 */
export async function withdrawSignIn(db: Db, attempt: Attempt): Promise<void> {
  await db.delete(t).where(eq(t.id, attempt.id));
}

/**
 * Counted requests (reset mails): the request is recorded, then refused if the earlier ones
 * already reach a limit (its row is removed again, so retrying while blocked does not extend it).
 */
async function countRequest(
  db: Db,
  kind: string,
  subject: string,
  address: string,
  now: Date,
  windowMs: number,
  limits: Limit[],
): Promise<void> {
  const [mine] = await db.insert(t).values({ kind, subject, address, at: now, failed: true }).returning({ id: t.id });
  const since = new Date(now.getTime() - windowMs);
  for (const limit of limits) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t)
      .where(and(scope(limit.filter, since), lt(t.id, mine.id)));
    if (row.n >= limit.max) {
      await db.delete(t).where(eq(t.id, mine.id));
      throw await tooMany(db, limit, now, windowMs, row.n);
    }
  }
}

const resetTooMany = (m: string) => `Trop de demandes de réinitialisation du mot de passe. Réessayez dans ${m}.`;

/** Forgotten-password mails: 3 per login and 10 per address per hour (known logins or not, so nothing is revealed). */
export async function countResetRequest(db: Db, login: string, address: string, now: Date): Promise<void> {
  const subject = key(login);
  await countRequest(db, 'reset', subject, address, now, RESET_WINDOW_MS, [
    { filter: { kind: 'reset', subject }, max: RESET_MAX_PER_LOGIN, message: resetTooMany },
    { filter: { kind: 'reset', address }, max: RESET_MAX_PER_ADDRESS, message: resetTooMany },
  ]);
}

const passwordTooMany = (m: string) => `Trop de mots de passe actuels erronés. Réessayez dans ${m}.`;

/**
 * Password change (kind 'password', subject = user id): `max` wrong current passwords per window,
 * whatever the address (the caller already holds a session). Settled like a sign-in.
 */
export async function beginPasswordCheck(
  db: Db,
  userId: number,
  address: string,
  now: Date,
  max: number,
  windowMinutes: number,
): Promise<Attempt> {
  const subject = String(userId);
  const windowMs = windowMinutes * 60_000;
  const [mine] = await db.insert(t).values({ kind: 'password', subject, address, at: now }).returning({ id: t.id });
  const since = new Date(now.getTime() - windowMs);
  const stale = new Date(now.getTime() - STALE_MS);
  const limit: Limit = { filter: { kind: 'password', subject }, max, message: passwordTooMany };
  const started = performance.now(); // a wait's length, not a date
  for (;;) {
    const [row] = await db
      .select({
        failed: sql<number>`(count(*) filter (where ${t.failed}))::int`,
        pending: sql<number>`(count(*) filter (where not ${t.failed} and ${t.at} > ${stale}))::int`,
      })
      .from(t)
      .where(and(scope(limit.filter, since), lt(t.id, mine.id)));
    if (row.failed >= max) {
      await db.delete(t).where(eq(t.id, mine.id));
      throw await tooMany(db, limit, now, windowMs, row.failed);
    }
    if (row.failed + row.pending < max || performance.now() - started > MAX_WAIT_MS) return mine;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export async function endPasswordCheck(db: Db, attempt: Attempt, ok: boolean): Promise<void> {
  if (ok) await db.delete(t).where(eq(t.id, attempt.id));
  else await db.update(t).set({ failed: true }).where(eq(t.id, attempt.id));
}

/** Rows older than a day count for no window. */
async function purge(db: Db, now: Date): Promise<void> {
  await db.delete(t).where(lt(t.at, new Date(now.getTime() - 24 * 3_600_000)));
}

const key = (login: string) => login.trim().toLowerCase();
