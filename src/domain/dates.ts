// Calendar dates as 'YYYY-MM-DD' strings. Arithmetic goes through Date.UTC so no local time
// zone or daylight-saving change can shift a day; "today" is always given by the caller.
import type { InvoiceType } from './types';

export const DEFAULT_PAYMENT_DELAY_DAYS = 30;
export const QUOTE_VALIDITY_DAYS = 30;
export const PARIS_TIME_ZONE = 'Europe/Paris';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A real calendar date in the 'YYYY-MM-DD' form ('2026-02-30' is not). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/**
 * The calendar dates any screen or filter accepts (decision 009): far beyond any real invoice or
 * period, and within what every date computation here (and PostgreSQL's) handles.
 */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2100-12-31';
export const DATE_OUT_OF_BOUNDS = 'La date doit être comprise entre le 01/01/1900 et le 31/12/2100.';

/** A real calendar date between MIN_DATE and MAX_DATE (the ISO form sorts lexically). */
export function isDateInBounds(value: unknown): value is string {
  return isIsoDate(value) && value >= MIN_DATE && value <= MAX_DATE;
}

/** What is wrong with a date filter: its form ('2026-2-3', '2026-02-30') or its range ('0001-01-01'). */
export function dateFilterProblem(value: string): 'format' | 'bounds' | null {
  if (!ISO_DATE.test(value)) return 'format';
  if (value < MIN_DATE || value > MAX_DATE) return 'bounds';
  return isIsoDate(value) ? null : 'format';
}

function toUtcMs(date: string): number {
  if (!isIsoDate(date)) throw new RangeError(`Date invalide : ${date}`);
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, n: number): string {
  return fromUtcMs(toUtcMs(date) + Math.trunc(n) * DAY_MS);
}

/** -1, 0 or 1; the ISO form sorts lexically, so no parsing is needed. */
export function compareDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function isSameMonth(a: string, b: string): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

export function endOfMonth(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return fromUtcMs(Date.UTC(y, m, 0)); // day 0 of next month = last day of this one
}

/** INV-25: due date = billing date + the customer's paymentDelay, 30 days by default. */
export function dueDateFor(billingDate: string | null | undefined, paymentDelay?: number | null): string | null {
  if (!isIsoDate(billingDate)) return null;
  const delay =
    typeof paymentDelay === 'number' && Number.isFinite(paymentDelay) && paymentDelay >= 0
      ? paymentDelay
      : DEFAULT_PAYMENT_DELAY_DAYS;
  return addDays(billingDate, delay);
}

/** INV-24: a credit note (Avoir) has no due date; other types keep the current one. */
export function onInvoiceTypeChange(type: InvoiceType | '' | null | undefined, dueDate: string | null): string | null {
  return type === 'Avoir' ? null : dueDate;
}

/** QUO-14: a quote is valid 30 days after its creation by default. */
export function quoteValidityFor(creationDate: string | null | undefined): string | null {
  return isIsoDate(creationDate) ? addDays(creationDate, QUOTE_VALIDITY_DAYS) : null;
}

// Display ('23/11/2026', '23 nov. 2026', '23/11/2026 à 14:05'): ./format.ts.

function partsIn(instant: Date, timeZone: string): Record<string, string> {
  const fmt = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(fmt.formatToParts(instant).map((p) => [p.type, p.value]));
}

/** The calendar day in Paris at the given instant (the server's "today", api-conventions). */
export function todayInParis(now: Date): string {
  const p = partsIn(now, PARIS_TIME_ZONE);
  return `${p.year}-${p.month}-${p.day}`;
}
