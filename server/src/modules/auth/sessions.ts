import { and, count, countDistinct, eq, gt, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/index';
import { joinPerson, sessionUserColumns } from '../users/service';
import { newToken, sha256 } from './passwords';
import type { SessionUser } from '../../http/types';

export async function createSession(db: Db, userId: number, ttlHours: number, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({ tokenHash: sha256(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + ttlHours * 3_600_000) });
  return token;
}

export async function findSessionUser(db: Db, token: string, now: Date): Promise<{ user: SessionUser; tokenHash: string } | null> {
  const tokenHash = sha256(token);
  const rows = await db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(...joinPerson(sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0] ? { user: rows[0], tokenHash } : null;
}

export async function revokeSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

export async function revokeAllSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function revokeOtherSessions(db: Db, userId: number, keepTokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.tokenHash, keepTokenHash)));
}

/** Statistics (administrators): sign-ins and distinct users over [from, to), and sign-ins per Paris day. */
export async function signInStats(db: Db, from: Date, to: Date) {
  const inPeriod = and(gte(sessions.createdAt, from), lt(sessions.createdAt, to));
  const [totals] = await db.select({ signIns: count(), activeUsers: countDistinct(sessions.userId) }).from(sessions).where(inPeriod);
  const day = sql<string>`to_char(${sessions.createdAt} at time zone 'Europe/Paris', 'YYYY-MM-DD')`;
  const byDay = await db.select({ date: day, count: count() }).from(sessions).where(inPeriod).groupBy(day).orderBy(day);
  return { signIns: totals!.signIns, activeUsers: totals!.activeUsers, signInsByDay: byDay };
}
