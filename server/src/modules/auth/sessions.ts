import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/index';
import { joinPerson, sessionUserColumns, userIsActive } from '../users/service';
import { newToken, sha256 } from './passwords';
import type { SessionUser } from '../../http/types';

export async function createSession(db: Db, userId: number, ttlHours: number, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlHours * 3_600_000),
  });
  return token;
}

export async function findSessionUser(
  db: Db,
  token: string,
  now: Date,
): Promise<{ user: SessionUser; tokenHash: string } | null> {
  const tokenHash = sha256(token);
  const rows = await db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(...joinPerson(sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        // A disabled user's sessions are revoked when they are disabled; this makes it hold even
        // for a session opened by a request racing the disabling (decision 040).
        userIsActive(),
      ),
    )
    .limit(1);
  return rows[0] ? { user: rows[0], tokenHash } : null;
}

export async function revokeSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

export async function revokeAllSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function revokeOtherSessions(db: Db, userId: number, keepTokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.tokenHash, keepTokenHash)));
}

/**
 * Sign-ins of the past, each already ended at `endedAt` (the demo's history, which the statistics
 * count): their tokens are never given out, and revoked they could not be used anyway.
 */
export async function recordEndedSessions(
  db: Db,
  past: Array<{ userId: number; createdAt: Date; endedAt: Date }>,
  ttlHours: number,
): Promise<void> {
  if (past.length === 0) return;
  await db.insert(sessions).values(
    past.map((s) => ({
      tokenHash: sha256(newToken()),
      userId: s.userId,
      createdAt: s.createdAt,
      expiresAt: new Date(s.createdAt.getTime() + ttlHours * 3_600_000),
      revokedAt: s.endedAt,
    })),
  );
}
