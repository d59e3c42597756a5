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
import { customerInvoiceProblem, customerOptionLabel, isInFrance } from './customers';
import { effectiveElectronicAddress, electronicAddressOf, electronicAddressProblem } from './electronic-address';
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
    // Decision 085: what the French platform rules (XP Z12-012) would reject.
    billingDateNotForPlatforms:
      'La date de facturation doit être comprise entre le 01/01/2000 et le 31/12/2099 : les plateformes de facturation électronique refusent les autres (BR-FR-03).',
    dueDateNotForPlatforms:
      "La date d'échéance doit être comprise entre le 01/01/2000 et le 31/12/2099 : les plateformes de facturation électronique refusent les autres (BR-FR-03).",
    saleDateNotForPlatforms:
      'La date de la vente ou de la prestation doit être comprise entre le 01/01/2000 et le 31/12/2099 : les plateformes de facturation électronique refusent les autres (BR-FR-03).',
  };
}

/**
 * Decision 085 (BR-FR-01, BR-FR-02): an e-invoice number has at most 35 characters, only letters,
 * digits and + - _ /. Our series (F2026-0001) always do; the server checks the number it takes anyway.
 */
export function eInvoiceNumberProblem(number: string): string | null {
  if (number.length > 35)
    return `Le numéro ${number} dépasse 35 caractères : les plateformes de facturation électronique le refuseraient (BR-FR-01).`;
  if (!/^[A-Za-z0-9+\-_/]+$/.test(number))
    return `Le numéro ${number} contient des caractères que les plateformes de facturation électronique refusent : seulement des lettres, des chiffres et + - _ / (BR-FR-02).`;
  return null;
}

/**
 * Decision 085 (BR-FR-12): the buyer's electronic address (BT-49) — the one on its sheet, else its
 * SIREN in the French directory (a French business), else its e-mail. Why the invoice cannot be
 * validated without one, naming the customer; null when there is one.
 */
export function buyerElectronicAddressProblem(
  customer: Pick<
    Customer,
    | 'accountNumber'
    | 'socialReason'
    | 'name'
    | 'isBusiness'
    | 'country'
    | 'siren'
    | 'email'
    | 'electronicAddressScheme'
    | 'electronicAddress'
  >,
): string | null {
  const own = electronicAddressOf(customer.electronicAddressScheme, customer.electronicAddress);
  const label = customerOptionLabel(customer);
  const ownProblem = electronicAddressProblem(own);
  if (ownProblem) return `Client ${label} : ${ownProblem}`;
  const french = customer.isBusiness !== false && isInFrance(customer.country);
  if (
    effectiveElectronicAddress({
      electronicAddress: own,
      siren: customer.siren,
      email: customer.email,
      inFrenchDirectory: french,
    })
  )
    return null;
  return french
    ? `Le client ${label} n’a pas d’adresse de facturation électronique : renseignez-la sur sa fiche (ou son SIREN), la facture électronique l’exige.`
    : `Le client ${label} n’a pas d’adresse de facturation électronique : renseignez-la sur sa fiche, ou son e-mail, la facture électronique l’exige.`;
}

/** BR-FR-03: years 2000 to 2099 only. */
const platformYear = (d: string | null | undefined) => !filled(d) || (d >= '2000-01-01' && d <= '2099-12-31');

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

type Invoice = InvoicePayload & InvoiceMentions;
type Messages = ReturnType<typeof invoiceMessages>;
/** What every group of checks reads: the invoice, its context, the messages and the billing date. */
interface CheckInput {
  invoice: Invoice;
  ctx: InvoiceCheckContext;
  msg: Messages;
  billing: string | null;
  lines: NonNullable<InvoicePayload['lines']>;
}

/** The messages whose condition holds, in the order given. */
function failing(checks: Array<[boolean, string]>): string[] {
  return checks.filter(([condition]) => condition).map(([, message]) => message);
}

/** INV-1 to INV-6: the subscription's limit and what the document must hold. */
function requiredDataErrors({ invoice, ctx, msg, billing, lines }: CheckInput): string[] {
  // 1. The spec blocks when the count "equals" the limit; above it cannot happen normally,
  //    and if it does (limit lowered mid-month) it must block too. No limit known → no block.
  const limit = ctx.numberInvoiceValidateMonth;
  return failing([
    [
      ctx.forValidation &&
        ctx.subscriptionInvoice === STARTER_SUBSCRIPTION &&
        typeof limit === 'number' &&
        (ctx.validatedThisMonth ?? 0) >= limit,
      msg.starterLimit,
    ],
    [standardLines(lines).length === 0, msg.noArticle], // 2
    [!filled(invoice.customer?.accountNumber), msg.noCustomer], // 3
    [invoice.type !== 'Facture' && invoice.type !== 'Avoir', msg.noType], // 4
    [billing === null, msg.noBillingDate], // 5
    [invoice.type === 'Facture' && !filled(invoice.dueDate), msg.noDueDate], // 6 (an Avoir has no due date)
  ]);
}

/** INV-7 and INV-8: the billing date within an exercise, the due date not before it. */
function exerciseAndDueDateErrors({ invoice, ctx, msg, billing }: CheckInput): string[] {
  const violation = billing ? exerciseViolation(billing, ctx.exercises) : null; // 7
  return failing([
    [violation === 'after', msg.afterExerciseEnd],
    [violation === 'before', msg.beforeExerciseStart],
    [
      invoice.type === 'Facture' && !!billing && filled(invoice.dueDate) && invoice.dueDate < billing,
      msg.dueBeforeBilling,
    ], // 8
  ]);
}

/** INV-9 to INV-13: the VAT clause, the amounts and quantities, the customer's address. */
function linesAndCustomerErrors({ invoice, ctx, msg, lines }: CheckInput): string[] {
  return failing([
    [hasVatClauseWithVat(invoice.vatClause, lines), msg.vatClauseWithVat], // 9
    [computeTotals(lines, invoice.discount).ttc <= 0, msg.zeroOrLess], // 10
    [hasZeroQuantity(lines), msg.zeroQuantity], // 11
    [hasZeroUnitPrice(lines), msg.zeroUnitPrice], // 12
    [customerHasNoAddress(ctx.customer, invoice.billingAddress), msg.customerWithoutAddress], // 13
  ]);
}

/** INV-14, INV-15 and the bounds of decision 009: when the invoice may be dated. */
function chronologyErrors({ invoice, ctx, msg, billing }: CheckInput): string[] {
  return failing([
    // 14. "Later than today and not in the current month" = after the last day of this month.
    [ctx.forValidation && !!billing && billing > ctx.today && !isSameMonth(billing, ctx.today), msg.afterEndOfMonth],
    // 15. Numbers are chronological: no billing date before an already validated invoice.
    [!!billing && filled(ctx.latestValidatedDate) && billing < ctx.latestValidatedDate, msg.beforeLastValidated],
    // Bounds of decision 009 (no spec rule): what the database and the PDF can hold.
    [!!billing && !isDateInBounds(billing), msg.billingDateOutOfBounds],
    [filled(invoice.dueDate) && !isDateInBounds(invoice.dueDate), msg.dueDateOutOfBounds],
  ]);
}

/** Decision 046 at validation: the seller's legal details, the customer's, the corrected invoice. */
function validationErrors({ invoice, ctx, msg }: CheckInput): string[] {
  if (!ctx.forValidation) return [];
  // The seller's legal details, and a professional customer in France's SIREN.
  const refusal = ctx.seller ? legalDetailsRefusal(ctx.seller) : null;
  const problem = ctx.customer ? customerInvoiceProblem(ctx.customer) : null;
  // Decision 085: what the French platform rules would reject, offline too.
  const address = ctx.customer && !problem ? buyerElectronicAddressProblem(ctx.customer) : null;
  return failing([
    [!!refusal, refusal ?? ''],
    [!!problem, problem ?? ''],
    [!!address, address ?? ''],
    [isIsoDate(invoice.createdAt ?? '') && !platformYear(invoice.createdAt), msg.billingDateNotForPlatforms],
    [isIsoDate(invoice.dueDate ?? '') && !platformYear(invoice.dueDate), msg.dueDateNotForPlatforms],
    [isIsoDate(invoice.saleDate ?? '') && !platformYear(invoice.saleDate), msg.saleDateNotForPlatforms],
    // A credit note names the invoice it corrects (a draft may wait for it; validation not).
    [invoice.type === 'Avoir' && !invoice.correctedInvoiceId, msg.noCorrectedInvoice],
  ]);
}

/** The reform's mentions, when given: a real date of sale, a known kind of operation. */
function mentionErrors({ invoice, msg }: CheckInput): string[] {
  return failing([
    [
      filled(invoice.saleDate) && !(isIsoDate(invoice.saleDate) && isDateInBounds(invoice.saleDate)),
      msg.saleDateInvalid,
    ],
    [filled(invoice.operationKind) && !isOperationKind(invoice.operationKind), msg.operationKindInvalid],
  ]);
}

export function checkInvoice(invoice: Invoice, ctx: InvoiceCheckContext): string[] {
  const lines = invoice.lines ?? [];
  const input: CheckInput = {
    invoice,
    ctx,
    msg: invoiceMessages(invoice.type),
    billing: filled(invoice.createdAt) ? invoice.createdAt : null,
    lines,
  };
  const errors = [
    ...requiredDataErrors(input),
    ...exerciseAndDueDateErrors(input),
    ...linesAndCustomerErrors(input),
    ...chronologyErrors(input),
    ...validationErrors(input),
    ...mentionErrors(input),
    ...amountLimitErrors(lines, computeTotals(lines, invoice.discount), invoiceTypeWord(invoice.type)),
    // Decision 012: discounts the totals would have to clamp.
    ...discountErrors(lines, invoice.discount),
  ];
  return [...new Set(errors)];
}
