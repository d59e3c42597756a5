// Select options of the customer form from the invoice environment; the customer's current value
// is always offered, even when the environment does not list it (or was never loaded here).
import type { PlumeEnvironment } from '../../data/db';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];

function withCurrent(list: string[], current: string | undefined): string[] {
  const unique = [...new Set(list)];
  return current && !unique.includes(current) ? [...unique, current] : unique;
}

export const paymentModeOptions = (env: PlumeEnvironment | null | undefined, current?: string) =>
  withCurrent(strings(env?.invoice?.meansOfPayment), current);
export const civilityOptions = (env: PlumeEnvironment | null | undefined, current?: string) =>
  withCurrent(strings(env?.invoice?.civilities), current);
