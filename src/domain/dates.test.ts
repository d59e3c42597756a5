import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { formatDate, formatDateLong, formatDateTime } from './format';
import {
  addDays,
  compareDates,
  dueDateFor,
  endOfMonth,
  isIsoDate,
  isSameMonth,
  onInvoiceTypeChange,
  quoteValidityFor,
  todayInParis,
} from './dates';

describe('calendar arithmetic', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-11-21', 30)).toBe('2026-12-21');
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // The DST change in Paris (last Sunday of March) must not shift anything.
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('addDays(n) then addDays(-n) comes back', () => {
    const day = fc.integer({ min: 0, max: 36_500 }).map((n) => addDays('2000-01-01', n));
    fc.assert(fc.property(day, fc.integer({ min: -5000, max: 5000 }), (d, n) => addDays(addDays(d, n), -n) === d));
  });

  it('compares, tests months and finds the end of a month', () => {
    expect(compareDates('2026-01-31', '2026-02-01')).toBe(-1);
    expect(compareDates('2026-02-01', '2026-02-01')).toBe(0);
    expect(compareDates('2027-01-01', '2026-12-31')).toBe(1);
    expect(isSameMonth('2026-11-01', '2026-11-30')).toBe(true);
    expect(isSameMonth('2026-11-30', '2026-12-01')).toBe(false);
    expect(isSameMonth('2025-11-30', '2026-11-30')).toBe(false);
    expect(endOfMonth('2026-02-10')).toBe('2026-02-28');
    expect(endOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(endOfMonth('2026-12-01')).toBe('2026-12-31');
  });

  it('recognises real ISO dates only', () => {
    expect(isIsoDate('2026-11-21')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('21/11/2026')).toBe(false);
    expect(isIsoDate('')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
    expect(() => addDays('demain', 1)).toThrow(RangeError);
  });
});

describe('date rules (INV-24, INV-25, QUO-14)', () => {
  it('due date = billing date + customer delay, 30 days by default', () => {
    expect(dueDateFor('2026-11-21')).toBe('2026-12-21');
    expect(dueDateFor('2026-11-21', null)).toBe('2026-12-21');
    expect(dueDateFor('2026-11-21', 45)).toBe('2027-01-05');
    expect(dueDateFor('2026-11-21', 0)).toBe('2026-11-21'); // payment on receipt
    expect(dueDateFor('2026-11-21', Number.NaN)).toBe('2026-12-21');
    expect(dueDateFor('', 30)).toBeNull();
    expect(dueDateFor(null)).toBeNull();
  });

  it("changing the type to 'Avoir' clears the due date, other types keep it", () => {
    expect(onInvoiceTypeChange('Avoir', '2026-12-21')).toBeNull();
    expect(onInvoiceTypeChange('Facture', '2026-12-21')).toBe('2026-12-21');
    expect(onInvoiceTypeChange('', '2026-12-21')).toBe('2026-12-21');
  });

  it('a quote is valid 30 days after its creation', () => {
    expect(quoteValidityFor('2026-11-21')).toBe('2026-12-21');
    expect(quoteValidityFor('2026-02-01')).toBe('2026-03-03');
    expect(quoteValidityFor('')).toBeNull();
  });
});

describe('French formats', () => {
  it('short and long dates', () => {
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    expect(formatDate('2026-11-21T10:00:00Z')).toBe('21/11/2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('n/a')).toBe('n/a');
    expect(formatDateLong('2026-11-21')).toBe('21 nov. 2026');
    expect(formatDateLong('2026-05-01')).toBe('1 mai 2026');
    expect(formatDateLong('2026-07-14')).toBe('14 juil. 2026');
    expect(formatDateLong('')).toBe('');
  });

  it('date and time in Paris, winter and summer time', () => {
    expect(formatDateTime('2026-11-21T13:05:00Z')).toBe('21/11/2026 à 14:05');
    expect(formatDateTime('2026-07-01T22:30:00Z')).toBe('02/07/2026 à 00:30');
    expect(formatDateTime('2026-11-21T13:05:00+01:00', 'UTC')).toBe('21/11/2026 à 12:05');
    expect(formatDateTime('pas une date')).toBe('pas une date');
    expect(formatDateTime(undefined)).toBe('');
  });

  it("today in Paris is the Paris calendar day, whatever the machine's zone", () => {
    expect(todayInParis(new Date('2026-11-21T22:59:59Z'))).toBe('2026-11-21');
    expect(todayInParis(new Date('2026-11-21T23:00:00Z'))).toBe('2026-11-22');
    expect(todayInParis(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01'); // UTC+2 in summer
    expect(todayInParis(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});
