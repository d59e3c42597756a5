import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { estimates, invoices } from '../../db/schema/index';
import { conflict } from '../../http/errors';
import type { Deps } from '../../http/types';
import { FROZEN_INVOICE_DELETE } from './invoice-store';
import { draftValues, versionGuard } from './invoice-write';

// The writes of a draft invoice or credit note, and what its preview reads (invoice-routes.ts).

type DraftValues = ReturnType<typeof draftValues>;

/** A new draft of the company; answers its id. */
export async function insertDraft(db: DbOrTx, companyId: number, values: DraftValues, at: () => Date): Promise<number> {
  const [row] = await db
    .insert(invoices)
    .values({ ...values, companyId, insertedAt: at(), updatedAt: at() })
    .returning({ id: invoices.id });
  return row.id;
}

/**
 * Saves a draft still unvalidated, at the version the client read (null: whatever it is); answers
 * false when it was validated or saved by someone else in between.
 */
export async function updateDraft(
  db: DbOrTx,
  companyId: number,
  id: number,
  values: DraftValues,
  version: number | null,
  at: Date,
): Promise<boolean> {
  const guard = versionGuard(invoices.version, version);
  const updated = await db
    .update(invoices)
    .set({ ...values, version: guard.bump, updatedAt: at })
    .where(and(eq(invoices.id, id), eq(invoices.companyId, companyId), eq(invoices.validated, false), guard.where))
    .returning({ id: invoices.id });
  return updated.length > 0;
}

/**
 * Deletes a draft (409 once validated), in one transaction: the quote it came from is no longer
 * invoiced, it goes back to 'Accepté' and may be converted again.
 */
export async function deleteDraft(db: Deps['db'], companyId: number, id: number, now: () => Date): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.validated, false)))
      .returning({ estimateId: invoices.estimateId });
    if (gone.length === 0) throw conflict(FROZEN_INVOICE_DELETE);
    if (gone[0].estimateId) {
      await tx
        .update(estimates)
        .set({ state: 'accepte', invoiceId: null, updatedAt: now() })
        .where(
          and(eq(estimates.id, gone[0].estimateId), eq(estimates.companyId, companyId), eq(estimates.state, 'facture')),
        );
    }
  });
}

/** The number of the company's invoice a credit note corrects, or null. */
export async function invoiceNumber(db: DbOrTx, companyId: number, id: number): Promise<string | null> {
  const [ref] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .limit(1);
  return ref?.number ?? null;
}

/** The number of the quote a saved invoice was converted from ("Devis d'origine"), or null. */
export async function originQuoteNumber(db: DbOrTx, companyId: number, invoiceId: number): Promise<string | null> {
  const [origin] = await db
    .select({ number: estimates.number })
    .from(invoices)
    .innerJoin(estimates, eq(estimates.id, invoices.estimateId))
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)))
    .limit(1);
  return origin?.number ?? null;
}
