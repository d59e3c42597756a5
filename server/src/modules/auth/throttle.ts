import { and, count, eq, gt, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema/index';
import { HttpError } from '../../http/errors';

// Failures are counted per login name in the database, so the limit holds across restarts.
export async function assertNotThrottled(db: Db, username: string, now: Date, max: number, windowMinutes: number): Promise<void> {
  const since = new Date(now.getTime() - windowMinutes * 60_000);
  const [row] = await db
    .select({ n: count(), first: min(loginFailures.at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, key(username)), gt(loginFailures.at, since)));
  if (row.n >= max) {
    const first = row.first ? new Date(row.first).getTime() : now.getTime();
    const retryAfter = Math.max(1, Math.ceil((first + windowMinutes * 60_000 - now.getTime()) / 1000));
    const minutes = Math.ceil(retryAfter / 60);
    throw new HttpError(429, `Trop de tentatives de connexion échouées. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`, {
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
}

export async function recordFailure(db: Db, username: string, now: Date): Promise<void> {
  await db.insert(loginFailures).values({ username: key(username), at: now });
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.username, key(username)));
}

const key = (username: string) => username.trim().toLowerCase();
