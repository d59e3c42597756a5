// Dates and times in French (fr-FR through Intl), part of the one formatting module (format.ts
// re-exports them). Apart from format.ts so that code which must stay tiny (app.html's last-home
// picture, decision 060) can show a date without the money formatters and decimal.js.

const LOCALE = 'fr-FR';
const PARIS = 'Europe/Paris';
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

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

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A moment in the device's own time zone, as formatDateTime writes it ('27/11/2026 à 21:10'),
 * without Intl: building a time-zone formatter costs about 200 ms on a slow tablet's first use,
 * which app.html's last-home picture cannot wait (decision 060). Local time is what the device's
 * user lived it in.
 */
export function formatDeviceDateTime(epochMs: number): string {
  const d = new Date(epochMs);
  if (Number.isNaN(d.getTime())) return '';
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} à ${two(d.getHours())}:${two(d.getMinutes())}`;
}
