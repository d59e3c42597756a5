// Select options of the article modal from the invoice environment (VAT rates, sales accounts,
// units). The article's current value is always offered, even when the environment no longer
// lists it (or was never loaded on this device), so opening an article never blanks a field.
import type { PlumeEnvironment } from '../../data/db';
import { formatPercent } from '../../domain/format';

export interface Option {
  value: string;
  label: string;
}

const arrayOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

function withCurrent(options: Option[], current: string, label = current): Option[] {
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label }];
}

/** VAT values are the rate written with a dot ('5.5'): what parseFrenchNumber and onVatChange read. */
export function vatOptions(env: PlumeEnvironment | null | undefined, current: number): Option[] {
  const rates = arrayOf<number>(env?.invoice?.vatRates).filter((r) => typeof r === 'number');
  const options = rates.map((r) => ({ value: String(r), label: formatPercent(r) }));
  return withCurrent(options, String(current), formatPercent(current));
}

export function accountOptions(env: PlumeEnvironment | null | undefined, current: string): Option[] {
  const accounts = arrayOf<{ number?: string; label?: string }>(env?.invoice?.accountsSale).filter((a) => a?.number);
  return withCurrent(
    accounts.map((a) => ({ value: String(a.number), label: a.label ? `${a.number} – ${a.label}` : String(a.number) })),
    current,
  );
}

export function unitOptions(env: PlumeEnvironment | null | undefined, current: string): Option[] {
  const units = arrayOf<{ label?: string }>(env?.invoice?.unitsMeasurement)
    .map((u) => u?.label)
    .filter((l): l is string => !!l);
  return withCurrent(
    [...new Set(units)].map((l) => ({ value: l, label: l })),
    current,
  );
}
