// The editor's form and the rules that run while typing (INV-24, INV-25, QUO-14) (due date from the customer's
// delay, credit note without due date, quote validity), all through src/domain.
import { dueDateFor, onInvoiceTypeChange, quoteValidityFor } from '../../domain/dates';
import { hasDiscount } from '../../domain/discounts';
import { lineTotal } from '../../domain/totals';
import type { Customer, Discount, InvoiceLine, InvoicePayload, InvoiceType, QuotePayload } from '../../domain/types';
import { withLineIds } from './line-ops';
import type { EditorForm, EditorKind, EditorState, InvoiceJson, QuoteJson, ReformMentions } from './types';

export function emptyForm(kind: EditorKind, today: string): EditorForm {
  return {
    designation: '',
    accountNumber: '',
    type: kind === 'invoice' ? 'Facture' : '',
    createdAt: today,
    dueDate: kind === 'invoice' ? dueDateFor(today, null) : null,
    validatedAt: kind === 'quote' ? quoteValidityFor(today) : null,
    paymentMode: '',
    billingAddress: '',
    lines: [],
    vatClause: '',
    correctedInvoiceId: null,
  };
}

export function newEditorState(kind: EditorKind, slot: string, form: EditorForm): EditorState {
  return {
    kind,
    slot,
    docId: null,
    docKey: null,
    form,
    number: null,
    validated: false,
    state: kind === 'quote' ? 'En cours' : null,
    invoiceId: null,
    customer: null,
    correctedInvoiceNumber: null,
    dirty: false,
    sent: null,
    validationQueued: false,
  };
}

export function formFromInvoice(inv: InvoiceJson): EditorForm {
  return {
    designation: inv.designation ?? '',
    accountNumber: inv.customer?.accountNumber ?? '',
    type: inv.type,
    createdAt: inv.createdAt ?? '',
    dueDate: inv.dueDate,
    validatedAt: null,
    paymentMode: inv.paymentMode ?? '',
    billingAddress: inv.billingAddress ?? '',
    lines: withLineIds(inv.lines ?? []),
    vatClause: inv.vatClause ?? '',
    correctedInvoiceId: inv.correctedInvoiceId ?? null,
    ...(inv.discount ? { discount: inv.discount } : {}),
    operationKind: inv.operationKind ?? null,
    vatOnDebits: inv.vatOnDebits ?? null,
    deliveryAddress: inv.deliveryAddress || null,
    saleDate: inv.saleDate || null,
  };
}

export function formFromQuote(q: QuoteJson): EditorForm {
  return {
    designation: q.designation ?? '',
    accountNumber: q.customer?.accountNumber ?? '',
    type: '',
    createdAt: q.createdAt ?? '',
    dueDate: null,
    validatedAt: q.validatedAt,
    paymentMode: '',
    billingAddress: q.billingAddress ?? '',
    lines: withLineIds(q.lines ?? []),
    vatClause: q.vatClause ?? '',
    correctedInvoiceId: null,
    ...(q.discount ? { discount: q.discount } : {}),
  };
}

export function stateFromInvoice(inv: InvoiceJson, slot = String(inv.id)): EditorState {
  return {
    ...newEditorState('invoice', slot, formFromInvoice(inv)),
    docId: inv.id,
    docKey: `invoice:${inv.id}`,
    number: inv.number,
    validated: inv.validated,
    customer: inv.customer,
    correctedInvoiceNumber: inv.correctedInvoiceNumber ?? null,
    estimate: inv.estimate ?? null,
    version: inv.version ?? null,
  };
}

export function stateFromQuote(q: QuoteJson, slot = String(q.id)): EditorState {
  return {
    ...newEditorState('quote', slot, formFromQuote(q)),
    docId: q.id,
    docKey: `quote:${q.id}`,
    number: q.number,
    state: q.state,
    invoiceId: q.invoiceId,
    customer: q.customer,
    version: q.version ?? null,
  };
}

/** A credit note correcting a validated invoice: same customer, address and lines, dated today. */
export function creditNoteForm(inv: InvoiceJson, today: string): EditorForm {
  return { ...formFromInvoice(inv), type: 'Avoir', createdAt: today, dueDate: null, correctedInvoiceId: inv.id };
}

/** What is sent: the line totals are the rulebook's; the edit/read state of a line travels too (INV-19). */
function payloadLines(lines: readonly InvoiceLine[]): InvoiceLine[] {
  return lines.map((l) => ({ ...l, total: lineTotal(l) }));
}

/** Sent only when set, so a document without discount travels exactly as before (decision 012). */
function documentDiscount(form: EditorForm): { discount?: Discount } {
  return hasDiscount(form.discount) ? { discount: form.discount } : {};
}

/**
 * Decision 046: the reform's mentions, sent only when set (a document without them travels exactly as
 * before): a blank delivery address or sale date means « the billing address / date ».
 */
export function reformMentions(form: EditorForm): ReformMentions {
  const delivery = (form.deliveryAddress ?? '').trim();
  return {
    ...(form.operationKind ? { operationKind: form.operationKind } : {}),
    ...(typeof form.vatOnDebits === 'boolean' ? { vatOnDebits: form.vatOnDebits } : {}),
    ...(delivery ? { deliveryAddress: delivery } : {}),
    ...(form.saleDate ? { saleDate: form.saleDate } : {}),
  };
}

export function toInvoicePayload(form: EditorForm): InvoicePayload & ReformMentions {
  const isCredit = form.type === 'Avoir';
  return {
    designation: form.designation,
    customer: form.accountNumber ? { accountNumber: form.accountNumber } : null,
    type: form.type,
    createdAt: form.createdAt,
    dueDate: isCredit ? null : form.dueDate,
    paymentMode: form.paymentMode,
    billingAddress: form.billingAddress,
    lines: payloadLines(form.lines),
    vatClause: form.vatClause,
    // INV-17: the TTC basis is never used.
    calculatesBasisTTC: false,
    correctedInvoiceId: isCredit ? form.correctedInvoiceId : null,
    ...documentDiscount(form),
    ...reformMentions(form),
  };
}

export function toQuotePayload(form: EditorForm): QuotePayload {
  return {
    designation: form.designation,
    customer: form.accountNumber ? { accountNumber: form.accountNumber } : null,
    createdAt: form.createdAt,
    validatedAt: form.validatedAt,
    billingAddress: form.billingAddress,
    lines: payloadLines(form.lines),
    vatClause: form.vatClause,
    calculatesBasisTTC: false,
    ...documentDiscount(form),
  };
}

export const toPayload = (kind: EditorKind, form: EditorForm) =>
  kind === 'invoice' ? toInvoicePayload(form) : toQuotePayload(form);

/** The customer's main address as printed: street, then postal code and city, then a foreign country. */
export function mainAddress(c: Pick<Customer, 'address' | 'postalCode' | 'city' | 'country'>): string {
  const cityLine = [c.postalCode, c.city].filter((s) => s && s.trim()).join(' ');
  const country = c.country && c.country.trim() && c.country.trim() !== 'France' ? c.country.trim() : '';
  return [c.address, cityLine, country]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join('\n');
}

/** The billing address list of INV-29: the customer's address, then its alternate billing addresses. */
export function customerAddresses(c: Customer | null | undefined): string[] {
  if (!c) return [];
  const all = [mainAddress(c), ...(c.billingAddresses ?? []).map((a) => a.trim())].filter(Boolean);
  return [...new Set(all)];
}

/** Picking a customer: first address, its payment mode when none is chosen, due date from its delay. */
export function setCustomer(form: EditorForm, kind: EditorKind, customer: Customer | null): EditorForm {
  const next: EditorForm = {
    ...form,
    accountNumber: customer?.accountNumber ?? '',
    billingAddress: customerAddresses(customer)[0] ?? '',
  };
  if (kind === 'quote') return next;
  if (!form.paymentMode && customer?.paymentMode) next.paymentMode = customer.paymentMode;
  // A credit note corrects an invoice of its own customer only.
  if (form.accountNumber !== next.accountNumber) next.correctedInvoiceId = null;
  if (form.type !== 'Avoir' && form.createdAt) next.dueDate = dueDateFor(form.createdAt, customer?.paymentDelay);
  return next;
}

/** INV-25: setting the billing date sets the due date from the customer's delay (30 days by default). */
export function setBillingDate(form: EditorForm, date: string | null, customer: Customer | null): EditorForm {
  const createdAt = date ?? '';
  if (form.type === 'Avoir') return { ...form, createdAt };
  return { ...form, createdAt, dueDate: date ? dueDateFor(date, customer?.paymentDelay) : form.dueDate };
}

/** QUO-14: a quote is valid 30 days after its creation date by default. */
export function setQuoteDate(form: EditorForm, date: string | null): EditorForm {
  return { ...form, createdAt: date ?? '', validatedAt: date ? quoteValidityFor(date) : form.validatedAt };
}

/** INV-24: 'Avoir' clears the due date; back to 'Facture' it is computed again. */
export function setInvoiceType(form: EditorForm, type: InvoiceType | '', customer: Customer | null): EditorForm {
  let dueDate = onInvoiceTypeChange(type, form.dueDate);
  if (type === 'Facture' && !dueDate && form.createdAt) dueDate = dueDateFor(form.createdAt, customer?.paymentDelay);
  return { ...form, type, dueDate, correctedInvoiceId: type === 'Avoir' ? form.correctedInvoiceId : null };
}

/** Decision 046: the VAT-on-debits option of this invoice — its own choice, else the company's default. */
export const effectiveVatOnDebits = (form: EditorForm, companyDefault: boolean | null | undefined): boolean =>
  typeof form.vatOnDebits === 'boolean' ? form.vatOnDebits : companyDefault === true;

/**
 * « Livraison à une autre adresse » (decision 046): ticked, the delivery address starts from the
 * customer's own delivery address (when it has one); unticked, the goods go to the billing address.
 */
export function setOtherDelivery(form: EditorForm, on: boolean, customer: Customer | null): EditorForm {
  if (!on) return { ...form, deliveryAddress: null };
  return { ...form, deliveryAddress: form.deliveryAddress || (customer?.deliveryAddress ?? '').trim() };
}

/** « Date de la vente différente » (decision 046): ticked, it starts from the billing date; unticked, none. */
export function setOtherSaleDate(form: EditorForm, on: boolean): EditorForm {
  if (!on) return { ...form, saleDate: null };
  return { ...form, saleDate: form.saleDate || form.createdAt || '' };
}
