// What the screens of « Mon compte » decide without the server: their paths (the product's slug
// is configuration, NAV-4), the status colours, the status filter, the period's check.
import type { FirmInvoice } from '../../contract/my-account';
import { getBranding } from '../../lib/branding';

export interface AccountPaths {
  invoices: string;
  statement: string;
  /** Where the provider sends the client back: <payment>/<id> (server/src/modules/my-account/payments/routes.ts). */
  payment: string;
}

/** NAV-4: /mon-compte-{product}/factures-{product} and /mon-compte-{product}/extrait-du-compte. */
export function accountPaths(slug: string = getBranding().productSlug): AccountPaths {
  const base = `/mon-compte-${slug}`;
  return { invoices: `${base}/factures-${slug}`, statement: `${base}/extrait-du-compte`, payment: `${base}/paiement` };
}

export type InvoiceStatus = FirmInvoice['status'];

export const STATUS_COLORS: Record<InvoiceStatus, string> = {
  paid: 'teal.9',
  unpaid: 'blue.8',
  overdue: 'red.8',
  credit: 'gray.7',
};

export const STATUS_FILTERS: { value: InvoiceStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'Toutes' },
  { value: 'unpaid', label: 'À payer' },
  { value: 'overdue', label: 'En retard' },
  { value: 'paid', label: 'Payées' },
  { value: 'credit', label: 'Avoirs' },
];

export const filterInvoices = (invoices: readonly FirmInvoice[], status: InvoiceStatus | undefined) =>
  status ? invoices.filter((i) => i.status === status) : [...invoices];

/** Something is left to pay on it, by card (a credit note is never paid). */
export const payable = (invoice: FirmInvoice) =>
  invoice.status !== 'credit' && invoice.status !== 'paid' && invoice.remaining > 0;

/** The period the user typed, checked before asking the server (which checks it again: 422). */
export function periodProblem(dateStart: string | undefined, dateEnd: string | undefined): string | null {
  if (dateStart && dateEnd && dateStart > dateEnd) return 'La date de fin précède la date de début.';
  return null;
}

/** A customer record as the firm's pick list and link show it (the one rule, in src/domain). */
export { customerOptionLabel } from '../../domain/customers';
