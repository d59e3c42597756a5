// Customers as the screens hold them: the API row kept in the cache, the form's domain Customer,
// search over the list, and how addresses and payment terms read on the sheet.
import { ELECTRONIC_ADDRESS_MESSAGES } from '../../domain/electronic-address';
import { isTempId } from '../../data/temp-ids';
import { CUSTOMER_MESSAGES, DEFAULT_COUNTRY, normalizeCustomer } from '../../domain/customers';
import { DEFAULT_PAYMENT_DELAY_DAYS } from '../../domain/dates';
import { parseFrenchNumber } from '../../domain/money';
import { searchKey } from '../../domain/search-text';
import type { Customer } from '../../domain/types';

/**
 * One customer as GET /api/customers returns it (texts never null; paymentDelay null = 30 days).
 * archived (decision 046): named on a validated invoice, so kept, but no longer offered.
 */
export type CustomerRow = Customer & { id?: number; archived?: boolean };

export const isArchived = (c: { archived?: boolean }): boolean => c.archived === true;

/** The list shows the active customers; the archived ones only when asked. */
export const withArchived = (rows: readonly CustomerRow[], showArchived: boolean): CustomerRow[] =>
  showArchived ? [...rows] : rows.filter((r) => !isArchived(r));

export function emptyCustomer(): Customer {
  return {
    accountNumber: '',
    socialReason: '',
    name: '',
    civility: '',
    address: '',
    postalCode: '',
    city: '',
    country: DEFAULT_COUNTRY,
    billingAddresses: [],
    deliveryAddress: '',
    email: '',
    phone: '',
    siren: '',
    vatNumber: '',
    electronicAddressScheme: '',
    electronicAddress: '',
    paymentMode: '',
    paymentDelay: null,
    isBusiness: true,
  };
}

export function customerFromRow(row: CustomerRow): Customer {
  const base = emptyCustomer();
  const { id: _id, archived: _archived, ...rest } = row;
  const filled = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== undefined));
  return {
    ...base,
    ...filled,
    billingAddresses: [...(row.billingAddresses ?? [])],
    paymentDelay: row.paymentDelay ?? null,
    isBusiness: row.isBusiness ?? true,
  };
}

/**
 * The body of POST/PUT /api/customers, cleaned like the server does. A blank account number stays
 * blank: only the server numbers customers (decision 010: a number guessed on the device could be
 * taken meanwhile by another device). Until it answers, the customer is known on the device by a
 * temporary reference (customer-mutations.ts), never shown as a number.
 */
export function customerBody(customer: Customer): Customer {
  return normalizeCustomer(customer);
}

/** What the screens show for a customer created offline, before the server has numbered it. */
export const PENDING_ACCOUNT_LABEL = 'Numéro attribué à l’envoi';

/** The account number as shown: a temporary reference reads « Numéro attribué à l’envoi ». */
export const accountNumberText = (accountNumber: string) =>
  isTempId(accountNumber) ? PENDING_ACCOUNT_LABEL : accountNumber;

/** '' → null (the 30-day default); a readable number as typed; unreadable text → NaN, which validation reports. */
export function parseDelay(text: string): number | null {
  if (text.trim() === '') return null;
  return parseFrenchNumber(text) ?? Number.NaN;
}

export const delayText = (delay: number | null | undefined) =>
  delay === null || delay === undefined ? '' : String(delay);

export function paymentDelayLabel(delay: number | null | undefined): string {
  if (delay === null || delay === undefined) return `${DEFAULT_PAYMENT_DELAY_DAYS} jours (par défaut)`;
  return `${delay} jour${delay > 1 ? 's' : ''}`;
}

/** The postal address as lines: street (may hold line breaks), postal code and city, country when not France. */
export function addressLines(c: Pick<Customer, 'address' | 'postalCode' | 'city' | 'country'>): string[] {
  const lines = (c.address ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const town = [c.postalCode, c.city]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ');
  if (town) lines.push(town);
  if (c.country && c.country !== DEFAULT_COUNTRY) lines.push(c.country);
  return lines;
}

export const customerName = (c: Pick<Customer, 'socialReason' | 'name' | 'accountNumber'>) =>
  c.socialReason || c.name || accountNumberText(c.accountNumber);

const COLLATOR = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

export interface IndexedCustomers {
  rows: CustomerRow[];
  keys: string[];
}

/** Sorted by social reason once per change of the cache, with folded search keys. */
export function indexCustomers(rows: readonly CustomerRow[]): IndexedCustomers {
  const sorted = [...rows].sort(
    (a, b) => COLLATOR.compare(customerName(a), customerName(b)) || COLLATOR.compare(a.accountNumber, b.accountNumber),
  );
  return {
    rows: sorted,
    keys: sorted.map((c) =>
      searchKey([c.accountNumber, c.socialReason, c.name, c.city, c.postalCode, c.email].filter(Boolean).join(' ')),
    ),
  };
}

export function filterCustomers(index: IndexedCustomers, query: string): CustomerRow[] {
  const words = searchKey(query).split(' ').filter(Boolean);
  if (words.length === 0) return index.rows;
  return index.rows.filter((_, i) => words.every((w) => index.keys[i].includes(w)));
}

export type CustomerField =
  'accountNumber' | 'socialReason' | 'email' | 'siren' | 'vatNumber' | 'paymentDelay' | 'electronicAddress';

// By the rulebook's message keys (src/domain/customers.ts): siren… under SIREN, vatNumber… under the VAT number.
const FIELD_OF: Record<string, CustomerField> = Object.fromEntries(
  Object.entries(CUSTOMER_MESSAGES).flatMap(([key, message]) => {
    const field: CustomerField | null = key.startsWith('accountNumber')
      ? 'accountNumber'
      : key.startsWith('socialReason')
        ? 'socialReason'
        : key.startsWith('email')
          ? 'email'
          : key.startsWith('siren')
            ? 'siren'
            : key.startsWith('vatNumber')
              ? 'vatNumber'
              : key.startsWith('paymentDelay')
                ? 'paymentDelay'
                : null;
    return field ? [[message, field]] : [];
  }),
);
// Decision 085: every problem of the electronic address shows under it.
for (const message of Object.values(ELECTRONIC_ADDRESS_MESSAGES)) FIELD_OF[message] = 'electronicAddress';

/** Each broken rule under its field (the form also lists them all). */
export function customerFieldErrors(errors: readonly string[]): Partial<Record<CustomerField, string>> {
  const out: Partial<Record<CustomerField, string>> = {};
  for (const e of errors) if (FIELD_OF[e] && !out[FIELD_OF[e]]) out[FIELD_OF[e]] = e;
  return out;
}

// Typed in full (9 digits, FR + 11 characters): judged at once, before the field is left.
const COMPLETE: Partial<Record<CustomerField, number>> = { siren: 9, vatNumber: 13 };

/**
 * Decision 046: the SIREN and the VAT number are checked as they are typed — their format errors show
 * once the field is left or typed in full; « obligatoire » waits for the save.
 */
export function liveFieldErrors(
  customer: Customer,
  errors: readonly string[],
  left: Partial<Record<CustomerField, boolean>>,
): Partial<Record<CustomerField, string>> {
  const out: Partial<Record<CustomerField, string>> = {};
  const all = customerFieldErrors(errors.filter((e) => e !== CUSTOMER_MESSAGES.sirenRequired));
  for (const field of ['siren', 'vatNumber', 'email'] as const) {
    const value = (customer[field] ?? '').replace(/[\s\u00a0\u202f.-]/g, '');
    const complete = COMPLETE[field];
    if (all[field] && (left[field] || (complete !== undefined && value.length >= complete))) out[field] = all[field];
  }
  return out;
}
