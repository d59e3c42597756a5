// The context the rulebook judges a document with, built on the device from the same facts the
// server reads (server/src/modules/invoices/context.ts): the open exercises of the environment,
// today in Paris, the Starter limit (invoices only, never credit notes), the latest validated
// billing date. Facts missing on the device only make the local check milder; the server
// re-checks everything before any write.
import { checkInvoice, type InvoiceCheckContext } from '../../domain/invoice-checks';
import type { LegalDetailsFields } from '../../domain/legal-details';
import { checkQuote } from '../../domain/quote-checks';
import type { Customer, Exercise } from '../../domain/types';
import { creditLimitErrorsFor } from './credit-basis-data';
import { toInvoicePayload, toQuotePayload } from './editor-model';
import type { EditorForm, EditorKind, InvoiceListRow } from './types';

export interface CompanyFacts {
  subscriptionInvoice?: string | null;
  numberInvoiceValidateMonth?: number | null;
}

export interface CheckInputs {
  exercises: Exercise[];
  customer: Customer | null;
  today: string;
  company: CompanyFacts | null;
  /** The cached invoice list of the company (may be empty offline on a new device). */
  invoices: readonly InvoiceListRow[];
  /** From GET /api/factures/etat when it could be read; else counted in the cached list. */
  validatedThisMonth?: number | null;
  /**
   * Decision 046: the seller's legal details as the environment keeps them; validation is refused on
   * the device too while the mandatory ones are missing. Null (no environment yet): the server judges.
   */
  seller?: LegalDetailsFields | null;
}

/** Validated invoices ('Facture') billed in today's month: the cached list's view of the Starter count. */
export function countValidatedThisMonth(rows: readonly InvoiceListRow[], today: string): number {
  const month = today.slice(0, 7);
  return rows.filter(
    (r) => r.invoice?.validated && r.type === 'Facture' && (r.invoice.createdAt ?? '').slice(0, 7) === month,
  ).length;
}

/** Billing date of the most recent validated invoice or credit note (rule 15). */
export function latestValidatedDate(rows: readonly InvoiceListRow[]): string | null {
  let latest: string | null = null;
  for (const r of rows) {
    const d = r.invoice?.validated ? r.invoice.createdAt : null;
    if (d && (latest === null || d > latest)) latest = d;
  }
  return latest;
}

export function invoiceContext(form: EditorForm, inputs: CheckInputs, forValidation: boolean): InvoiceCheckContext {
  return {
    customer: inputs.customer,
    exercises: inputs.exercises,
    today: inputs.today,
    forValidation,
    subscriptionInvoice: inputs.company?.subscriptionInvoice ?? null,
    numberInvoiceValidateMonth: form.type === 'Avoir' ? null : (inputs.company?.numberInvoiceValidateMonth ?? null),
    validatedThisMonth: inputs.validatedThisMonth ?? countValidatedThisMonth(inputs.invoices, inputs.today),
    latestValidatedDate: latestValidatedDate(inputs.invoices),
    seller: inputs.seller ?? null,
  };
}

/** Every broken rule of the document, in the spec's words ([] when it may be sent). */
export function documentErrors(
  kind: EditorKind,
  form: EditorForm,
  inputs: CheckInputs,
  forValidation = false,
): string[] {
  // A credit note: also never more than what remains to be credited on its invoice (decision 011).
  if (kind === 'invoice')
    return [
      ...checkInvoice(toInvoicePayload(form), invoiceContext(form, inputs, forValidation)),
      ...creditLimitErrorsFor(form),
    ];
  return checkQuote(toQuotePayload(form), {
    customer: inputs.customer,
    exercises: inputs.exercises,
    today: inputs.today,
  });
}
