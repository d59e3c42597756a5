// Select options of the editors, built from the cached customers, invoices and environment lists.
// The document's current value is always offered, even when this device's lists lack it.
import { searchKey } from '../../domain/search-text';
import type { Customer } from '../../domain/types';
import { accountNumberText } from '../catalogue-customers';
import { customerAddresses } from './editor-model';
import type { DocCustomer, InvoiceListRow } from './types';
import { formatDate, formatMoney } from '../../domain/format';

export interface Option {
  value: string;
  label: string;
  disabled?: boolean;
}

export function withCurrent(options: Option[], current: string | null | undefined, label = current ?? ''): Option[] {
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label }];
}

// A customer created offline reads « Numéro attribué à l’envoi », never its temporary reference.
export const customerLabel = (c: Pick<Customer, 'socialReason' | 'accountNumber'>) =>
  `${c.socialReason} (${accountNumberText(c.accountNumber)})`;

export interface CustomerOption extends Option {
  key: string;
}

/** Decision 046: archived customers (GET /api/customers `archived`) keep their invoices but are no longer offered. */
export const isArchived = (c: object): boolean => (c as { archived?: boolean }).archived === true;

/** Every cached customer not archived, with its folded search key (accents and case ignored). */
export function customerOptions(
  customers: readonly Customer[],
  current: DocCustomer | null,
  accountNumber: string,
): CustomerOption[] {
  // An archived customer is offered no more, except on the document that names it.
  const offered = customers.filter((c) => !isArchived(c) || c.accountNumber === accountNumber);
  const options = offered.map((c) => ({
    value: c.accountNumber,
    label: customerLabel(c),
    key: searchKey(`${c.socialReason} ${c.name ?? ''} ${accountNumberText(c.accountNumber)} ${c.city ?? ''}`),
  }));
  if (accountNumber && !options.some((o) => o.value === accountNumber)) {
    const label = current?.socialReason
      ? customerLabel({ socialReason: current.socialReason, accountNumber })
      : accountNumberText(accountNumber);
    options.push({ value: accountNumber, label, key: searchKey(label) });
  }
  return options;
}

/** The first `limit` options whose key holds every word of the query. */
export function filterOptions<T extends { key: string }>(options: readonly T[], query: string, limit: number): T[] {
  const words = searchKey(query).split(' ').filter(Boolean);
  const out: T[] = [];
  for (const o of options) {
    if (words.every((w) => o.key.includes(w))) out.push(o);
    if (out.length >= limit) break;
  }
  return out;
}

/** An address is one text with line breaks: shown on one line. */
export const oneLine = (address: string) =>
  address
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');

export function addressOptions(customer: Customer | null, current: string): Option[] {
  const list = customerAddresses(customer).map((a, i) => ({
    value: a,
    label: `${i === 0 && customer?.address?.trim() ? 'Adresse du client' : 'Adresse de facturation'} : ${oneLine(a)}`,
  }));
  return withCurrent(list, current, oneLine(current));
}

/** A credit note corrects a validated invoice of the same customer. */
export function correctedInvoiceOptions(
  rows: readonly InvoiceListRow[],
  accountNumber: string,
  currentId: number | null,
  currentNumber: string | null,
): Option[] {
  const options = rows
    .filter(
      (r) =>
        r.type === 'Facture' &&
        r.invoice?.validated &&
        r.number &&
        (!accountNumber || r.customer?.accountNumber === accountNumber),
    )
    .map((r) => ({
      value: String(r.id),
      label: `${r.number} du ${formatDate(r.invoice.createdAt)} – ${formatMoney(r.invoice.ttc)}`,
    }));
  return withCurrent(
    options,
    currentId === null ? null : String(currentId),
    currentNumber ? `Facture ${currentNumber}` : `Facture ${currentId}`,
  );
}

export function textOptions(values: readonly string[], current: string): Option[] {
  return withCurrent(
    [...new Set(values)].map((v) => ({ value: v, label: v })),
    current,
  );
}
