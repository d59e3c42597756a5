// Bounds on every amount the rulebook accepts (decision 009). The server stores document totals
// and article prices as numeric(14, 2): at most 999 999 999 999,99. Quantities and unit prices
// are bounded well below, and each line amount and each total is checked against the column,
// so no figure the app or the server accepts can overflow it (an overflow was a 500) or lose
// cents in the integer-cent arithmetic of totals.ts (safe up to 2^53 cents ≈ 90 000 milliards €).
// Extra decimals need no bound: every line is rounded to the cent by the spec's formula.
import { toDecimal, type MoneyInput } from './money';
import { isStandardLine, lineAmountCents, type TotalsWithBreakdown } from './totals';
import type { InvoiceLine } from './types';

export const MAX_QUANTITY = 1_000_000_000;
export const MAX_UNIT_PRICE = 1_000_000_000;
export const MAX_VAT_RATE = 100;
/** numeric(14, 2) of the invoices' ht/tva/ttc and the articles' prices. */
export const MAX_AMOUNT = 999_999_999_999.99;
const MAX_AMOUNT_CENTS = 99_999_999_999_999;

export const AMOUNT_LIMIT_MESSAGES = {
  quantityTooBig:
    "Vous ne pouvez pas avoir d'article avec une quantité supérieure à 1 000 000 000 (en valeur absolue).",
  unitPriceTooBig:
    "Vous ne pouvez pas avoir d'article avec un prix unitaire supérieur à 1 000 000 000 € (en valeur absolue).",
  vatRateOutOfRange: "Vous ne pouvez pas avoir d'article avec un taux de TVA négatif ou supérieur à 100 %.",
  lineAmountTooBig:
    "Vous ne pouvez pas avoir d'article d'un montant supérieur à 999 999 999 999,99 € (en valeur absolue).",
} as const;

/** "Le montant de votre facture / votre avoir / votre devis ne peut pas dépasser …". */
export const totalTooBigMessage = (word: 'facture' | 'avoir' | 'devis') =>
  `Le montant de votre ${word} ne peut pas dépasser 999 999 999 999,99 € (en valeur absolue).`;

/** Beyond ±limit; unreadable values are judged elsewhere (they count as 0 for the rules). */
export function exceeds(value: MoneyInput | null | undefined, limit: number): boolean {
  return toDecimal(value).abs().greaterThan(limit);
}

export function isVatRateInRange(rate: MoneyInput | null | undefined): boolean {
  const r = toDecimal(rate);
  return r.greaterThanOrEqualTo(0) && r.lessThanOrEqualTo(MAX_VAT_RATE);
}

type LineLike = Pick<InvoiceLine, 'code' | 'type' | 'quantity' | 'unitPrice' | 'vatRate'>;

/** The broken bounds of a document's lines and totals, each message once, in a fixed order. */
export function amountLimitErrors(
  lines: readonly LineLike[],
  totals: TotalsWithBreakdown,
  word: 'facture' | 'avoir' | 'devis',
): string[] {
  const m = AMOUNT_LIMIT_MESSAGES;
  const priced = lines.filter(isStandardLine);
  const errors: string[] = [];
  if (priced.some((l) => exceeds(l.quantity, MAX_QUANTITY))) errors.push(m.quantityTooBig);
  if (priced.some((l) => exceeds(l.unitPrice, MAX_UNIT_PRICE))) errors.push(m.unitPriceTooBig);
  if (priced.some((l) => !isVatRateInRange(l.vatRate))) errors.push(m.vatRateOutOfRange);
  if (priced.some((l) => Math.abs(lineAmountCents(l)) > MAX_AMOUNT_CENTS)) errors.push(m.lineAmountTooBig);
  if ([totals.ht, totals.tva, totals.ttc].some((t) => Math.abs(t) > MAX_AMOUNT)) errors.push(totalTooBigMessage(word));
  return errors;
}
