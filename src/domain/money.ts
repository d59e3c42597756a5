// Money helpers. Arithmetic goes through decimal.js so 0.1 + 0.2 stays 0.3 and 1.005 rounds
// to 1.01 (a float would say 1.00); numbers only appear at the edges (JSON, inputs, display).
import Decimal from 'decimal.js';

/** Anything a caller may hold an amount in: JSON number, Drizzle numeric string, Decimal. */
export type MoneyInput = number | string | Decimal;

/** ROUND_HALF_UP in decimal.js is "half away from zero": 2.5 → 3 and -2.5 → -3. */
const HALF_AWAY = Decimal.ROUND_HALF_UP;

/** Empty or unreadable inputs count as zero: a half-typed field must not crash a total. */
export function toDecimal(x: MoneyInput | null | undefined): Decimal {
  if (x instanceof Decimal) return x.isFinite() ? x : new Decimal(0);
  if (x === null || x === undefined || x === '') return new Decimal(0);
  if (typeof x === 'number') return Number.isFinite(x) ? new Decimal(x) : new Decimal(0);
  const parsed = parseFrenchNumber(x);
  return parsed === null ? new Decimal(0) : new Decimal(parsed);
}

/** Euros → integer cents, half away from zero. */
export function toCents(x: MoneyInput | null | undefined): number {
  return toDecimal(x).times(100).toDecimalPlaces(0, HALF_AWAY).toNumber();
}

/** Integer cents → euros (exact division by 100, then the nearest double). */
export function fromCents(cents: number): number {
  return normalizeZero(toDecimal(cents).dividedBy(100).toNumber());
}

/** INV-28, LIMIT-19: prices are rounded to 2 decimals, half away from zero. */
export function roundPrice(x: MoneyInput | null | undefined): number {
  return normalizeZero(toDecimal(x).toDecimalPlaces(2, HALF_AWAY).toNumber());
}

// Display: formatMoney in ./format.ts (the one French formatting module).

/**
 * Reads a number typed the French way: '1 234,56', '1234.56', '1.234,56', '-3,5', '12 €'.
 * When both ',' and '.' appear the last one is the decimal mark and the others group
 * thousands; one kind repeated ('1.234.567') is grouping. Returns null when unreadable.
 */
export function parseFrenchNumber(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? normalizeZero(input) : null;
  if (input === null || input === undefined) return null;
  // Spaces of any kind (typed, NBSP, narrow NBSP from our own formatting) and a trailing €.
  const s = input.replace(/[\s\u00a0\u202f]/g, '').replace(/€$/, '');
  const m = /^([+-]?)([\d.,]+)$/.exec(s);
  if (!m) return null;
  const body = m[2];
  const lastComma = body.lastIndexOf(',');
  const lastDot = body.lastIndexOf('.');
  let intPart = body;
  let fraction = '';
  let groupMark: string | null = null;
  if (lastComma >= 0 && lastDot >= 0) {
    const decimalAt = Math.max(lastComma, lastDot);
    intPart = body.slice(0, decimalAt);
    fraction = body.slice(decimalAt + 1);
    groupMark = lastComma > lastDot ? '.' : ',';
  } else if (lastComma >= 0 || lastDot >= 0) {
    const mark = lastComma >= 0 ? ',' : '.';
    const parts = body.split(mark);
    if (parts.length > 2)
      groupMark = mark; // '1.234.567': grouping only
    else [intPart, fraction] = parts; // '12,5', '1.5', ',5'
  }
  if (groupMark !== null && !isGrouped(intPart, groupMark)) return null;
  const digits = groupMark === null ? intPart : intPart.split(groupMark).join('');
  if (!/^\d*$/.test(digits) || !/^\d*$/.test(fraction) || digits + fraction === '') return null;
  return normalizeZero(new Decimal(`${m[1]}${digits || '0'}.${fraction || '0'}`).toNumber());
}

/** Thousands groups must really be groups of three ('1.2.3' is not a number). */
function isGrouped(intPart: string, mark: string): boolean {
  const groups = intPart.split(mark);
  return /^\d{1,3}$/.test(groups[0]) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
}

/** -0 would print as '-0,00 €'. */
function normalizeZero(n: number): number {
  return Object.is(n, -0) ? 0 : n;
}
