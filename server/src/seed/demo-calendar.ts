import { addDays, todayInParis } from '../../../src/domain/dates';
import { formatDateTime, formatMonth } from '../../../src/domain/format';

// The demo's files are named after the periods they cover, and those follow the day they were
// filed, itself counted back from the day the demo is seeded. A demo seeded in March 2027 shows
// February's VAT return filed in March, not October 2026's filed in March.

/** « Octobre 2026 »: the month `monthsBefore` months before the month of `day` (YYYY-MM-DD). */
export function monthName(day: string, monthsBefore = 0): string {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 - monthsBefore;
  const month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  const name = formatMonth(month); // « octobre 2026 »
  return name.charAt(0).toUpperCase() + name.slice(1);
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

/** The instant of `hh:mm` in Paris on `day` (summer or winter time). */
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

/** The demo's calendar, counted back from the instant it is seeded. */
export interface DemoCalendar {
  /** The Paris day `daysAgo` days before the seeding day. */
  day(daysAgo: number): string;
  /**
   * When the file numbered `slot` was filed `daysAgo` days ago: in office hours (9:00 to 17:00, Paris,
   * spread by slot), or earlier the same day when that is still to come today.
   */
  filedAt(daysAgo: number, slot?: number): Date;
  /** The periods a file filed `daysAgo` days ago covers. */
  periods(daysAgo: number): FilingPeriods;
}

export function demoCalendar(now: Date): DemoCalendar {
  const today = todayInParis(now);
  const day = (daysAgo: number) => addDays(today, -daysAgo);
  return {
    day,
    filedAt(daysAgo, slot = 0) {
      const minutes = 9 * 60 + ((slot * 47) % 480);
      const at = parisInstant(day(daysAgo), Math.floor(minutes / 60), minutes % 60);
      return at.getTime() <= now.getTime() ? at : new Date(now.getTime() - (slot + 1) * 60_000);
    },
    periods: (daysAgo) => filingPeriods(day(daysAgo)),
  };
}
