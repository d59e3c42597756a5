import { and, asc, eq, sql } from 'drizzle-orm';
import { creditNoteLimitErrors, type CreditableDocument } from '../../../../src/domain/credit-notes';
import type { DbOrTx, Tx } from '../../db/client';
import { invoices } from '../../db/schema/index';
import { recordEvent } from './history';

// Credit notes against their invoice (decision 011). The limit itself is the rulebook's
// (src/domain/credit-notes), judged on the invoice and its credit notes already validated. Saving
// a draft credit note checks it; validating checks again under the company's numbering lock, so
// two credit notes validated at the same moment cannot both take the same remaining amount.

export interface CreditNoteRow {
  id: number;
  number: string | null;
  validated: boolean;
  createdAt: string | null;
  ttc: number;
  lines: CreditableDocument['lines'];
  vatBreakdown: CreditableDocument['vatBreakdown'];
}

/** Credit notes (drafts included) that name this invoice, oldest first. */
export async function creditNotesOf(db: DbOrTx, companyId: number, invoiceId: number): Promise<CreditNoteRow[]> {
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      validated: invoices.validated,
      createdAt: invoices.createdAt,
      ttc: invoices.ttc,
      lines: invoices.lines,
      vatBreakdown: invoices.vatBreakdown,
    })
    .from(invoices)
    .where(
      and(eq(invoices.companyId, companyId), eq(invoices.correctedInvoiceId, invoiceId), eq(invoices.type, 'Avoir')),
    )
    .orderBy(asc(invoices.id));
  return rows.map((r) => ({ ...r, ttc: Number(r.ttc) }));
}

/** The limits `creditNote` breaks on invoice `invoiceId` (a validated Facture of the company), in French. */
export async function creditLimitErrors(
  db: DbOrTx,
  companyId: number,
  invoiceId: number,
  creditNote: CreditableDocument,
): Promise<string[]> {
  const [invoice] = await db
    .select({ number: invoices.number, lines: invoices.lines, ttc: invoices.ttc, vatBreakdown: invoices.vatBreakdown })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)))
    .limit(1);
  if (!invoice) return [];
  const prior = (await creditNotesOf(db, companyId, invoiceId)).filter((c) => c.validated);
  return creditNoteLimitErrors(invoice, prior, creditNote);
}

/**
 * Inside the validation of a credit note: the invoice it corrects now owes that much less (its
 * amount_credited, read by the lists and the dashboard), and its history says so.
 */
export async function applyValidatedCreditNote(
  tx: Tx,
  companyId: number,
  creditNote: { id: number; number: string; ttc: string; correctedInvoiceId: number | null },
  userId: number | null,
  at: Date,
): Promise<void> {
  if (!creditNote.correctedInvoiceId) return;
  await tx
    .update(invoices)
    .set({ amountCredited: sql`${invoices.amountCredited} + ${creditNote.ttc}::numeric`, updatedAt: at })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, creditNote.correctedInvoiceId)));
  await recordEvent(tx, {
    companyId,
    invoiceId: creditNote.correctedInvoiceId,
    kind: 'credited',
    userId,
    at,
    detail: { creditNoteId: creditNote.id, number: creditNote.number, amount: Number(creditNote.ttc) },
  });
}
