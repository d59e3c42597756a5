import type { Context } from 'hono';
import { CUSTOMER_MESSAGES, normalizeCustomer, validateCustomer } from '../../../../src/domain/customers';
import type { Customer } from '../../../../src/domain/types';
import { toWire } from '../../../../src/domain/wire-names';
import type { customers } from '../../db/schema/index';
import { badRequest, unprocessable } from '../../http/errors';
import { pathParam } from '../../http/validate';

// The customer as the API speaks it: the domain's Customer with the spec's misspelled names on the
// wire (adress, payementMode, payementDelay; src/domain/wire-names.ts), renamed here and nowhere
// else. Structure → 400, the domain's customer rules → 422 with every broken rule.

// The request and answer schemas live in the contract (src/contract/catalogue.ts, decision 021).
export { customerBody, type CustomerBody } from '../../../../src/contract/catalogue';
import type { ApiCustomer, CustomerBody } from '../../../../src/contract/catalogue';

export const CUSTOMER_ERRORS_TITLE = 'Le client contient des erreurs.';
/**
 * 'tmp-…' is how a device names a customer it created offline until the server numbers it
 * (decision 010): a real customer holding such a number could receive another customer's documents.
 */
export const RESERVED_ACCOUNT =
  'Un numéro de compte ne peut pas commencer par « tmp- » : ce préfixe est réservé aux clients créés hors connexion.';

/**
 * The customer to store, cleaned like the form does; 422 with every broken rule.
 * accountNumber null: the server generates it, so its absence is no error.
 */
export function customerFromBody(body: CustomerBody, accountNumber: string | null): Customer {
  const customer = normalizeCustomer({
    accountNumber: accountNumber ?? '',
    socialReason: body.socialReason ?? '',
    name: body.name ?? '',
    civility: body.civility ?? '',
    address: body.adress ?? '',
    postalCode: body.postalCode ?? '',
    city: body.city ?? '',
    country: body.country ?? '',
    billingAddresses: body.billingAddresses ?? [],
    deliveryAddress: body.deliveryAddress ?? '',
    email: body.email ?? '',
    phone: body.phone ?? '',
    siren: body.siren ?? '',
    vatNumber: body.vatNumber ?? '',
    electronicAddressScheme: body.electronicAddressScheme ?? '',
    electronicAddress: body.electronicAddress ?? '',
    paymentMode: body.payementMode ?? '',
    paymentDelay: body.payementDelay ?? null,
    isBusiness: body.isBusiness ?? true,
  });
  const errors = validateCustomer(customer).filter(
    (e) => accountNumber !== null || e !== CUSTOMER_MESSAGES.accountNumberRequired,
  );
  if (/^tmp-/i.test(customer.accountNumber)) errors.push(RESERVED_ACCOUNT);
  if (errors.length) throw unprocessable(CUSTOMER_ERRORS_TITLE, errors);
  return customer;
}

type CustomerRow = typeof customers.$inferSelect;
type CustomerValues = Omit<typeof customers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const orNull = (s: string | undefined) => (s ? s : null);

export function customerValues(companyId: number, c: Customer): CustomerValues {
  return {
    companyId,
    accountNumber: c.accountNumber,
    socialReason: c.socialReason,
    name: orNull(c.name),
    civility: orNull(c.civility),
    address: orNull(c.address),
    postalCode: orNull(c.postalCode),
    city: orNull(c.city),
    country: c.country || 'France',
    billingAddresses: c.billingAddresses,
    deliveryAddress: orNull(c.deliveryAddress),
    email: orNull(c.email),
    phone: orNull(c.phone),
    siren: orNull(c.siren),
    vatNumber: orNull(c.vatNumber),
    electronicAddressScheme: orNull(c.electronicAddressScheme),
    electronicAddress: orNull(c.electronicAddress),
    paymentMode: orNull(c.paymentMode),
    paymentDelay: c.paymentDelay ?? null,
    isBusiness: c.isBusiness ?? true,
  };
}

/** Texts never come back null (forms bind them directly); paymentDelay stays null for "default 30 days". */
export function customerFromRow(row: CustomerRow): Required<Customer> {
  return {
    id: row.id,
    accountNumber: row.accountNumber,
    socialReason: row.socialReason,
    name: row.name ?? '',
    civility: row.civility ?? '',
    address: row.address ?? '',
    postalCode: row.postalCode ?? '',
    city: row.city ?? '',
    country: row.country,
    billingAddresses: row.billingAddresses ?? [],
    deliveryAddress: row.deliveryAddress ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
    siren: row.siren ?? '',
    vatNumber: row.vatNumber ?? '',
    electronicAddressScheme: row.electronicAddressScheme ?? '',
    electronicAddress: row.electronicAddress ?? '',
    paymentMode: row.paymentMode ?? '',
    paymentDelay: row.paymentDelay,
    isBusiness: row.isBusiness,
  };
}

/**
 * The customer as the API answers it (spec names on the wire). Decision 046: `archived` tells the app
 * to hide it from the choices of the invoice and quote editors (it stays listed and synced).
 */
export const toApiCustomer = (row: CustomerRow): ApiCustomer => ({
  ...toWire(customerFromRow(row)),
  archived: row.archivedAt !== null,
});

/** The account number in the path (URL-decoded); one that cannot exist is bad input, not a failed query. */
export function accountParam(c: Context): string {
  const value = pathParam(c, 'accountNumber');
  if (!value.trim() || value.length > 100 || value.includes('\u0000'))
    throw badRequest('Le numéro de compte du client est invalide.', 'accountNumber');
  return value;
}
