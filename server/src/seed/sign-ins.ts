import { recordEndedSessions } from '../modules/auth/service';
import { findUserByUsername, recordSignIn } from '../modules/users/service';
import { EMPLOYEES } from './admin';
import { demoCalendar, weekday } from './demo-calendar';
import type { SeedContext } from './modules';
import { seededRandom } from './random';

// The demo's sign-in history, so that the administrators' « Statistiques » and « Gérer mes
// utilisateurs » (« Dernière connexion ») show a portal in use: the bakery's owner most mornings
// for thirteen months, the firm's manager every working day, his employees since their accounts
// were opened (the disabled one until then, the invited one never). Today is left to real sign-ins.

interface Habit {
  username: string;
  /** The first and last days with sign-ins, in days before the seeding day. */
  from: number;
  to: number;
  /** Days of the week worked (0 is Sunday). */
  weekdays: number[];
  /** How likely a sign-in is on a day worked, and a second one in the afternoon. */
  chance: number;
  again: number;
  /** The morning's first sign-in, in minutes after midnight (Paris); it comes up to 90 minutes later. */
  morning: number;
}

const WORKING_WEEK = [1, 2, 3, 4, 5];
const HABITS: Habit[] = [
  // The bakery's owner, six days a week, before the shop's rush and after lunch.
  { username: 'demo', from: 395, to: 1, weekdays: [1, 2, 3, 4, 5, 6], chance: 0.7, again: 0.25, morning: 7 * 60 },
  { username: 'admin', from: 395, to: 1, weekdays: WORKING_WEEK, chance: 0.85, again: 0.35, morning: 8 * 60 + 30 },
  ...EMPLOYEES.filter((e) => !e.invited).map((e, i) => ({
    username: e.username,
    from: e.daysAgo - 1,
    // Disabled five days after the account was opened (admin.ts).
    to: e.disabled ? e.daysAgo - 5 : 1,
    weekdays: WORKING_WEEK,
    chance: [0.8, 0.45, 0.6][i % 3]!,
    again: 0.15,
    morning: 9 * 60,
  })),
];

export async function seedSignIns(ctx: SeedContext): Promise<void> {
  const { db, config } = ctx.deps;
  const calendar = demoCalendar(ctx.deps.now());
  for (const [index, habit] of HABITS.entries()) {
    const user = await findUserByUsername(db, habit.username);
    if (!user) continue;
    const random = seededRandom(2026 + index);
    const past: Array<{ userId: number; createdAt: Date; endedAt: Date }> = [];
    const session = (day: string, minutes: number) => {
      const createdAt = calendar.at(day, 0, Math.floor(minutes));
      // Signed out after ten minutes to an hour and a half, the same day.
      const ended = Math.floor(minutes) + 10 + random() * 80;
      const endedAt = calendar.at(day, 0, Math.floor(ended), Math.floor((ended % 1) * 60));
      past.push({ userId: user.id, createdAt, endedAt });
    };
    for (let daysAgo = habit.from; daysAgo >= habit.to; daysAgo--) {
      const day = calendar.day(daysAgo);
      if (!habit.weekdays.includes(weekday(day))) continue;
      // The first day worked always has one: a new account is used the day after it is opened.
      if (past.length > 0 && random() >= habit.chance) continue;
      session(day, habit.morning + random() * 90);
      if (random() < habit.again) session(day, 14 * 60 + random() * 120);
    }
    await recordEndedSessions(db, past, config.env.TOKEN_TTL_HOURS);
    const last = past.at(-1);
    if (last) await recordSignIn(db, user.id, last.createdAt);
  }
}
