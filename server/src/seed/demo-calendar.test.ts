import { describe, expect, it } from 'vitest';
import { todayInParis } from '../../../src/domain/dates';
import {
  DOCUMENT_STEPS,
  demoCalendar,
  endOfParisDay,
  filingPeriods,
  monthName,
  monthStart,
  parisDayBounds,
  parisInstant,
  type DocumentStep,
} from './demo-calendar';

describe('the demo calendar: file names follow the day the demo is seeded', () => {
  it('names the month, quarter and year before the filing day, across year ends', () => {
    expect(filingPeriods('2026-11-20')).toEqual({
      previousMonth: 'Octobre 2026',
      previousQuarter: '3e trimestre 2026',
      previousYear: 2025,
      lastMidYear: '30-06-2026',
    });
    expect(filingPeriods('2027-01-08')).toEqual({
      previousMonth: 'Décembre 2026',
      previousQuarter: '4e trimestre 2026',
      previousYear: 2026,
      lastMidYear: '30-06-2026',
    });
    expect(filingPeriods('2027-04-01').previousQuarter).toBe('1er trimestre 2027');
    expect(filingPeriods('2027-06-30').lastMidYear).toBe('30-06-2026');
    expect(filingPeriods('2027-07-01').lastMidYear).toBe('30-06-2027');
    expect(monthName('2027-03-15', 3)).toBe('Décembre 2026');
  });

  it('files in office hours in Paris, winter and summer time, never in the future', () => {
    expect(parisInstant('2026-11-20', 9, 0).toISOString()).toBe('2026-11-20T08:00:00.000Z');
    expect(parisInstant('2026-07-14', 16, 30).toISOString()).toBe('2026-07-14T14:30:00.000Z');
    const now = new Date('2026-11-28T02:24:00Z'); // 03:24 in Paris
    const calendar = demoCalendar(now);
    expect(calendar.day(8)).toBe('2026-11-20');
    expect(calendar.filedAt(8, 1).toISOString()).toBe('2026-11-20T08:47:00.000Z');
    expect(calendar.filedAt(0, 2).getTime()).toBeLessThan(now.getTime());
    expect(calendar.periods(8).previousMonth).toBe('Octobre 2026');
  });

  it('two files of a monthly series filed 31 days apart never share a name', () => {
    for (let d = 0; d < 400; d++) {
      const calendar = demoCalendar(new Date(Date.UTC(2026, 0, 1) + d * 86_400_000));
      expect(calendar.periods(20).previousMonth).not.toBe(calendar.periods(51).previousMonth);
      expect(calendar.periods(8).previousMonth).not.toBe(calendar.periods(39).previousMonth);
      expect(calendar.periods(39).previousMonth).not.toBe(calendar.periods(70).previousMonth);
      expect(calendar.periods(190).previousYear).not.toBe(calendar.periods(556).previousYear);
    }
  });
});

// The seeding instants where the demo's dates went wrong, and the calendar's edges.
const EDGES = [
  '2026-12-01T08:00:00+01:00', // the 1st of a month
  '2026-12-31T23:50:00+01:00',
  '2027-01-01T00:10:00+01:00',
  '2027-01-01T00:00:00+01:00', // midnight itself
  '2027-03-28T02:30:00+01:00', // 2:30 does not exist that night: 3:30 summer time
  '2026-10-25T02:30:00+02:00', // the first 2:30 of the autumn night
  '2026-10-25T02:30:00+01:00', // the second
  '2027-06-30T23:50:00+02:00',
  '2028-02-29T12:00:00+01:00',
  '2027-02-14T09:30:00+01:00', // a Sunday
];
const STEPS = Object.keys(DOCUMENT_STEPS) as DocumentStep[];

describe('the demo calendar: every instant on its day in Paris, none after the seeding instant', () => {
  it('reads hours in Paris, summer and winter time, and the nights of the changes', () => {
    const calendar = demoCalendar(new Date('2027-07-01T10:00:00Z'));
    expect(calendar.at('2026-11-20', 9, 0).toISOString()).toBe('2026-11-20T08:00:00.000Z');
    expect(calendar.at('2026-07-14', 16, 30).toISOString()).toBe('2026-07-14T14:30:00.000Z');
    expect(calendar.at('2026-07-14', 8, 75).toISOString()).toBe('2026-07-14T07:15:00.000Z'); // 8:75 is 9:15
    expect(calendar.at('2027-03-28', 1, 30).toISOString()).toBe('2027-03-28T00:30:00.000Z');
    expect(calendar.at('2027-03-28', 3, 30).toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(calendar.at('2026-10-25', 1, 30).toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(calendar.at('2026-10-25', 3, 30).toISOString()).toBe('2026-10-25T02:30:00.000Z');
    expect(parisDayBounds('2027-03-28').map((d) => d.toISOString())).toEqual([
      '2027-03-27T23:00:00.000Z',
      '2027-03-28T22:00:00.000Z', // a day of 23 hours
    ]);
    expect(parisDayBounds('2026-10-25').map((d) => d.toISOString())).toEqual([
      '2026-10-24T22:00:00.000Z',
      '2026-10-25T23:00:00.000Z', // and one of 25
    ]);
    expect(endOfParisDay('2026-12-31').toISOString()).toBe('2026-12-31T22:59:59.999Z');
    expect(calendar.ago(1, 9, 0).toISOString()).toBe('2027-06-30T07:00:00.000Z');
  });

  it('keeps the hours already past today, and brings the ones to come back before now, in order', () => {
    const now = new Date('2026-12-01T11:00:00Z'); // 12:00 in Paris
    const calendar = demoCalendar(now);
    expect(calendar.at('2026-12-01', 9, 0).toISOString()).toBe('2026-12-01T08:00:00.000Z');
    const [early, late, night] = calendar.chain('2026-12-01', [11, 30], [18, 0], [23, 59]);
    expect(early.getTime()).toBeGreaterThanOrEqual(Date.parse('2026-12-01T10:00:00Z')); // within the last hour
    expect(early < late && late < night && night <= now).toBe(true);
    expect(calendar.at('2026-12-02', 9, 0)).toEqual(now); // a day still to come: the seeding instant
  });

  for (const edge of EDGES)
    it(`seeded at ${edge}: a document's day in order, today's too, on its day and never after`, () => {
      const now = new Date(edge);
      const calendar = demoCalendar(now);
      expect(calendar.today).toBe(todayInParis(now));
      expect(calendar.now).toEqual(now);
      expect(calendar.openedAt < calendar.ago(700, 0, 0)).toBe(true);
      for (const daysAgo of [0, 1, 2, 31, 366]) {
        const day = calendar.day(daysAgo);
        const steps = STEPS.map((s) => calendar.step(day, s));
        const times = calendar.chain(day, [0, 0], [6, 0], [8, 30], [12, 0], [18, 30], [19, 0], [23, 59]);
        for (const list of [steps, times]) {
          for (const [i, at] of list.entries()) {
            expect(todayInParis(at), `${day} #${i}`).toBe(day);
            expect(at.getTime()).toBeLessThanOrEqual(now.getTime());
            if (i > 0) expect(at.getTime()).toBeGreaterThanOrEqual(list[i - 1]!.getTime());
          }
        }
        // Strictly in order, unless the day began less than a minute ago.
        if (now.getTime() - parisDayBounds(calendar.today)[0].getTime() > 60_000)
          for (let i = 1; i < steps.length; i++) expect(steps[i]! > steps[i - 1]!).toBe(true);
        // A step of a later day comes after every step of an earlier one.
        if (daysAgo > 0) expect(calendar.step(calendar.day(daysAgo - 1), 'created') > steps.at(-1)!).toBe(true);
        expect(calendar.filedAt(daysAgo, 7) <= now).toBe(true);
        expect(todayInParis(calendar.filedAt(daysAgo, 7))).toBe(day);
      }
    });

  it('counts months and a year back from a leap day and from the last day of a month', () => {
    expect(monthStart('2028-02-29', 12)).toBe('2027-02-01');
    expect(monthStart('2027-01-31', 1)).toBe('2026-12-01');
    expect(monthStart('2027-03-31', 13)).toBe('2026-02-01');
    const calendar = demoCalendar(new Date('2028-02-29T11:00:00Z'));
    expect(calendar.day(366)).toBe('2027-02-28'); // 2028 is a leap year: 366 days back is 28 February
    expect(calendar.periods(0)).toEqual({
      previousMonth: 'Janvier 2028',
      previousQuarter: '4e trimestre 2027',
      previousYear: 2027,
      lastMidYear: '30-06-2027',
    });
  });
});
