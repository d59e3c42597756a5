import { and, count, countDistinct, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/index';
import { addDays } from '../../../../src/domain/dates';

// What other modules use of auth (decision 023): sessions are this module's table; the users module
// changes a password with the same policy, hash, throttle and session revocation as sign-in.
export { hashPassword, passwordPolicyError, verifyPassword } from './passwords';
export { findSessionUser, recordEndedSessions, revokeAllSessions, revokeOtherSessions } from './sessions';
export { createInvitation } from './password-reset';
export { checkedLoginName } from './login-name';
export { NO_LOCAL_PASSWORD } from './sign-in';
export { beginPasswordCheck, endPasswordCheck } from './throttle';

/**
 * Statistics (administrators): sign-ins, distinct users and sign-ins per day, from the first to the
 * last day given (YYYY-MM-DD). Days are Paris days (api-conventions.md): the bounds are Paris
 * midnights, so a sign-in at 00:30 in Paris (23:30 UTC the day before) counts on its Paris day.
 */
export async function signInStats(db: Db, firstDay: string, lastDay: string) {
  const parisMidnight = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Paris'`;
  const inPeriod = and(
    gte(sessions.createdAt, parisMidnight(firstDay)),
    lt(sessions.createdAt, parisMidnight(addDays(lastDay, 1))),
  );
  const [totals] = await db
    .select({ signIns: count(), activeUsers: countDistinct(sessions.userId) })
    .from(sessions)
    .where(inPeriod);
  const day = sql<string>`to_char(${sessions.createdAt} at time zone 'Europe/Paris', 'YYYY-MM-DD')`;
  const byDay = await db.select({ date: day, count: count() }).from(sessions).where(inPeriod).groupBy(day).orderBy(day);
  return { signIns: totals!.signIns, activeUsers: totals!.activeUsers, signInsByDay: byDay };
}
