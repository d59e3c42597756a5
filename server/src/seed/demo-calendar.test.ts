import { describe, expect, it } from 'vitest';
import { demoCalendar, filingPeriods, monthName, parisInstant } from './demo-calendar';

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
