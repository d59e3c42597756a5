// Discounts (remises) of decision 012, in integer cents like the totals of INV-27. A discount
// is taken off an amount excluding tax, before VAT (CGI art. 267: rebates granted to the customer
// are not part of the taxable base). Computation clamps (a discount never turns an amount
// negative); the checks below refuse, in French, what the computation would have to clamp.
import Decimal from 'decimal.js';
import { formatMoney, formatPercent } from './format';
import { toDecimal } from './money';
import type { Discount } from './types';

export const DISCOUNT_MESSAGES = {
  percentRange: 'Une remise en pourcentage doit être comprise entre 0 et 100 %.',
  negative: 'Une remise ne peut pas être négative.',
  lineTooLarge: 'La remise d’une ligne ne peut pas dépasser le montant de cette ligne.',
  documentTooLarge: 'La remise globale ne peut pas dépasser le total HT du document.',
} as const;

/** A discount that changes something: a known type and a value above 0. */
export function hasDiscount(d: Discount | null | undefined): d is Discount {
  return !!d && (d.type === 'percent' || d.type === 'amount') && toDecimal(d.value).greaterThan(0);
}

/**
 * The discount on `baseCents`, same sign as the base and never larger than it:
 * percent → round(base × p / 100); amount → the amount in cents. Half away from zero.
 */
export function discountCents(baseCents: number, d: Discount | null | undefined): number {
  if (!hasDiscount(d) || baseCents === 0) return 0;
  const magnitude = Math.abs(baseCents);
  const raw =
    d.type === 'percent'
      ? Decimal.min(toDecimal(d.value), 100).times(magnitude).dividedBy(100)
      : toDecimal(d.value).times(100);
  const cents = Math.min(raw.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber(), magnitude);
  return Math.sign(baseCents) * cents;
}

/**
 * Splits `total` cents over positive weights pro rata, to the cent (largest remainder; ties go
 * to the first key in the given order). Σ parts = total, and each part ≤ its weight when
 * total ≤ Σ weights, so no VAT base is pushed below zero.
 */
export function allocateCents<K>(total: number, weights: ReadonlyArray<readonly [K, number]>): Map<K, number> {
  const parts = new Map<K, number>();
  const positive = weights.filter(([, w]) => w > 0);
  const sum = positive.reduce((s, [, w]) => s + w, 0);
  if (total <= 0 || sum <= 0) return parts;
  let given = 0;
  const rest: Array<{ key: K; remainder: number; index: number }> = [];
  positive.forEach(([key, w], index) => {
    const exact = new Decimal(total).times(w).dividedBy(sum);
    const floor = exact.floor().toNumber();
    parts.set(key, floor);
    given += floor;
    rest.push({ key, remainder: exact.minus(floor).toNumber(), index });
  });
  rest.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (let i = 0; i < total - given; i++) parts.set(rest[i].key, (parts.get(rest[i].key) ?? 0) + 1);
  return parts;
}

/** '10 %' or '20,00 €' (amounts excluding tax), for screens and the PDF. */
export function formatDiscount(d: Discount | null | undefined): string {
  if (!hasDiscount(d)) return '';
  if (d.type === 'amount') return formatMoney(d.value);
  return formatPercent(d.value);
}

/** Structural problems of one discount (the sizes are judged against amounts by the checks). */
export function discountValueError(d: Discount | null | undefined): string | null {
  if (!d) return null;
  const v = toDecimal(d.value);
  if (v.isNegative()) return DISCOUNT_MESSAGES.negative;
  if (d.type === 'percent' && v.greaterThan(100)) return DISCOUNT_MESSAGES.percentRange;
  return null;
}
