import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema/index';
import { HttpError } from '../../http/errors';

// Failures are counted per login name in the database, so the limit holds across restarts.

/**
 * Records the attempt as a failure *before* the password is checked, then counts the earlier
 * ones: parallel attempts cannot all pass the check before any failure is written. A blocked
 * attempt is removed again, so retrying while blocked does not prolong the block.
 */
export async function beginAttempt(db: Db, username: string, now: Date, max: number, windowMinutes: number): Promise<void> {
  const [attempt] = await db.insert(loginFailures).values({ username: key(username), at: now }).returning({ id: loginFailures.id });
  const since = new Date(now.getTime() - windowMinutes * 60_000);
  const [row] = await db
    .select({ n: count(), first: min(loginFailures.at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, key(username)), gt(loginFailures.at, since), lt(loginFailures.id, attempt.id)));
  if (row.n >= max) {
    await db.delete(loginFailures).where(eq(loginFailures.id, attempt.id));
    const first = row.first ? new Date(row.first).getTime() : now.getTime();
    const retryAfter = Math.max(1, Math.ceil((first + windowMinutes * 60_000 - now.getTime()) / 1000));
    const minutes = Math.ceil(retryAfter / 60);
    throw new HttpError(429, `Trop de tentatives de connexion échouées. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`, {
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
}

/** After a successful sign-in: the attempt and earlier failures no longer count. */
export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.username, key(username)));
}

const key = (username: string) => username.trim().toLowerCase();
