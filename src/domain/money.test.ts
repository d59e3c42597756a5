import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { formatMoney } from './format';
import { fromCents, parseFrenchNumber, roundPrice, toCents } from './money';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('toCents / fromCents', () => {
  it('converts without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101); // a float multiply would give 100.49999…
    expect(toCents('12,34')).toBe(1234);
    expect(fromCents(1234)).toBe(12.34);
    expect(fromCents(-5)).toBe(-0.05);
  });

  it('rounds half away from zero, symmetric for negatives', () => {
    expect(toCents(0.125)).toBe(13);
    expect(toCents(-0.125)).toBe(-13);
    expect(toCents(0.124)).toBe(12);
  });

  it('reads blank and unreadable values as 0', () => {
    expect(toCents('')).toBe(0);
    expect(toCents(null)).toBe(0);
    expect(toCents(Number.NaN)).toBe(0);
    expect(toCents('abc')).toBe(0);
  });

  it('round-trips any cent amount', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => toCents(fromCents(c)) === c));
  });
});

describe('roundPrice', () => {
  it('keeps two decimals, half away from zero', () => {
    expect(roundPrice(2.675)).toBe(2.68); // float says 2.67
    expect(roundPrice(-2.675)).toBe(-2.68);
    expect(roundPrice(10)).toBe(10);
    expect(roundPrice(1.994)).toBe(1.99);
    expect(roundPrice(-0.001)).toBe(0); // never -0
    expect(Object.is(roundPrice(-0.001), -0)).toBe(false);
  });
});

describe('formatMoney', () => {
  it('writes French euros as Intl does', () => {
    expect(formatMoney(1234.56)).toBe(`1${NNBSP}234,56${NBSP}€`);
    expect(formatMoney(0)).toBe(`0,00${NBSP}€`);
    expect(formatMoney(-1234.5)).toBe(`-1${NNBSP}234,50${NBSP}€`);
    expect(formatMoney(1234567.891)).toBe(`1${NNBSP}234${NNBSP}567,89${NBSP}€`);
    expect(formatMoney('12,5')).toBe(`12,50${NBSP}€`);
  });

  it('prints nothing for missing values instead of NaN €', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
    expect(formatMoney('abc')).toBe('');
  });
});

describe('parseFrenchNumber', () => {
  it.each([
    ['1 234,56', 1234.56],
    ['1234.56', 1234.56],
    ['1234,56', 1234.56],
    [`1${NNBSP}234,56${NBSP}€`, 1234.56],
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['1.234.567', 1234567],
    ['-3,5', -3.5],
    ['+2', 2],
    [',5', 0.5],
    ['12,', 12],
    ['0', 0],
    ['-0', 0],
  ])('%s → %d', (input, expected) => {
    expect(parseFrenchNumber(input)).toBe(expected);
  });

  it.each(['', ' ', 'abc', '1,2,3,4.5.6', '1.2.3', '12a', '--1', '.', '1e5', '1.23,4,5'])('%j → null', (input) => {
    expect(parseFrenchNumber(input)).toBeNull();
  });

  it('passes finite numbers through and refuses others', () => {
    expect(parseFrenchNumber(12.5)).toBe(12.5);
    expect(parseFrenchNumber(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseFrenchNumber(null)).toBeNull();
  });

  it('reads back what formatMoney writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        const euros = fromCents(cents);
        return parseFrenchNumber(formatMoney(euros)) === euros;
      }),
    );
  });
});
