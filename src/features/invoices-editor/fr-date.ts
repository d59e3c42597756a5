import { isIsoDate } from '../../domain/dates';

/** What a user types in a date field, French style ('21/11/2026', '1/2/2026', '21.11.2026') → 'YYYY-MM-DD', or null. */
export function parseFrDate(text: string): string | null {
  const value = text.trim();
  if (isIsoDate(value)) return value;
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (!m) return null;
  const iso = `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}
