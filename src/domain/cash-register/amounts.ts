// Amounts of the cash journal: JSON numbers of euros with at most 2 decimals, kept as integer cents
// (never float sums). Negative only for a correction that names its original (idTypeMouvLie).
import Decimal from 'decimal.js';

/** 10 million euros per line: far above any shop's day, far below the integer-cent safe range. */
export const MAX_MOVEMENT_CENTS = 1_000_000_000;

export type AmountCheck = { ok: true; cents: number } | { ok: false; message: string };

const label = (field: string) => `Le montant « ${field} »`;

/**
 * Checks one amount of a movement and gives its cents. `field` names it in the message
 * (`movements[2].amount`); `correction` allows a negative amount.
 */
export function checkAmount(value: unknown, field: string, opts: { correction: boolean }): AmountCheck {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return { ok: false, message: `${label(field)} doit être un nombre.` };
  const d = new Decimal(value);
  if (d.decimalPlaces() > 2) return { ok: false, message: `${label(field)} doit avoir au plus deux décimales.` };
  const cents = d.times(100).toNumber();
  if (cents === 0) return { ok: false, message: `${label(field)} ne peut pas être nul.` };
  if (cents < 0 && !opts.correction)
    return {
      ok: false,
      message: `${label(field)} ne peut être négatif que pour une correction qui nomme le mouvement corrigé (idTypeMouvLie).`,
    };
  if (Math.abs(cents) > MAX_MOVEMENT_CENTS)
    return { ok: false, message: `${label(field)} ne peut pas dépasser 10 000 000 € (en valeur absolue).` };
  return { ok: true, cents };
}

/** The counted drawer: a total of at most 2 decimals, zero or more. */
export function checkCounted(value: unknown, field: string): AmountCheck {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return { ok: false, message: `${label(field)} doit être un nombre.` };
  const d = new Decimal(value);
  if (d.decimalPlaces() > 2) return { ok: false, message: `${label(field)} doit avoir au plus deux décimales.` };
  const cents = d.times(100).toNumber();
  if (cents < 0) return { ok: false, message: `${label(field)} ne peut pas être négatif.` };
  if (cents > MAX_MOVEMENT_CENTS) return { ok: false, message: `${label(field)} ne peut pas dépasser 10 000 000 €.` };
  return { ok: true, cents };
}

/** Notes and coins of the euro, in cents, by the text the count uses as key ('50', '0.2'). */
export const DENOMINATIONS = [
  '500',
  '200',
  '100',
  '50',
  '20',
  '10',
  '5',
  '2',
  '1',
  '0.5',
  '0.2',
  '0.1',
  '0.05',
  '0.02',
  '0.01',
];

/** The total of a count by notes and coins, in cents; null when a key is not a euro note or coin. */
export function countDetailCents(detail: Record<string, number>): number | null {
  let total = 0;
  for (const [key, n] of Object.entries(detail)) {
    if (!DENOMINATIONS.includes(key) || !Number.isInteger(n) || n < 0) return null;
    total += new Decimal(key).times(100).toNumber() * n;
  }
  return total;
}

/** Integer cents → euros for JSON (exact: cents / 100 is the nearest double of the decimal). */
export const euros = (cents: number): number => (cents === 0 ? 0 : cents / 100);
