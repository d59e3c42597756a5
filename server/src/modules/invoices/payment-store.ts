import { and, asc, eq } from 'drizzle-orm';
import { amountDue, invoiceStatus, invoiceStatuses, paymentMeansLabel } from '../../../../src/domain/invoice-status';
import { creditableAmount } from '../../../../src/domain/credit-notes';
import { toDecimal } from '../../../../src/domain/money';
import type { Tx } from '../../db/client';
import { invoicePayments, invoices } from '../../db/schema/index';
import type { Deps } from '../../http/types';
import { creditNotesOf } from './credit-balance';
import { invoiceHistory, recordEvent } from './history';
import { invoiceTrail, recordCollectedStatus } from './lifecycle';
import { loadInvoice, type InvoiceRow } from './invoice-store';

// Payments of an invoice (decision 011): several partial payments, each with its date, means
// and amount, never more than the rest due. The invoice keeps their sum (amount_paid) and the date
// it became fully paid (paid_at, the field the spec's lists and the older PUT …/payment know).

/** What the payment rules (src/domain/invoice-status.ts) read of an invoice. */
export const facts = (i: InvoiceRow) => ({
  type: i.type,
  validated: i.validated,
  sentAt: i.sentAt?.toISOString() ?? null,
  dueDate: i.dueDate,
  ttc: i.ttc,
  paid: i.amountPaid,
  credited: i.amountCredited,
  createdAt: i.createdAt,
});

/** The invoice row, locked: payments of one invoice are judged one after the other. */
export async function lockedInvoice(tx: Tx, companyId: number, id: number): Promise<InvoiceRow> {
  await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.companyId, companyId)))
    .for('update');
  return (await loadInvoice(tx, companyId, id)).invoice;
}

/** Records one payment (rules already passed) and what follows from it, in `tx`. */
export async function addPayment(
  tx: Tx,
  inv: InvoiceRow,
  p: { date: string; means: string; amount: number },
  userId: number,
  at: Date,
): Promise<void> {
  const amount = toDecimal(p.amount).toFixed(2);
  const paid = toDecimal(inv.amountPaid).plus(amount);
  const settled = amountDue({ ...facts(inv), paid: paid.toFixed(2) }) === 0;
  const [payment] = await tx
    .insert(invoicePayments)
    .values({ companyId: inv.companyId, invoiceId: inv.id, paidOn: p.date, means: p.means, amount, insertedAt: at })
    .returning({ id: invoicePayments.id });
  await tx
    .update(invoices)
    .set({ amountPaid: paid.toFixed(2), paidAt: settled ? p.date : null, updatedAt: at })
    .where(eq(invoices.id, inv.id));
  await recordEvent(tx, {
    companyId: inv.companyId,
    invoiceId: inv.id,
    kind: 'payment',
    userId,
    at,
    detail: { amount: Number(amount), means: p.means, date: p.date, settled: settled ? 1 : 0 },
  });
  // Decision 089 (LC-5): a services invoice's payment sends its « Encaissée » through the platform.
  await recordCollectedStatus(tx, inv, { id: payment!.id, amount: Number(amount) }, at);
}

/** GET …/follow-up: status, rest due, payments, credit notes and history of one invoice. */
export async function followUp(db: Deps['db'] | Tx, companyId: number, id: number, today: string) {
  const row = await loadInvoice(db, companyId, id);
  const inv = row.invoice;
  const f = facts(inv);
  const payments = await db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.companyId, companyId), eq(invoicePayments.invoiceId, id)))
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.id));
  const credits = inv.type === 'Facture' ? await creditNotesOf(db, companyId, id) : [];
  const validatedCredits = credits.filter((c) => c.validated);
  return {
    invoiceId: id,
    type: inv.type,
    number: inv.number,
    status: invoiceStatus(f, today),
    statuses: invoiceStatuses(f, today),
    ttc: Number(inv.ttc),
    amountPaid: Number(inv.amountPaid),
    amountCredited: Number(inv.amountCredited),
    amountDue: amountDue(f),
    // TTC still open to credit notes; the validated ones' lines let the editor judge the limit offline.
    creditable:
      inv.type === 'Facture' && inv.validated
        ? creditableAmount({ lines: inv.lines, ttc: inv.ttc, vatBreakdown: inv.vatBreakdown }, validatedCredits)
        : 0,
    payments: payments.map((p) => ({
      id: p.id,
      date: p.paidOn,
      means: p.means,
      meansLabel: paymentMeansLabel(p.means),
      amount: Number(p.amount),
    })),
    creditNotes: credits.map((c) => ({
      id: c.id,
      number: c.number,
      validated: c.validated,
      createdAt: c.createdAt,
      ttc: c.ttc,
      lines: c.lines,
      vatBreakdown: c.vatBreakdown,
    })),
    correctedInvoice: inv.correctedInvoiceId
      ? { id: inv.correctedInvoiceId, number: row.correctedNumber ?? null }
      : null,
    history: await invoiceHistory(db, companyId, inv),
    lifecycle: await invoiceTrail(db, companyId, id),
  };
}

/** PUT …/payment with null: every payment of the invoice is removed, and the invoice is unpaid again. */
export async function clearPayments(tx: Tx, companyId: number, id: number, userId: number, at: Date): Promise<void> {
  await tx.delete(invoicePayments).where(eq(invoicePayments.invoiceId, id));
  await tx.update(invoices).set({ amountPaid: '0', paidAt: null, updatedAt: at }).where(eq(invoices.id, id));
  await recordEvent(tx, { companyId, invoiceId: id, kind: 'payments_cleared', userId, at });
}

/** PUT …/payment on an invoice already paid: only its payment date moves. */
export async function movePaidDate(tx: Tx, id: number, paidAt: string, at: Date): Promise<void> {
  await tx.update(invoices).set({ paidAt, updatedAt: at }).where(eq(invoices.id, id));
}
