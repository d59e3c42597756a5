// The quote checks (QUO-1 to QUO-10), in the spec's order, with the invoice checks' voice.
// The spec lists no "missing customer" check for quotes, so none is added here.
import {
  CUSTOMER_WITHOUT_ADDRESS,
  VAT_CLAUSE_WITH_VAT,
  ZERO_QUANTITY,
  ZERO_UNIT_PRICE,
  customerHasNoAddress,
  discountErrors,
  exerciseViolation,
  hasVatClauseWithVat,
  hasZeroQuantity,
  hasZeroUnitPrice,
  standardLines,
} from './check-helpers';
import { amountLimitErrors } from './amount-limits';
import { isDateInBounds } from './dates';
import { computeTotals } from './totals';
import type { Customer, Exercise, QuotePayload } from './types';

export const QUOTE_ERRORS_TITLE = 'Votre devis contient des erreurs !';

export const QUOTE_MESSAGES = {
  noArticle: 'Votre devis ne contient aucun article.',
  noCreationDate: 'Votre devis ne contient pas de date de création.',
  noValidityDate: 'Votre devis ne contient pas de date de validité.',
  afterExerciseEnd: "La date de création est postérieure à la clôture de l'exercice comptable.",
  validityBeforeCreation: 'La date de validité ne peut pas être antérieure à la date de création.',
  vatClauseWithVat: VAT_CLAUSE_WITH_VAT,
  zeroOrLess: 'Vous ne pouvez pas faire un devis de 0€ ou moins.',
  zeroQuantity: ZERO_QUANTITY,
  zeroUnitPrice: ZERO_UNIT_PRICE,
  customerWithoutAddress: CUSTOMER_WITHOUT_ADDRESS,
  creationDateOutOfBounds: 'La date de création doit être comprise entre le 01/01/1900 et le 31/12/2100.',
  validityDateOutOfBounds: 'La date de validité doit être comprise entre le 01/01/1900 et le 31/12/2100.',
} as const;

export interface QuoteCheckContext {
  customer: Customer | null;
  exercises: Exercise[];
  /** Kept for symmetry with checkInvoice; the quote checks have no rule about today. */
  today: string;
}

function filled(s: string | null | undefined): s is string {
  return typeof s === 'string' && s.trim() !== '';
}

export function checkQuote(quote: QuotePayload, ctx: QuoteCheckContext): string[] {
  const m = QUOTE_MESSAGES;
  const errors: string[] = [];
  const fail = (condition: boolean, message: string) => {
    if (condition) errors.push(message);
  };
  const lines = quote.lines ?? [];
  const created = filled(quote.createdAt) ? quote.createdAt : null;
  const validity = filled(quote.validatedAt) ? quote.validatedAt : null;

  fail(standardLines(lines).length === 0, m.noArticle);
  fail(created === null, m.noCreationDate);
  fail(validity === null, m.noValidityDate);
  // Only "after the exercise end" is listed for quotes: a quote is no accounting entry, so an
  // old creation date is harmless. The exercise is the one invoices are judged against.
  fail(!!created && exerciseViolation(created, ctx.exercises) === 'after', m.afterExerciseEnd);
  fail(!!created && !!validity && validity < created, m.validityBeforeCreation);
  fail(hasVatClauseWithVat(quote.vatClause, lines), m.vatClauseWithVat);
  fail(computeTotals(lines, quote.discount).ttc <= 0, m.zeroOrLess);
  fail(hasZeroQuantity(lines), m.zeroQuantity);
  fail(hasZeroUnitPrice(lines), m.zeroUnitPrice);
  fail(customerHasNoAddress(ctx.customer, quote.billingAddress), m.customerWithoutAddress);
  // Bounds of decision 009 (no spec rule): what the database and the PDF can hold.
  fail(!!created && !isDateInBounds(created), m.creationDateOutOfBounds);
  fail(!!validity && !isDateInBounds(validity), m.validityDateOutOfBounds);
  errors.push(...amountLimitErrors(lines, computeTotals(lines, quote.discount), 'devis'));

  // Decision 012: discounts the totals would have to clamp.
  errors.push(...discountErrors(lines, quote.discount));

  return [...new Set(errors)];
}
