import type { CustomerBusinessDocument } from '../invoices/service';
import type { FirmInvoice } from '../../../../src/contract/my-account';
import { cents, euros } from './money';

// The status the client reads on each of the firm's documents (decision 043). What an invoice owes
// is its TTC less the credit notes correcting it and the payments recorded on it.

export const STATUS_LABELS: Record<FirmInvoice['status'], string> = {
  paid: 'Payée',
  unpaid: 'À payer',
  overdue: 'En retard',
  credit: 'Avoir',
};

/** Left to pay on a document, in cents (0 for a credit note, never below 0). */
export function remainingCents(d: CustomerBusinessDocument): number {
  if (d.type === 'Avoir') return 0;
  return Math.max(0, cents(d.ttc) - cents(d.credited) - cents(d.paid));
}

export function statusOf(d: CustomerBusinessDocument, today: string): FirmInvoice['status'] {
  if (d.type === 'Avoir') return 'credit';
  if (remainingCents(d) === 0) return 'paid';
  return d.dueDate !== null && d.dueDate < today ? 'overdue' : 'unpaid';
}

export function toFirmInvoice(d: CustomerBusinessDocument, today: string): FirmInvoice {
  const status = statusOf(d, today);
  return {
    id: d.id,
    number: d.number,
    type: d.type,
    date: d.date,
    dueDate: d.dueDate,
    ht: euros(cents(d.ht)),
    tva: euros(cents(d.tva)),
    ttc: euros(cents(d.ttc)),
    paid: euros(cents(d.paid)),
    remaining: euros(remainingCents(d)),
    status,
    statusLabel: STATUS_LABELS[status],
  };
}
