import { and, eq } from 'drizzle-orm';
import type { QuotePayload } from '../../../../src/domain/types';
import type { DbOrTx } from '../../db/client';
import { estimates } from '../../db/schema/index';
import type { Deps } from '../../http/types';
import type { CustomerRow } from './context';
import { versionGuard } from './invoice-write';
import { lockCompanyNumbering, takeNextNumber } from './numbering';
import { quoteValues } from './quote-store';

// The writes of a quote (quote-routes.ts): numbered at creation, saved at the version read, moved
// from one state to another.

/** A new quote 'En cours'; the number is taken in the insert's transaction: no gap if the insert fails. */
export function insertQuote(
  db: Deps['db'],
  companyId: number,
  payload: QuotePayload,
  customer: CustomerRow | null,
  now: () => Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockCompanyNumbering(tx, companyId);
    const taken = await takeNextNumber(tx, companyId, 'Devis', payload.createdAt);
    const [row] = await tx
      .insert(estimates)
      .values({
        ...quoteValues(payload, customer, taken.number),
        companyId,
        number: taken.number,
        numberYear: taken.year,
        numberSeq: taken.seq,
        state: 'enCours',
        insertedAt: now(),
        updatedAt: now(),
      })
      .returning({ id: estimates.id });
    return row.id;
  });
}

/**
 * Saves a quote still in the state it was read in, at the version the client read (null: whatever
 * it is); answers false when its state changed or someone else saved it in between.
 */
export async function updateQuote(
  db: DbOrTx,
  current: { companyId: number; id: number; state: string; number: string },
  values: { payload: QuotePayload; customer: CustomerRow | null; version: number | null },
  at: Date,
): Promise<boolean> {
  const guard = versionGuard(estimates.version, values.version);
  const updated = await db
    .update(estimates)
    .set({ ...quoteValues(values.payload, values.customer, current.number), version: guard.bump, updatedAt: at })
    .where(
      and(
        eq(estimates.id, current.id),
        eq(estimates.companyId, current.companyId),
        eq(estimates.state, current.state),
        guard.where,
      ),
    )
    .returning({ id: estimates.id });
  return updated.length > 0;
}

/** Moves a quote from the state it was read in to `state`; answers false when it had moved meanwhile. */
export async function setQuoteState(db: DbOrTx, id: number, from: string, state: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(estimates)
    .set({ state, updatedAt: at })
    .where(and(eq(estimates.id, id), eq(estimates.state, from)))
    .returning({ id: estimates.id });
  return updated.length > 0;
}

/** The number of a saved quote of the company, or null. */
export async function quoteNumber(db: DbOrTx, companyId: number, id: number): Promise<string | null> {
  const [saved] = await db
    .select({ number: estimates.number })
    .from(estimates)
    .where(and(eq(estimates.companyId, companyId), eq(estimates.id, id)))
    .limit(1);
  return saved?.number ?? null;
}
