// Totals of spec 5.3, computed in integer cents so the app, the PDF and the server agree to
// the cent: per line amount = round(100 × price × quantity), VAT = round(amount × rate / 100).
// Rounding is per line (the spec's formula), then sums: the same figure on every screen.
import Decimal from 'decimal.js';
import { fromCents, toDecimal } from './money';
import type { InvoiceLine, Totals, VatBreakdownEntry } from './types';

export const COMMENT_CODE = 'CC';
export const SPACER_CODE = 'ES';
export const DEFAULT_ARTICLE_CODE = '00';

export interface TotalsWithBreakdown extends Totals {
  vatBreakdown: VatBreakdownEntry[];
}

type LineLike = Pick<InvoiceLine, 'code' | 'type' | 'quantity' | 'unitPrice' | 'vatRate'>;

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

/** round(amountCents × rate / 100). */
export function lineVatCents(amountCents: number, rate: number): number {
  return roundCents(toDecimal(amountCents).times(toDecimal(rate)).dividedBy(100)).toNumber();
}

/** Line total excluding tax (HT), in euros with two decimals; 0 for comment/spacer lines. */
export function lineTotal(line: LineLike): number {
  return fromCents(lineAmountCents(line));
}

/** A blank or unreadable rate counts as 0 %, like a blank VAT field on an article. */
function rateOf(line: LineLike): number {
  return toDecimal(line.vatRate).toNumber();
}

export function computeTotals(lines: readonly LineLike[]): TotalsWithBreakdown {
  let htCents = 0;
  let vatCents = 0;
  const byRate = new Map<number, { base: number; vat: number }>();
  for (const line of lines) {
    if (!isStandardLine(line)) continue;
    const amount = lineAmountCents(line);
    const rate = rateOf(line);
    const vat = lineVatCents(amount, rate);
    htCents += amount;
    vatCents += vat;
    const entry = byRate.get(rate) ?? { base: 0, vat: 0 };
    entry.base += amount;
    entry.vat += vat;
    byRate.set(rate, entry);
  }
  // Descending rate: the usual order on French invoices (20 %, 10 %, 5,5 %, 2,1 %, 0 %).
  const vatBreakdown = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, e]) => ({ rate, base: fromCents(e.base), vat: fromCents(e.vat) }));
  return {
    ht: fromCents(htCents),
    tva: fromCents(vatCents),
    ttc: fromCents(htCents + vatCents),
    vatBreakdown,
  };
}
