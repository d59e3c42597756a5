import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { amountDueCents } from '../../../../src/domain/invoice-status';
import type { DbOrTx, Tx } from '../../db/client';
import { invoices } from '../../db/schema/index';
import { addPayment, lockedInvoice } from './payment-store';

// Decision 044: card payments of a firm's invoices by its client (« Mon compte »), confirmed by the
// payment provider. The my-account module reads what is due and records the payment through here,
// so invoice_payments, amount_paid/paid_at and the invoice history stay this module's alone.

export interface DueInvoice {
  id: number;
  number: string;
  date: string | null;
  dueCents: number;
}

const facts = (i: typeof invoices.$inferSelect) => ({
  type: i.type,
  validated: i.validated,
  dueDate: i.dueDate,
  ttc: i.ttc,
  paid: i.amountPaid,
  credited: i.amountCredited,
});

/** The firm's validated invoices to this customer with something left to pay, oldest first. */
export async function dueInvoicesOfCustomer(
  db: DbOrTx,
  firmCompanyId: number,
  customerId: number,
): Promise<DueInvoice[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, firmCompanyId),
        eq(invoices.customerId, customerId),
        eq(invoices.validated, true),
        eq(invoices.type, 'Facture'),
        isNotNull(invoices.number),
      ),
    )
    .orderBy(asc(invoices.createdAt), asc(invoices.numberYear), asc(invoices.numberSeq), asc(invoices.id));
  return rows
    .map((r) => ({ id: r.id, number: r.number ?? '', date: r.createdAt, dueCents: amountDueCents(facts(r)) }))
    .filter((r) => r.dueCents > 0);
}

/** One validated invoice of the firm to this customer (paid or not); null when it is not theirs. */
export async function invoiceOfCustomer(
  db: DbOrTx,
  firmCompanyId: number,
  customerId: number,
  invoiceId: number,
): Promise<DueInvoice | null> {
  const [r] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.id, invoiceId),
        eq(invoices.companyId, firmCompanyId),
        eq(invoices.customerId, customerId),
        eq(invoices.validated, true),
        eq(invoices.type, 'Facture'),
      ),
    );
  return r ? { id: r.id, number: r.number ?? '', date: r.createdAt, dueCents: amountDueCents(facts(r)) } : null;
}

export interface ProviderPayment {
  firmCompanyId: number;
  customerId: number;
  /** The invoice paid, or null: the amount goes to the oldest invoices still due. */
  invoiceId: number | null;
  amountCents: number;
  /** Paris day of the confirmation. */
  date: string;
  userId: number;
  at: Date;
}

/**
 * Records a confirmed card payment as invoice payments (means 'carte'), in the caller's transaction.
 * Never more than what is due on an invoice (a second payment of the same invoice confirmed later
 * must not overpay it): returns the cents that found no invoice, for the caller to report.
 */
export async function recordProviderPayment(tx: Tx, p: ProviderPayment): Promise<number> {
  const targets = p.invoiceId
    ? [p.invoiceId]
    : (await dueInvoicesOfCustomer(tx, p.firmCompanyId, p.customerId)).map((i) => i.id);
  let left = p.amountCents;
  for (const id of targets) {
    if (left <= 0) break;
    const inv = await lockedInvoice(tx, p.firmCompanyId, id);
    if (inv.customerId !== p.customerId) continue;
    const applied = Math.min(left, amountDueCents(facts(inv)));
    if (applied <= 0) continue;
    await addPayment(tx, inv, { date: p.date, means: 'carte', amount: applied / 100 }, p.userId, p.at);
    left -= applied;
  }
  return left;
}
