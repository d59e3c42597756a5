// The one French formatting module (fr-FR through Intl), for the app's screens and the PDF
// renderer alike (src/pdf draws every text through normalizeSpaces, which turns Intl's narrow
// no-break spaces into plain ones). Pure: no I/O, no clock, no DOM.
//
// Spaces are Intl's, never typed by hand: U+202F (narrow no-break) between thousands and before
// units, U+00A0 (no-break) before € and %. Values are rounded half away from zero on their decimal
// text first (decimal.js), so 1.005 shows as 1,01 € in the app and in the PDF.
import { parseFrenchNumber, toDecimal, type MoneyInput } from './money';

const LOCALE = 'fr-FR';
const PARIS = 'Europe/Paris';
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function rounded(n: MoneyInput, decimals: number): number {
  const value = toDecimal(n).toDecimalPlaces(decimals, 4 /* ROUND_HALF_UP: half away from zero */).toNumber();
  return value === 0 ? 0 : value; // no '-0'
}

const readable = (n: MoneyInput | null | undefined): n is MoneyInput => {
  if (n === null || n === undefined || n === '') return false;
  if (typeof n === 'number') return Number.isFinite(n);
  return typeof n === 'string' ? parseFrenchNumber(n) !== null : n.isFinite();
};

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.NumberFormat(LOCALE, options)));
  return f;
}

/** 1234.56 → '1 234,56 €'; '' when the value cannot be read (never 'NaN €'). */
export function formatMoney(n: MoneyInput | null | undefined): string {
  return readable(n) ? numberFormat({ style: 'currency', currency: 'EUR' }).format(rounded(n, 2)) : '';
}

/** Chart axes: 850 → '850 €', 12 400 → '12,4 k€', 1 200 000 → '1,2 M€'. */
export function formatMoneyCompact(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1_000_000) return `${formatNumber(n / 1_000_000, 1)}\u00a0M€`;
  if (abs >= 1_000) return `${formatNumber(n / 1_000, 1)}\u00a0k€`;
  return `${formatNumber(n, 0)}\u00a0€`;
}

/**
 * 1234.5 → '1 234,5': up to maxDecimals decimals, trailing zeros dropped down to minDecimals
 * (a unit price: formatNumber(1.3, 2, 2) → '1,30'); '' when unreadable.
 */
export function formatNumber(n: MoneyInput | null | undefined, maxDecimals = 2, minDecimals = 0): string {
  if (!readable(n)) return '';
  const f = numberFormat({ minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals });
  return f.format(rounded(n, maxDecimals));
}

/**
 * A count: 12345 → '12 345'; with nouns, the French plural from 2 on: (0, 'facture', 'factures')
 * → '0 facture', (2, …) → '2 factures'. many defaults to one + 's'.
 */
export function formatCount(n: number, one?: string, many: string = `${one}s`): string {
  const figure = formatNumber(n, 0);
  return one === undefined ? figure : `${figure} ${Math.abs(n) >= 2 ? many : one}`;
}

/** A rate given in percent: 20 → '20 %', 5.5 → '5,5 %', 10.125 → '10,13 %'. */
export function formatPercent(rate: MoneyInput | null | undefined, maxDecimals = 2): string {
  return readable(rate) ? `${formatNumber(rate, maxDecimals)}\u00a0%` : '';
}

/**
 * What an input field shows while editing: no grouping, decimal comma. decimals fixes the count
 * (amounts: 2 → '1234,50'), else up to maxDecimals (quantities: '2,5'). '' when unreadable.
 */
export function formatInputNumber(n: number, opts: { decimals?: number; maxDecimals?: number } = {}): string {
  if (!Number.isFinite(n)) return '';
  const max = opts.decimals ?? opts.maxDecimals ?? 2;
  const f = numberFormat({ minimumFractionDigits: opts.decimals ?? 0, maximumFractionDigits: max, useGrouping: false });
  return f.format(rounded(n, max));
}

/**
 * A calendar date '2026-11-23' → '23/11/2026'; an ISO instant ('2026-11-23T23:30:00Z') → its day
 * in Paris ('24/11/2026'). Anything else is shown as given.
 */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '';
  if (date.length > 10 && date[10] === 'T' && !Number.isNaN(Date.parse(date))) {
    const p = partsIn(new Date(date), PARIS);
    return `${p.day}/${p.month}/${p.year}`;
  }
  const m = ISO_DATE.exec(date.slice(0, 10));
  return m ? `${m[3]}/${m[2]}/${m[1]}` : date;
}

const LONG_DATE = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '2026-11-23' → '23 nov. 2026'. */
export function formatDateLong(date: string | null | undefined): string {
  if (!date) return '';
  return ISO_DATE.test(date.slice(0, 10)) ? LONG_DATE.format(new Date(`${date.slice(0, 10)}T00:00:00Z`)) : date;
}

const timeParts = new Map<string, Intl.DateTimeFormat>();
function partsIn(instant: Date, timeZone: string): Record<string, string> {
  let f = timeParts.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    timeParts.set(timeZone, f);
  }
  return Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
}

/** An ISO instant ('2026-11-23T13:05:00Z') → '23/11/2026 à 14:05', in Paris time by default. */
export function formatDateTime(isoInstant: string | null | undefined, timeZone: string = PARIS): string {
  if (!isoInstant) return '';
  const instant = new Date(isoInstant);
  if (Number.isNaN(instant.getTime())) return isoInstant;
  const p = partsIn(instant, timeZone);
  return `${p.day}/${p.month}/${p.year} à ${p.hour}:${p.minute}`;
}

const MONTHS = {
  short: new Intl.DateTimeFormat(LOCALE, { month: 'short', year: '2-digit', timeZone: 'UTC' }),
  shortYear: new Intl.DateTimeFormat(LOCALE, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** '2026-03' → 'mars 26' (short), 'mars 2026' (shortYear: 'nov. 2026'), 'mars 2026' (long: 'novembre 2026'). */
export function formatMonth(month: string, style: keyof typeof MONTHS = 'long'): string {
  return MONTHS[style].format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * File and storage sizes, 1 ko = 1024 o (like the 50 Mo upload limit): 512 → '512 o',
 * 1536 → '1,5 ko', 13 002 342 → '12,4 Mo', 262 144 000 → '250 Mo' (one decimal below 100).
 * '' for a negative or unreadable size.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const decimals = unit === 0 || value >= 100 ? 0 : 1;
  const v = rounded(value, decimals);
  return numberFormat({
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: decimals,
  }).format(v);
}
