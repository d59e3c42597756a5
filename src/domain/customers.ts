// Customer rules (spec 3 fields; formats from french-rules.md): cleaning what was typed, field
// validation run by the customer form and again by the server, and the next account number.
import type { Customer } from './types';

export const DEFAULT_COUNTRY = 'France';
export const MAX_PAYMENT_DELAY_DAYS = 365;

export const CUSTOMER_MESSAGES = {
  accountNumberRequired: 'Le numéro de compte du client est obligatoire.',
  socialReasonRequired: 'La raison sociale du client est obligatoire.',
  emailInvalid: "L'adresse e-mail du client n'est pas valide.",
  sirenInvalid: 'Le SIREN du client doit comporter 9 chiffres.',
  vatNumberInvalid:
    'Le numéro de TVA intracommunautaire doit commencer par FR suivi de 11 caractères (ou le code d’un autre pays de l’UE).',
  paymentDelayInvalid: 'Le délai de paiement doit être un nombre entier de jours entre 0 et 365.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FRENCH_VAT = /^FR[0-9A-Z]{2}\d{9}$/;
// Other EU numbers: a two-letter country code then 2 to 12 characters (the VIES formats).
const OTHER_VAT = /^(?!FR)[A-Z]{2}[0-9A-Z+*]{2,12}$/;

const compact = (s: string | null | undefined) => (s ?? '').replace(/[\s\u00a0\u202f.]/g, '');
const trimmed = (s: string | null | undefined) => (s ?? '').trim();

/** Trims the texts, writes SIREN and VAT number without spaces (VAT in capitals), drops blank alternate addresses. */
export function normalizeCustomer(customer: Customer): Customer {
  return {
    ...customer,
    accountNumber: trimmed(customer.accountNumber),
    socialReason: trimmed(customer.socialReason),
    name: trimmed(customer.name),
    civility: trimmed(customer.civility),
    address: trimmed(customer.address),
    postalCode: trimmed(customer.postalCode),
    city: trimmed(customer.city),
    country: trimmed(customer.country) || DEFAULT_COUNTRY,
    billingAddresses: (customer.billingAddresses ?? []).map(trimmed).filter((a) => a !== ''),
    deliveryAddress: trimmed(customer.deliveryAddress),
    email: trimmed(customer.email),
    phone: trimmed(customer.phone),
    siren: compact(customer.siren),
    vatNumber: compact(customer.vatNumber).toUpperCase(),
    paymentMode: trimmed(customer.paymentMode),
    paymentDelay: customer.paymentDelay ?? null,
  };
}

/** Every broken rule, in French; empty when the customer can be saved. Optional fields are checked only when filled. */
export function validateCustomer(customer: Customer): string[] {
  const c = normalizeCustomer(customer);
  const errors: string[] = [];
  if (!c.accountNumber) errors.push(CUSTOMER_MESSAGES.accountNumberRequired);
  if (!c.socialReason) errors.push(CUSTOMER_MESSAGES.socialReasonRequired);
  if (c.email && !EMAIL.test(c.email)) errors.push(CUSTOMER_MESSAGES.emailInvalid);
  if (c.siren && !/^\d{9}$/.test(c.siren)) errors.push(CUSTOMER_MESSAGES.sirenInvalid);
  if (c.vatNumber && !FRENCH_VAT.test(c.vatNumber) && !OTHER_VAT.test(c.vatNumber))
    errors.push(CUSTOMER_MESSAGES.vatNumberInvalid);
  const delay = c.paymentDelay;
  if (
    delay !== null &&
    delay !== undefined &&
    !(Number.isInteger(delay) && delay >= 0 && delay <= MAX_PAYMENT_DELAY_DAYS)
  ) {
    errors.push(CUSTOMER_MESSAGES.paymentDelayInvalid);
  }
  return errors;
}

const GENERATED_ACCOUNT = /^C(\d+)$/;

/** 'C00001' style: one more than the highest generated number in use (other numbering schemes are ignored). */
export function nextAccountNumber(existing: readonly string[]): string {
  let max = 0n;
  for (const number of existing) {
    const m = GENERATED_ACCOUNT.exec(number);
    if (m && BigInt(m[1]) > max) max = BigInt(m[1]);
  }
  return `C${(max + 1n).toString().padStart(5, '0')}`;
}

/**
 * A customer record named for a pick list or a link: « Boulangerie Martin (C00012) » — its social
 * reason (or its contact's name), then its account number. The server's « Mon compte » link and the
 * firm's screens write it the same way.
 */
export function customerOptionLabel(customer: {
  accountNumber: string;
  socialReason?: string | null;
  name?: string | null;
}): string {
  const who = customer.socialReason || customer.name;
  return who ? `${who} (${customer.accountNumber})` : customer.accountNumber;
}
