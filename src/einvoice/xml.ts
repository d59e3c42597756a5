// Decision 046: the few helpers the two XML writers (cii.ts, ubl.ts) share: escaping and numbers as the
// XSDs want them (a decimal point, no exponent, never a float artefact like 0.30000000000000004).
import Decimal from 'decimal.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text for an element or an attribute: the five XML escapes, and the characters XML 1.0 forbids
 * (controls other than tab and line breaks, lone surrogates, U+FFFE/U+FFFF) dropped.
 */
export function esc(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(FORBIDDEN, '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
const NEEDS_WORK = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The exact decimal a number stands for, rounded half away from zero to `places`. */
function decimal(n: number, places: number): Decimal {
  return new Decimal(Number.isFinite(n) ? n : 0).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
}

/**
 * Fast path: `n` is (up to float noise) a whole number of 10^-places, as our amounts always are
 * (they come from integer cents): printed from that integer. Otherwise null (Decimal decides).
 */
function scaled(n: number, places: number, minPlaces: number): string | null {
  const factor = 10 ** places;
  const x = n * factor;
  const units = Math.round(x);
  if (!Number.isSafeInteger(units) || Math.abs(x - units) > 1e-6 * Math.max(1, Math.abs(x) / 1e6)) return null;
  const sign = units < 0 ? '-' : '';
  const digits = String(Math.abs(units)).padStart(places + 1, '0');
  let whole = digits.slice(0, digits.length - places);
  let frac = digits.slice(digits.length - places);
  let end = frac.length;
  while (end > minPlaces && frac[end - 1] === '0') end--;
  frac = frac.slice(0, end);
  whole = whole || '0';
  return (units === 0 ? '' : sign) + whole + (frac ? `.${frac}` : '');
}

/** An amount with exactly 2 decimals: 1234.5 → '1234.50', -0 → '0.00'. */
export function amount(n: number): string {
  const fast = scaled(n, 2, 2);
  if (fast !== null) return fast;
  const d = decimal(n, 2);
  return (d.isZero() ? new Decimal(0) : d).toFixed(2);
}

/** A unit price: at least 2 decimals, more only when the price has them (up to 6): 8.325 → '8.325'. */
export function price(n: number): string {
  const fast = scaled(n, 6, 2);
  if (fast !== null) return fast;
  const d = decimal(n, 6);
  return d.decimalPlaces() <= 2 ? amount(d.toNumber()) : d.toFixed();
}

/** A quantity or a percentage: as few decimals as it needs (up to 4), '2.5', '20', '5.5'. */
export function quantity(n: number): string {
  const fast = scaled(n, 4, 0);
  if (fast !== null) return fast;
  const d = decimal(n, 4);
  return (d.isZero() ? new Decimal(0) : d).toFixed();
}

/** 'YYYY-MM-DD' → 'YYYYMMDD' (CII date format 102). */
export function date102(isoDate: string): string {
  return isoDate.slice(0, 10).replace(/-/g, '');
}

/** An element with text, or '' when the value is empty (optional elements are left out). */
export function el(name: string, value: string | undefined | null, attrs = ''): string {
  if (value === undefined || value === null || value === '') return '';
  return `<${name}${attrs}>${esc(value)}</${name}>`;
}
