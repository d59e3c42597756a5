// Customer rules (CUS-1 fields; formats from french-rules.md): cleaning what was typed, field
// validation run by the customer form and again by the server, and the next account number.
import { electronicAddressOf, electronicAddressProblem } from './electronic-address';
import { isValidSiren, isValidVatNumber, sirenOfVatNumber } from './siren';
import type { Customer } from './types';

export const DEFAULT_COUNTRY = 'France';
export const MAX_PAYMENT_DELAY_DAYS = 365;

export const CUSTOMER_MESSAGES = {
  accountNumberRequired: 'Le numéro de compte du client est obligatoire.',
  socialReasonRequired: 'La raison sociale du client est obligatoire.',
  emailInvalid: "L'adresse e-mail du client n'est pas valide.",
  sirenRequired: 'Le SIREN est obligatoire pour un client professionnel en France.',
  sirenInvalid: 'Le SIREN du client n’est pas valide (9 chiffres, clé de contrôle).',
  vatNumberInvalid:
    'Le numéro de TVA intracommunautaire n’est pas valide : FR, une clé de 2 chiffres et le SIREN (ou le code d’un autre pays de l’UE suivi du numéro).',
  vatNumberSirenMismatch: 'Le numéro de TVA intracommunautaire ne correspond pas au SIREN du client.',
  paymentDelayInvalid: 'Le délai de paiement doit être un nombre entier de jours entre 0 et 365.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const compact = (s: string | null | undefined) => (s ?? '').replace(/[\s\u00a0\u202f.]/g, '');
const trimmed = (s: string | null | undefined) => (s ?? '').trim();

/** Decision 085: the pair without spaces, the scheme in capitals ('em' → 'EM'). */
function normalizedElectronicAddress(
  customer: Customer,
): Pick<Customer, 'electronicAddressScheme' | 'electronicAddress'> {
  const a = electronicAddressOf(customer.electronicAddressScheme, customer.electronicAddress);
  return { electronicAddressScheme: a?.scheme ?? '', electronicAddress: a?.value ?? '' };
}

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
    ...normalizedElectronicAddress(customer),
    paymentMode: trimmed(customer.paymentMode),
    paymentDelay: customer.paymentDelay ?? null,
  };
}

/** Empty, « France » or « FR » (any case): the customer is in France. */
export function isInFrance(country: string | null | undefined): boolean {
  const c = trimmed(country).toLowerCase();
  return c === '' || c === 'france' || c === 'fr';
}

/**
 * A professional customer (isBusiness; absent means professional, as the records default) located in
 * France: the reform requires its SIREN on every invoice (french-rules.md, decision 046).
 */
export function requiresSiren(customer: Pick<Customer, 'isBusiness' | 'country'>): boolean {
  return customer.isBusiness !== false && isInFrance(customer.country);
}

/**
 * Every broken rule, in French; empty when the customer can be saved. Optional fields are checked
 * only when filled; a professional customer in France must have a valid SIREN (9 digits and Luhn
 * key); a VAT number, when given, must have a valid format (a French one its key and, when the
 * customer has a SIREN, the same SIREN).
 */
export function validateCustomer(customer: Customer): string[] {
  const c = normalizeCustomer(customer);
  const errors: string[] = [];
  if (!c.accountNumber) errors.push(CUSTOMER_MESSAGES.accountNumberRequired);
  if (!c.socialReason) errors.push(CUSTOMER_MESSAGES.socialReasonRequired);
  if (c.email && !EMAIL.test(c.email)) errors.push(CUSTOMER_MESSAGES.emailInvalid);
  if (!c.siren && requiresSiren(c)) errors.push(CUSTOMER_MESSAGES.sirenRequired);
  if (c.siren && !isValidSiren(c.siren)) errors.push(CUSTOMER_MESSAGES.sirenInvalid);
  if (c.vatNumber && !isValidVatNumber(c.vatNumber)) errors.push(CUSTOMER_MESSAGES.vatNumberInvalid);
  else if (c.vatNumber && isValidSiren(c.siren)) {
    const inVat = sirenOfVatNumber(c.vatNumber);
    if (inVat && inVat !== c.siren) errors.push(CUSTOMER_MESSAGES.vatNumberSirenMismatch);
  }
  // Decision 085: the electronic address, when typed, is one a platform accepts (BR-FR-23, BR-FR-25).
  const addressProblem = electronicAddressProblem(electronicAddressOf(c.electronicAddressScheme, c.electronicAddress));
  if (addressProblem) errors.push(addressProblem);
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

/**
 * Why an invoice for this customer cannot be validated yet (a professional customer in France
 * without a valid SIREN, e.g. a record saved before the reform), in French; null when it can.
 */
export function customerInvoiceProblem(
  customer: Pick<Customer, 'accountNumber' | 'socialReason' | 'name' | 'isBusiness' | 'country' | 'siren'>,
): string | null {
  if (!requiresSiren(customer) || isValidSiren(customer.siren)) return null;
  return `Le client ${customerOptionLabel(customer)} est un professionnel en France : renseignez son SIREN (valide) avant de valider la facture.`;
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
