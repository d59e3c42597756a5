import { addDays, todayInParis } from '../../../src/domain/dates';
import { formatDateTime, formatMonth } from '../../../src/domain/format';

// The demo's one calendar (decisions 063 and 076): every instant and every day the demo records is
// read here, counted back from the instant it is seeded. A day is a calendar day in Paris, an hour a
// wall-clock hour in Paris (summer or winter time), and nothing is ever later than the seeding
// instant: an hour still to come today is brought back before it, the same day, in the same order.
//
// The files are named after the periods they cover, and those follow the day they were filed: a demo
// seeded in March 2027 shows February's VAT return filed in March, not October 2026's filed in March.

/** « Octobre 2026 »: the month `monthsBefore` months before the month of `day` (YYYY-MM-DD). */
export function monthName(day: string, monthsBefore = 0): string {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 - monthsBefore;
  const month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  const name = formatMonth(month); // « octobre 2026 »
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The first day (YYYY-MM-01) of the month `monthsBefore` months before `day`'s. */
export function monthStart(day: string, monthsBefore = 0): string {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 - monthsBefore;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** What a file filed on `day` is about: the month, quarter and year before it, the last mid-year. */
export interface FilingPeriods {
  /** « Octobre 2026 » for a day in November 2026. */
  previousMonth: string;
  /** « 3e trimestre 2026 » for a day from October to December 2026. */
  previousQuarter: string;
  /** 2025 for a day in 2026. */
  previousYear: number;
  /** « 30-06-2026 »: the last 30 June strictly before the day. */
  lastMidYear: string;
}

export function filingPeriods(day: string): FilingPeriods {
  const year = Number(day.slice(0, 4));
  const quarter = Math.floor((Number(day.slice(5, 7)) - 1) / 3); // 0 to 3
  const [qYear, q] = quarter === 0 ? [year - 1, 4] : [year, quarter];
  const midYear = day > `${year}-06-30` ? year : year - 1;
  return {
    previousMonth: monthName(day, 1),
    previousQuarter: `${q === 1 ? '1er' : `${q}e`} trimestre ${qYear}`,
    previousYear: year - 1,
    lastMidYear: `30-06-${midYear}`,
  };
}

/**
 * The instant of `hh:mm` in Paris on `day` (summer or winter time). On the night of the autumn change
 * an hour from 2:00 to 3:00 happens twice: the second one (winter time). On the night of the spring
 * change it does not happen: read with the winter offset (2:30 is 3:30 summer time).
 */
export function parisInstant(day: string, hh: number, mm: number): Date {
  const time = `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
  const wall = Date.parse(`${day}T${time}:00Z`);
  const shown = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} à ${time}`;
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(wall - offsetHours * 3_600_000);
    if (formatDateTime(candidate.toISOString()) === shown) return candidate;
  }
  return new Date(wall - 3_600_000); // an hour that does not exist in Paris (the spring change): winter time
}

/** The day of the week of a calendar day (0 is Sunday), wherever it is read. */
export function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The first instant of `day` in Paris (its midnight), and the first of the next day. */
export function parisDayBounds(day: string): [start: Date, end: Date] {
  return [parisInstant(day, 0, 0), parisInstant(addDays(day, 1), 0, 0)];
}

/** The times of a business document's life on one day, in Paris: created, validated, sent, paid. */
export const DOCUMENT_STEPS = {
  created: [8, 30],
  validated: [10, 0],
  sent: [10, 30],
  paid: [11, 30],
} as const satisfies Record<string, readonly [number, number]>;
export type DocumentStep = keyof typeof DOCUMENT_STEPS;

/**
 * Hours still to come today are brought back into the last hour before the seeding instant (or
 * since midnight, when the day has just begun), in their order: the hours of the rest of the day
 * are squeezed into it, so two of them keep their order and none passes the seeding instant.
 */
const CATCH_UP_MS = 3_600_000;

/** The demo's calendar, counted back from the instant it is seeded. */
export interface DemoCalendar {
  /** The seeding instant: nothing the demo records is later. */
  readonly now: Date;
  /** The seeding day in Paris. */
  readonly today: string;
  /**
   * When the demo's portal was set up (its companies, accounts, catalogues and customers), before
   * anything else it records: 800 days before the seeding day, at 9:00 in Paris.
   */
  readonly openedAt: Date;
  /** The Paris day `daysAgo` days before the seeding day (negative: after it, for due dates). */
  day(daysAgo: number): string;
  /**
   * `hh:mm` (and `ss`) in Paris on `day`, never after the seeding instant: on the seeding day, an
   * hour still to come is brought back before it, that same day, in the order of the hours (the
   * minutes may run past 59: 8:75 is 9:15). A day after the seeding day gives the seeding instant.
   */
  at(day: string, hh: number, mm?: number, ss?: number): Date;
  /** `at` for a day counted back from the seeding day. */
  ago(daysAgo: number, hh: number, mm?: number): Date;
  /** The instants of these hours on `day`, in their order, none after the seeding instant. */
  chain(day: string, ...times: ReadonlyArray<readonly [number, number]>): Date[];
  /**
   * One step of a business document's life on `day` (DOCUMENT_STEPS): on one day, created before
   * validated before sent before paid; a step on a later day comes after every step of an earlier one.
   */
  step(day: string, step: DocumentStep): Date;
  /**
   * When the file numbered `slot` was filed `daysAgo` days ago: in office hours (9:00 to 17:00, Paris,
   * spread by slot), brought back before the seeding instant when that is still to come today.
   */
  filedAt(daysAgo: number, slot?: number): Date;
  /** The periods a file filed `daysAgo` days ago covers. */
  periods(daysAgo: number): FilingPeriods;
}

export function demoCalendar(now: Date): DemoCalendar {
  const nowMs = now.getTime();
  const today = todayInParis(now);
  const [todayStart, todayEnd] = parisDayBounds(today);
  // The hours of today from `from` on are squeezed into [from, now]; before it, they stay where they are.
  const from = Math.max(todayStart.getTime(), nowMs - CATCH_UP_MS);
  const squeeze = (ms: number) =>
    ms <= from ? ms : Math.min(nowMs, from + Math.floor(((ms - from) * (nowMs - from)) / (todayEnd.getTime() - from)));
  // parisInstant reads the offset through Intl: once per day and hour (the offset changes on the hour).
  const hours = new Map<string, number>();
  const hourOf = (day: string, hh: number) => {
    const key = `${day}T${hh}`;
    let ms = hours.get(key);
    if (ms === undefined) hours.set(key, (ms = parisInstant(day, hh, 0).getTime()));
    return ms;
  };
  const day = (daysAgo: number) => addDays(today, -daysAgo);
  const at = (d: string, hh: number, mm = 0, ss = 0): Date => {
    if (d > today) return new Date(nowMs);
    const minutes = Math.min(Math.max(hh * 60 + mm, 0), 24 * 60 - 1);
    const ms = hourOf(d, Math.floor(minutes / 60)) + (minutes % 60) * 60_000 + ss * 1000;
    return new Date(d === today ? squeeze(ms) : ms);
  };
  return {
    now: new Date(nowMs),
    today,
    openedAt: at(day(800), 9, 0),
    day,
    at,
    ago: (daysAgo, hh, mm = 0) => at(day(daysAgo), hh, mm),
    chain: (d, ...times) => times.map(([hh, mm]) => at(d, hh, mm)),
    step: (d, step) => at(d, DOCUMENT_STEPS[step][0], DOCUMENT_STEPS[step][1]),
    filedAt(daysAgo, slot = 0) {
      const minutes = 9 * 60 + ((slot * 47) % 480);
      return at(day(daysAgo), Math.floor(minutes / 60), minutes % 60);
    },
    periods: (daysAgo) => filingPeriods(day(daysAgo)),
  };
}

/** The last instant of `day` in Paris: a calendar for a day seen whole (the bench's registers). */
export function endOfParisDay(day: string): Date {
  return new Date(parisDayBounds(day)[1].getTime() - 1);
}
