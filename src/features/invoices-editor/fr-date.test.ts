import { describe, expect, it } from 'vitest';
import { parseFrDate } from './fr-date';

describe('parseFrDate', () => {
  it('reads French dates and refuses impossible ones', () => {
    expect(parseFrDate('21/11/2026')).toBe('2026-11-21');
    expect(parseFrDate(' 1/2/2026 ')).toBe('2026-02-01');
    expect(parseFrDate('21.11.2026')).toBe('2026-11-21');
    expect(parseFrDate('2026-11-21')).toBe('2026-11-21');
    expect(parseFrDate('30/02/2026')).toBeNull();
    expect(parseFrDate('demain')).toBeNull();
  });
});
