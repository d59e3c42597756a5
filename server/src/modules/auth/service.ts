import { and, count, countDistinct, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/index';

// What other modules use of auth (decision 023): sessions are this module's table; the users module
// changes a password with the same policy, hash, throttle and session revocation as sign-in.
export { hashPassword, passwordPolicyError, verifyPassword } from './passwords';
export { revokeOtherSessions } from './sessions';
export { beginPasswordCheck, endPasswordCheck } from './throttle';

/** Statistics (administrators): sign-ins and distinct users over [from, to), and sign-ins per Paris day. */
export async function signInStats(db: Db, from: Date, to: Date) {
  const inPeriod = and(gte(sessions.createdAt, from), lt(sessions.createdAt, to));
  const [totals] = await db
    .select({ signIns: count(), activeUsers: countDistinct(sessions.userId) })
    .from(sessions)
    .where(inPeriod);
  const day = sql<string>`to_char(${sessions.createdAt} at time zone 'Europe/Paris', 'YYYY-MM-DD')`;
  const byDay = await db.select({ date: day, count: count() }).from(sessions).where(inPeriod).groupBy(day).orderBy(day);
  return { signIns: totals!.signIns, activeUsers: totals!.activeUsers, signInsByDay: byDay };
}
