// Totals (INV-27), computed in integer cents so the app, the PDF and the server agree to
// the cent: per line amount = round(100 × price × quantity), VAT = round(amount × rate / 100).
// Rounding is per line (the spec's formula), then sums: the same figure on every screen.
// Discounts (decision 012): a line discount reduces that line's amount before its VAT; a
// document discount is split over the VAT rates pro rata of their net bases and acts as one
// negative line per rate (same VAT formula), so VAT per rate stays right. Without discounts the
// result is exactly the one of INV-27.
import Decimal from 'decimal.js';
import { allocateCents, discountCents, hasDiscount } from './discounts';
import { fromCents, toDecimal } from './money';
import type { Discount, InvoiceLine, Totals, VatBreakdownEntry } from './types';

export const COMMENT_CODE = 'CC';
export const SPACER_CODE = 'ES';
export const DEFAULT_ARTICLE_CODE = '00';

export interface TotalsWithBreakdown extends Totals {
  vatBreakdown: VatBreakdownEntry[];
}

type LineLike = Pick<InvoiceLine, 'code' | 'type' | 'quantity' | 'unitPrice' | 'vatRate'> & {
  discount?: Discount | null;
};

/** A priced line: comment ('CC'), spacer ('ES') and Commentaire lines carry no amount. */
export function isStandardLine(line: Pick<InvoiceLine, 'code' | 'type'>): boolean {
  return line.type !== 'Commentaire' && line.code !== COMMENT_CODE && line.code !== SPACER_CODE;
}

/** Half away from zero, so a credit line of -2.5 cents mirrors a +2.5 cents one. */
function roundCents(d: Decimal): Decimal {
  return d.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
}

/** round(100 × price × quantity); 0 for lines without an amount. */
export function lineAmountCents(line: LineLike): number {
  if (!isStandardLine(line)) return 0;
  return roundCents(toDecimal(line.unitPrice).times(toDecimal(line.quantity)).times(100)).toNumber();
}

/** The line's discount in cents (0 without one): never more than the line's amount. */
export function lineDiscountCents(line: LineLike): number {
  return discountCents(lineAmountCents(line), line.discount);
}

/** The line's amount after its own discount: what its VAT and the document's totals are built on. */
export function lineNetCents(line: LineLike): number {
  return lineAmountCents(line) - lineDiscountCents(line);
}

/** round(amountCents × rate / 100). */
export function lineVatCents(amountCents: number, rate: number): number {
  return roundCents(toDecimal(amountCents).times(toDecimal(rate)).dividedBy(100)).toNumber();
}

/** Line total excluding tax (HT) after the line's discount, in euros; 0 for comment/spacer lines. */
export function lineTotal(line: LineLike): number {
  return fromCents(lineNetCents(line));
}

/** A blank or unreadable rate counts as 0 %, like a blank VAT field on an article. */
function rateOf(line: LineLike): number {
  return toDecimal(line.vatRate).toNumber();
}

export function computeTotals(lines: readonly LineLike[], discount?: Discount | null): TotalsWithBreakdown {
  const byRate = new Map<number, { base: number; vat: number }>();
  for (const line of lines) {
    if (!isStandardLine(line)) continue;
    const amount = lineNetCents(line);
    const rate = rateOf(line);
    const entry = byRate.get(rate) ?? { base: 0, vat: 0 };
    entry.base += amount;
    entry.vat += lineVatCents(amount, rate);
    byRate.set(rate, entry);
  }
  // Descending rate: the usual order on French invoices (20 %, 10 %, 5,5 %, 2,1 %, 0 %); it also
  // makes the split of a document discount independent of the order of the lines.
  const rates = [...byRate.entries()].sort(([a], [b]) => b - a);
  const subtotal = rates.reduce((s, [, e]) => s + e.base, 0);
  const documentDiscount = hasDiscount(discount) && subtotal > 0 ? discountCents(subtotal, discount) : 0;
  const shares = allocateCents(
    documentDiscount,
    rates.map(([rate, e]) => [rate, e.base] as const),
  );
  let htCents = 0;
  let vatCents = 0;
  const vatBreakdown = rates.map(([rate, e]) => {
    const share = shares.get(rate) ?? 0;
    // The discount's VAT never exceeds the rate's VAT (rounding of a 100 % discount).
    const base = e.base - share;
    const vat = e.vat - Math.min(lineVatCents(share, rate), Math.max(e.vat, 0));
    htCents += base;
    vatCents += vat;
    return { rate, base: fromCents(base), vat: fromCents(vat) };
  });
  const totals: TotalsWithBreakdown = {
    ht: fromCents(htCents),
    tva: fromCents(vatCents),
    ttc: fromCents(htCents + vatCents),
    vatBreakdown,
  };
  if (documentDiscount > 0) {
    totals.subtotal = fromCents(subtotal);
    totals.discount = fromCents(documentDiscount);
  }
  return totals;
}
