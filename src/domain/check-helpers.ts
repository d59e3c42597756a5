// Pieces shared by the invoice checks (INV-1 to INV-15) and the quote checks (QUO-1 to QUO-10), so both
// documents judge lines, VAT clauses, addresses and fiscal exercises the same way.
import { discountValueError, DISCOUNT_MESSAGES, hasDiscount } from './discounts';
import { toCents, toDecimal } from './money';
import { computeTotals, isStandardLine, lineAmountCents } from './totals';
import type { Customer, Discount, Exercise, InvoiceLine } from './types';

export const VAT_CLAUSE_WITH_VAT = 'Vous ne pouvez pas avoir de clause de TVA si vous avez de la TVA.';
export const ZERO_QUANTITY = "Vous ne pouvez pas avoir d'article avec une quantité de 0.";
export const ZERO_UNIT_PRICE = "Vous ne pouvez pas avoir d'article avec un prix unitaire de 0€.";
export const CUSTOMER_WITHOUT_ADDRESS = "Votre client n'a aucune adresse de configurée.";

/** The lines that count as articles: comment, spacer and Commentaire lines never do. */
export function standardLines<L extends Pick<InvoiceLine, 'code' | 'type'>>(
  lines: readonly L[] | null | undefined,
): L[] {
  return (lines ?? []).filter(isStandardLine);
}

/** A blank field ('' / null / NaN) reads as 0, so an emptied quantity is reported as 0. */
function isZero(value: number | string | null | undefined): boolean {
  return toDecimal(value).isZero();
}

export function hasZeroQuantity(lines: readonly InvoiceLine[]): boolean {
  return standardLines(lines).some((l) => isZero(l.quantity));
}

export function hasZeroUnitPrice(lines: readonly InvoiceLine[]): boolean {
  return standardLines(lines).some((l) => isZero(l.unitPrice));
}

/** Rule "clause while VAT": a non-blank clause and at least one standard line with VAT. */
export function hasVatClauseWithVat(vatClause: string | null | undefined, lines: readonly InvoiceLine[]): boolean {
  return (vatClause ?? '').trim() !== '' && standardLines(lines).some((l) => !isZero(l.vatRate));
}

function filled(s: string | null | undefined): boolean {
  return (s ?? '').trim() !== '';
}

/**
 * The customer has neither a main address nor an alternate billing address, and the
 * document does not carry a billing address of its own: the PDF would have no recipient.
 */
export function customerHasNoAddress(
  customer: Customer | null | undefined,
  documentBillingAddress: string | null | undefined,
): boolean {
  if (!customer) return false; // a missing customer is its own error
  return (
    !filled(customer.address) && !(customer.billingAddresses ?? []).some(filled) && !filled(documentBillingAddress)
  );
}

/**
 * The exercises a date is judged against, most recent start first: [current, previous].
 * See exerciseViolation for why this order.
 */
export function exercisesNewestFirst(exercises: readonly Exercise[] | null | undefined): Exercise[] {
  return [...(exercises ?? [])]
    .filter((e) => filled(e?.dateStart) && filled(e?.dateEnd))
    .sort((a, b) => (a.dateStart < b.dateStart ? 1 : a.dateStart > b.dateStart ? -1 : 0));
}

/**
 * INV-7, whose source reads "billing date after the end of the first fiscal exercise, or before its
 * start (and before the second exercise start)". The parenthesis only has a meaning if the
 * second exercise starts BEFORE the first, so "first" is the current (most recent) open
 * exercise and "second" the previous one still open (N-1 awaiting its closing):
 *   - after the end of the most recent exercise → 'after' (after the closing);
 *   - before its start and before the previous exercise's start (or there is no previous
 *     one) → 'before'.
 * Bounds are inclusive: the first and last days of an exercise are accepted. Without any
 * exercise the rule cannot be judged and passes (the environment may not be loaded).
 */
export function exerciseViolation(
  date: string,
  exercises: readonly Exercise[] | null | undefined,
): 'after' | 'before' | null {
  const [current, previous] = exercisesNewestFirst(exercises);
  if (!current) return null;
  if (date > current.dateEnd) return 'after';
  if (date < current.dateStart && (!previous || date < previous.dateStart)) return 'before';
  return null;
}

/**
 * Discounts the computation would have to clamp (decision 012): negative, above 100 %, an amount
 * larger than its line, a document discount larger than the total excluding tax.
 */
export function discountErrors(lines: readonly InvoiceLine[], discount: Discount | null | undefined): string[] {
  const errors: string[] = [];
  for (const line of standardLines(lines)) {
    const e = discountValueError(line.discount);
    if (e) errors.push(e);
    else if (line.discount?.type === 'amount' && hasDiscount(line.discount)) {
      const gross = Math.abs(lineAmountCents(line));
      if (toCents(line.discount.value) > gross) errors.push(DISCOUNT_MESSAGES.lineTooLarge);
    }
  }
  const e = discountValueError(discount);
  if (e) errors.push(e);
  else if (discount?.type === 'amount' && hasDiscount(discount)) {
    const subtotal = toCents(computeTotals(lines).ht);
    if (toCents(discount.value) > subtotal) errors.push(DISCOUNT_MESSAGES.documentTooLarge);
  }
  return errors;
}
