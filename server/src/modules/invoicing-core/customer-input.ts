import type { Context } from 'hono';
import { z } from 'zod';
import { CUSTOMER_MESSAGES, normalizeCustomer, validateCustomer } from '../../../../src/domain/customers';
import type { Customer } from '../../../../src/domain/types';
import type { customers } from '../../db/schema/index';
import { badRequest, unprocessable } from '../../http/errors';
import { pathParam } from '../../http/validate';
import { safeText } from './text';

// The customer as the API speaks it: exactly the field names of the domain's Customer (spec 3,
// misspellings kept: adress, billingAdresses, payementMode, payementDelay). Structure → 400,
// the domain's customer rules → 422 with every broken rule.

const optionalText = (max: number) => safeText(max).nullish();

export const customerBody = z.object({
  accountNumber: optionalText(30),
  socialReason: optionalText(200),
  name: optionalText(200),
  civility: optionalText(30),
  adress: optionalText(500),
  postalCode: optionalText(20),
  city: optionalText(100),
  country: optionalText(100),
  billingAdresses: z.array(safeText(500)).max(20).nullish(),
  deliveryAdress: optionalText(500),
  email: optionalText(254),
  phone: optionalText(40),
  siren: optionalText(20),
  vatNumber: optionalText(30),
  payementMode: optionalText(100),
  payementDelay: z.number().nullish(),
  isBusiness: z.boolean().nullish(),
});
export type CustomerBody = z.output<typeof customerBody>;

export const CUSTOMER_ERRORS_TITLE = 'Le client contient des erreurs.';
/**
 * 'tmp-…' is how a device names a customer it created offline until the server numbers it
 * (issue 10): a real customer holding such a number could receive another customer's documents.
 */
export const RESERVED_ACCOUNT = 'Un numéro de compte ne peut pas commencer par « tmp- » : ce préfixe est réservé aux clients créés hors connexion.';

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
    adress: body.adress ?? '',
    postalCode: body.postalCode ?? '',
    city: body.city ?? '',
    country: body.country ?? '',
    billingAdresses: body.billingAdresses ?? [],
    deliveryAdress: body.deliveryAdress ?? '',
    email: body.email ?? '',
    phone: body.phone ?? '',
    siren: body.siren ?? '',
    vatNumber: body.vatNumber ?? '',
    payementMode: body.payementMode ?? '',
    payementDelay: body.payementDelay ?? null,
    isBusiness: body.isBusiness ?? true,
  });
  const errors = validateCustomer(customer).filter((e) => accountNumber !== null || e !== CUSTOMER_MESSAGES.accountNumberRequired);
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
    adress: orNull(c.adress),
    postalCode: orNull(c.postalCode),
    city: orNull(c.city),
    country: c.country || 'France',
    billingAdresses: c.billingAdresses,
    deliveryAdress: orNull(c.deliveryAdress),
    email: orNull(c.email),
    phone: orNull(c.phone),
    siren: orNull(c.siren),
    vatNumber: orNull(c.vatNumber),
    payementMode: orNull(c.payementMode),
    payementDelay: c.payementDelay ?? null,
    isBusiness: c.isBusiness ?? true,
  };
}

/** Texts never come back null (forms bind them directly); payementDelay stays null for "default 30 days". */
export function toApiCustomer(row: CustomerRow): Required<Customer> {
  return {
    id: row.id,
    accountNumber: row.accountNumber,
    socialReason: row.socialReason,
    name: row.name ?? '',
    civility: row.civility ?? '',
    adress: row.adress ?? '',
    postalCode: row.postalCode ?? '',
    city: row.city ?? '',
    country: row.country,
    billingAdresses: row.billingAdresses ?? [],
    deliveryAdress: row.deliveryAdress ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
    siren: row.siren ?? '',
    vatNumber: row.vatNumber ?? '',
    payementMode: row.payementMode ?? '',
    payementDelay: row.payementDelay,
    isBusiness: row.isBusiness,
  };
}

/** The account number in the path (URL-decoded); one that cannot exist is bad input, not a failed query. */
export function accountParam(c: Context): string {
  const value = pathParam(c, 'accountNumber');
  if (!value.trim() || value.length > 100 || value.includes('\u0000')) throw badRequest('Le numéro de compte du client est invalide.', 'accountNumber');
  return value;
}
