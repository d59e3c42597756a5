import { describe, expect, it } from 'vitest';
import {
  allocateCents,
  discountCents,
  discountValueError,
  DISCOUNT_MESSAGES,
  formatDiscount,
  hasDiscount,
} from './discounts';

describe('discountCents', () => {
  it('percent: round(base × p / 100), half away from zero', () => {
    expect(discountCents(10000, { type: 'percent', value: 10 })).toBe(1000);
    expect(discountCents(333, { type: 'percent', value: 12.5 })).toBe(42); // 41.625
    expect(discountCents(-10000, { type: 'percent', value: 10 })).toBe(-1000); // credit line mirrors
  });

  it('amount: the amount in cents, never more than the base', () => {
    expect(discountCents(10000, { type: 'amount', value: 20 })).toBe(2000);
    expect(discountCents(1500, { type: 'amount', value: 20 })).toBe(1500);
    expect(discountCents(10000, { type: 'percent', value: 150 })).toBe(10000);
  });

  it('no discount, zero or negative values change nothing', () => {
    expect(discountCents(10000, null)).toBe(0);
    expect(discountCents(10000, { type: 'amount', value: 0 })).toBe(0);
    expect(discountCents(10000, { type: 'amount', value: -5 })).toBe(0);
    expect(hasDiscount({ type: 'percent', value: 0 })).toBe(false);
  });
});

describe('allocateCents', () => {
  it('splits to the cent, pro rata, remainders to the largest fractions', () => {
    const parts = allocateCents(100, [
      [20, 1],
      [10, 1],
      [5.5, 1],
    ]);
    expect([...parts.values()]).toEqual([34, 33, 33]);
    expect(
      allocateCents(2000, [
        [20, 30000],
        [5.5, 10000],
      ]),
    ).toEqual(
      new Map([
        [20, 1500],
        [5.5, 500],
      ]),
    );
  });

  it('ignores non-positive weights', () => {
    expect(
      allocateCents(100, [
        [20, -500],
        [10, 1000],
      ]),
    ).toEqual(new Map([[10, 100]]));
  });
});

describe('display and checks', () => {
  it('formats the French way', () => {
    expect(formatDiscount({ type: 'percent', value: 12.5 })).toBe('12,5\u00a0%');
    expect(formatDiscount({ type: 'amount', value: 20 })).toBe('20,00\u00a0€');
    expect(formatDiscount(null)).toBe('');
  });

  it('refuses negative values and percentages above 100', () => {
    expect(discountValueError({ type: 'percent', value: 101 })).toBe(DISCOUNT_MESSAGES.percentRange);
    expect(discountValueError({ type: 'amount', value: -1 })).toBe(DISCOUNT_MESSAGES.negative);
    expect(discountValueError({ type: 'amount', value: 1000 })).toBeNull();
  });
});
