import { describe, expect, it } from 'vitest';
import { monthlyCounts } from './monthly-counts';

describe('monthlyCounts', () => {
  it('counts per Paris month over the last months, oldest first, empty months kept', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    const counts = monthlyCounts(
      ['2026-11-02T08:00:00Z', '2026-10-31T23:30:00Z', '2026-09-15T12:00:00Z', '2025-01-01T00:00:00Z'],
      now,
      3,
    );
    // 31 Oct 23:30 UTC is 1 Nov 00:30 in Paris.
    expect(counts).toEqual([
      { month: '2026-09', label: 'sept. 2026', count: 1 },
      { month: '2026-10', label: 'oct. 2026', count: 0 },
      { month: '2026-11', label: 'nov. 2026', count: 2 },
    ]);
  });

  it('crosses the year boundary', () => {
    expect(monthlyCounts([], new Date('2026-01-10T10:00:00Z'), 2).map((c) => c.month)).toEqual(['2025-12', '2026-01']);
  });
});
