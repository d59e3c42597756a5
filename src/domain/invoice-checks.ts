// The 15 invoice checks (INV-1 to INV-15), run by the app before saving (offline too) and by the
// server before accepting a write. Every failing check is reported, in the spec's order, so
// the user fixes everything in one go under INVOICE_ERRORS_TITLE.
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
import { creditMessages } from './credit-notes';
import { isDateInBounds, isIsoDate, isSameMonth } from './dates';
import { customerInvoiceProblem } from './customers';
import { legalDetailsRefusal, type LegalDetailsFields } from './legal-details';
import { isOperationKind } from './operation-kind';
import { computeTotals } from './totals';
import type { Customer, Exercise, InvoicePayload, InvoiceType } from './types';

export const INVOICE_ERRORS_TITLE = 'Votre facture contient des erreurs !';
export const INVOICE_ERRORS_DURATION = 6000;
export const STARTER_SUBSCRIPTION = 'Starter';

export interface InvoiceCheckContext {
  /** The customer record behind invoice.customer (for its addresses). */
  customer: Customer | null;
  /** The company's fiscal exercises, any order. */
  exercises: Exercise[];
  /** 'YYYY-MM-DD', Europe/Paris. */
  today: string;
  /** Rules 1 and 14 only apply when validating, not when saving a draft. */
  forValidation: boolean;
  subscriptionInvoice?: string | null;
  numberInvoiceValidateMonth?: number | null;
  /** Invoices of the company already validated in today's month. */
  validatedThisMonth?: number;
  /** Billing date of the most recent validated invoice of the company. */
  latestValidatedDate?: string | null;
  /**
   * Decision 046: the seller's legal details; when given, validation is refused until the mandatory
   * ones are filled (src/domain/legal-details.ts), naming what is missing.
   */
  seller?: LegalDetailsFields | null;
}

/** "{type}" of the spec's messages: 'facture' or 'avoir'; an untyped document reads 'facture'. */
export function invoiceTypeWord(type: InvoiceType | '' | null | undefined): 'facture' | 'avoir' {
  return type === 'Avoir' ? 'avoir' : 'facture';
}

/** Every message of INV-1 to INV-15; where the spec gives no wording, one in the same voice. */
export function invoiceMessages(type: InvoiceType | '' | null | undefined) {
  const word = invoiceTypeWord(type);
  const article = word === 'avoir' ? 'un avoir' : 'une facture';
  return {
    starterLimit: "Votre abonnement actuel ne vous permet pas d'effectuer une nouvelle facture.",
    noArticle: `Votre ${word} ne contient aucun article.`,
    noCustomer: `Votre ${word} ne contient pas de client.`,
    noType: `Votre ${word} ne contient pas de type.`,
    noBillingDate: `Votre ${word} ne contient pas de date de facturation.`,
    noDueDate: "Votre facture ne contient pas de date d'échéance.",
    afterExerciseEnd: "La date de facturation est postérieure à la clôture de l'exercice comptable.",
    beforeExerciseStart: "La date de facturation est antérieure au début de l'exercice comptable.",
    dueBeforeBilling: "La date d'échéance ne peut pas être antérieure à la date de facturation.",
    vatClauseWithVat: VAT_CLAUSE_WITH_VAT,
    zeroOrLess: `Vous ne pouvez pas faire ${article} de 0€ ou moins.`,
    zeroQuantity: ZERO_QUANTITY,
    zeroUnitPrice: ZERO_UNIT_PRICE,
    customerWithoutAddress: CUSTOMER_WITHOUT_ADDRESS,
    afterEndOfMonth: 'Vous ne pouvez pas valider une facture avec une date postérieure à la fin du mois en cours.',
    beforeLastValidated:
      'Vous ne pouvez pas faire une facture avec une date de facturation antérieure à une facture déjà validée.',
    billingDateOutOfBounds: 'La date de facturation doit être comprise entre le 01/01/1900 et le 31/12/2100.',
    dueDateOutOfBounds: "La date d'échéance doit être comprise entre le 01/01/1900 et le 31/12/2100.",
    // The reform's mentions.
    noCorrectedInvoice: creditMessages.noCorrectedInvoice,
    saleDateInvalid:
      'La date de la vente ou de la prestation doit être une date valide, comprise entre le 01/01/1900 et le 31/12/2100.',
    operationKindInvalid:
      'La nature de l’opération doit être une livraison de biens, une prestation de services ou les deux.',
  };
}

/**
 * The reform's mentions on the payload (all optional, decision 046): the kind of operation, VAT on
 * debits (null: the company's default), the delivery address and the date of the sale or service.
 * The operation kind is optional at validation too: printed (and put in the e-invoice) when given.
 */
export interface InvoiceMentions {
  operationKind?: string | null;
  vatOnDebits?: boolean | null;
  deliveryAddress?: string | null;
  saleDate?: string | null;
}

function filled(s: string | null | undefined): s is string {
  return typeof s === 'string' && s.trim() !== '';
}

export function checkInvoice(invoice: InvoicePayload & InvoiceMentions, ctx: InvoiceCheckContext): string[] {
  const msg = invoiceMessages(invoice.type);
  const errors: string[] = [];
  const fail = (condition: boolean, message: string) => {
    if (condition) errors.push(message);
  };
  const billing = filled(invoice.createdAt) ? invoice.createdAt : null;
  const isFacture = invoice.type === 'Facture';
  const lines = invoice.lines ?? [];

  // 1. The spec blocks when the count "equals" the limit; above it cannot happen normally,
  //    and if it does (limit lowered mid-month) it must block too. No limit known → no block.
  const limit = ctx.numberInvoiceValidateMonth;
  fail(
    ctx.forValidation &&
      ctx.subscriptionInvoice === STARTER_SUBSCRIPTION &&
      typeof limit === 'number' &&
      (ctx.validatedThisMonth ?? 0) >= limit,
    msg.starterLimit,
  );
  fail(standardLines(lines).length === 0, msg.noArticle); // 2
  fail(!filled(invoice.customer?.accountNumber), msg.noCustomer); // 3
  fail(invoice.type !== 'Facture' && invoice.type !== 'Avoir', msg.noType); // 4
  fail(billing === null, msg.noBillingDate); // 5
  fail(isFacture && !filled(invoice.dueDate), msg.noDueDate); // 6 (an Avoir has no due date)
  if (billing) {
    const violation = exerciseViolation(billing, ctx.exercises); // 7
    fail(violation === 'after', msg.afterExerciseEnd);
    fail(violation === 'before', msg.beforeExerciseStart);
  }
  fail(isFacture && !!billing && filled(invoice.dueDate) && invoice.dueDate < billing, msg.dueBeforeBilling); // 8
  fail(hasVatClauseWithVat(invoice.vatClause, lines), msg.vatClauseWithVat); // 9
  fail(computeTotals(lines, invoice.discount).ttc <= 0, msg.zeroOrLess); // 10
  fail(hasZeroQuantity(lines), msg.zeroQuantity); // 11
  fail(hasZeroUnitPrice(lines), msg.zeroUnitPrice); // 12
  fail(customerHasNoAddress(ctx.customer, invoice.billingAddress), msg.customerWithoutAddress); // 13
  // 14. "Later than today and not in the current month" = after the last day of this month.
  fail(ctx.forValidation && !!billing && billing > ctx.today && !isSameMonth(billing, ctx.today), msg.afterEndOfMonth);
  // 15. Numbers are chronological: no billing date before an already validated invoice.
  fail(!!billing && filled(ctx.latestValidatedDate) && billing < ctx.latestValidatedDate, msg.beforeLastValidated);
  // Bounds of decision 009 (no spec rule): what the database and the PDF can hold.
  fail(!!billing && !isDateInBounds(billing), msg.billingDateOutOfBounds);
  fail(filled(invoice.dueDate) && !isDateInBounds(invoice.dueDate), msg.dueDateOutOfBounds);
  // Decision 046: the seller's legal details, and a professional customer in France's SIREN.
  if (ctx.forValidation && ctx.seller) {
    const refusal = legalDetailsRefusal(ctx.seller);
    if (refusal) errors.push(refusal);
  }
  if (ctx.forValidation && ctx.customer) {
    const problem = customerInvoiceProblem(ctx.customer);
    if (problem) errors.push(problem);
  }
  // A credit note names the invoice it corrects (a draft may wait for it; validation not).
  fail(ctx.forValidation && invoice.type === 'Avoir' && !invoice.correctedInvoiceId, msg.noCorrectedInvoice);
  fail(
    filled(invoice.saleDate) && !(isIsoDate(invoice.saleDate) && isDateInBounds(invoice.saleDate)),
    msg.saleDateInvalid,
  );
  fail(filled(invoice.operationKind) && !isOperationKind(invoice.operationKind), msg.operationKindInvalid);
  errors.push(...amountLimitErrors(lines, computeTotals(lines, invoice.discount), invoiceTypeWord(invoice.type)));

  // Decision 012: discounts the totals would have to clamp.
  errors.push(...discountErrors(lines, invoice.discount));

  return [...new Set(errors)];
}
