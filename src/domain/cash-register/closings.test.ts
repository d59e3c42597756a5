import { describe, expect, it } from 'vitest';
import { CASH_MESSAGES, plannedClosings } from './closings';

const kinds = (day: string, prev: string | null) =>
  plannedClosings(day, prev).map((p) => `${p.kind} ${p.periodStart}…${p.periodEnd}`);

describe('closings planned with a day', () => {
  it('a day inside a month: its J only', () => {
    expect(kinds('2026-11-12', '2026-11-10')).toEqual(['J 2026-11-12…2026-11-12']);
    expect(kinds('2026-11-12', null)).toEqual(['J 2026-11-12…2026-11-12']);
  });

  it('the last day of a month closes the month; the 31/12 the year too', () => {
    expect(kinds('2026-11-30', '2026-11-28')).toEqual(['J 2026-11-30…2026-11-30', 'M 2026-11-01…2026-11-30']);
    expect(kinds('2026-12-31', '2026-12-30')).toEqual([
      'J 2026-12-31…2026-12-31',
      'M 2026-12-01…2026-12-31',
      'A 2026-01-01…2026-12-31',
    ]);
  });

  it('a month whose last days had no activity is closed by the next day closed, before its J', () => {
    expect(kinds('2026-12-01', '2026-11-28')).toEqual(['M 2026-11-01…2026-11-30', 'J 2026-12-01…2026-12-01']);
    expect(kinds('2027-01-02', '2026-12-29')).toEqual([
      'M 2026-12-01…2026-12-31',
      'A 2026-01-01…2026-12-31',
      'J 2027-01-02…2027-01-02',
    ]);
    // Already closed with the 30/11: not twice.
    expect(kinds('2026-12-01', '2026-11-30')).toEqual(['J 2026-12-01…2026-12-01']);
  });

  it('names the open day in French', () => {
    expect(CASH_MESSAGES.earlierOpen('2026-11-12')).toBe(
      'La journée du 12/11/2026 n’est pas clôturée : clôturez-la d’abord.',
    );
  });
});
