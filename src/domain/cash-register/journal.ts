// The balance rule of a day's journal (CASH-1): balanceInitial = previous day's balanceFinal;
// balanceFinal = balanceInitial + cash inflow − cash outflow. Integer cents only.
import { cashEffectCents, movementTypeOf, type PaymentMethod } from './movement-types';

export interface DayMovement {
  typeCode: string;
  amountCents: number;
}

export interface DayTotals {
  /** Cash that came into the drawer (positive effects). */
  inflowCents: number;
  /** Cash that left it (negative effects, as a positive number). */
  outflowCents: number;
  /** Sales incl. VAT (every rate), corrections included. */
  salesCents: number;
  salesByVatRate: Map<number, number>;
  revenuesByPaymentMethod: Map<PaymentMethod, number>;
  /** The « Écart de caisse » lines of the day (signed). */
  differenceCents: number;
  count: number;
}

export function dayTotals(movements: readonly DayMovement[]): DayTotals {
  const t: DayTotals = {
    inflowCents: 0,
    outflowCents: 0,
    salesCents: 0,
    salesByVatRate: new Map(),
    revenuesByPaymentMethod: new Map(),
    differenceCents: 0,
    count: movements.length,
  };
  for (const m of movements) {
    const effect = cashEffectCents(m.typeCode, m.amountCents);
    if (effect > 0) t.inflowCents += effect;
    else t.outflowCents -= effect;
    const type = movementTypeOf(m.typeCode);
    if (type?.category === 'sales' && type.vatRate !== null) {
      t.salesCents += m.amountCents;
      t.salesByVatRate.set(type.vatRate, (t.salesByVatRate.get(type.vatRate) ?? 0) + m.amountCents);
    } else if (type?.category === 'revenues' && type.paymentMethod) {
      const k = type.paymentMethod;
      t.revenuesByPaymentMethod.set(k, (t.revenuesByPaymentMethod.get(k) ?? 0) + m.amountCents);
    } else if (type?.category === 'summary') t.differenceCents += m.amountCents;
  }
  return t;
}

/** balanceFinal = balanceInitial + inflow − outflow. */
export function balanceFinalCents(
  balanceInitialCents: number,
  totals: Pick<DayTotals, 'inflowCents' | 'outflowCents'>,
) {
  return balanceInitialCents + totals.inflowCents - totals.outflowCents;
}

/** Sales excl. VAT from the sales incl. VAT of each rate: TTC / (1 + rate), rounded to the cent per rate. */
export function salesExclTaxCents(byVatRate: ReadonlyMap<number, number>): number {
  let total = 0;
  for (const [rate, ttc] of byVatRate) {
    // rate in percent with one decimal at most: work in tenths of percent to stay in integers.
    const tenths = Math.round(rate * 10);
    const ht = (ttc * 1000) / (1000 + tenths);
    total += Math.sign(ht) * Math.round(Math.abs(ht));
  }
  return total;
}

/** The difference recorded at closing: counted − theoretical balanceFinal. */
export const differenceCents = (countedCents: number, theoreticalFinalCents: number) =>
  countedCents - theoreticalFinalCents;
