import { and, eq } from 'drizzle-orm';
import type { CardPayment } from '../../../../../src/contract/my-account';
import { todayInParis } from '../../../../../src/domain/dates';
import { cardPayments } from '../../../db/schema/index';
import type { Deps } from '../../../http/types';
import { recordProviderPayment } from '../../invoices/service';
import { accountLink } from '../service';
import { cents, euros } from '../money';

// A card payment's one change of state, pending → accepted | refused, from a verified notification
// or the status read back. Both paths meet here, under a lock on the payment's row: whichever comes
// first settles it and records the invoice payment; the other (a notification twice, a late one
// after the read-back) finds it settled and changes nothing.

export type CardPaymentRow = typeof cardPayments.$inferSelect;

export const STATUS_LABELS: Record<CardPayment['status'], string> = {
  pending: 'Paiement en cours de confirmation',
  accepted: 'Paiement accepté',
  refused: 'Paiement refusé',
};

export function toCardPayment(row: CardPaymentRow): CardPayment {
  const status = row.status as CardPayment['status'];
  return {
    id: row.id,
    status,
    statusLabel: STATUS_LABELS[status],
    amount: euros(cents(row.amount)),
    reference: row.reference,
    invoiceId: row.invoiceId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Settles the payment `paymentId`; returns its row as it is afterwards. Idempotent. */
export async function settlePayment(
  deps: Deps,
  paymentId: number,
  outcome: 'succeeded' | 'failed',
): Promise<CardPaymentRow | null> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(cardPayments).where(eq(cardPayments.id, paymentId)).for('update');
    if (!row || row.status !== 'pending') return row ?? null;
    const now = deps.now();
    const status = outcome === 'succeeded' ? 'accepted' : 'refused';
    const [updated] = await tx
      .update(cardPayments)
      .set({ status, settledAt: now })
      .where(and(eq(cardPayments.id, paymentId), eq(cardPayments.status, 'pending')))
      .returning();
    if (status === 'accepted') {
      // The link of today: the firm's customer record that this company's payment pays.
      const link = await accountLink(tx, row.clientCompanyId);
      if (!link) {
        console.warn(`Paiement par carte ${row.id} accepté sans lien avec un cabinet : non imputé.`);
        return updated!;
      }
      const left = await recordProviderPayment(tx, {
        firmCompanyId: link.firmCompanyId,
        customerId: link.customerId,
        invoiceId: row.invoiceId,
        amountCents: cents(row.amount),
        date: todayInParis(now),
        userId: row.userId,
        at: now,
      });
      // Money received beyond what is due (the invoice was paid otherwise meanwhile): the firm
      // must refund or allocate it by hand; the portal never records more than due on an invoice.
      if (left > 0)
        console.warn(`Paiement par carte ${row.id} : ${euros(left).toFixed(2)} € sans facture à régler (à traiter).`);
    }
    return updated!;
  });
}
