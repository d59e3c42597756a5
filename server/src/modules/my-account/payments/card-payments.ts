import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { cardPayments } from '../../../db/schema/index';
import type { CardPaymentRow } from './settle';

// The card payments' rows as the routes ask for them (routes.ts; their one change of state is
// settle.ts's).

/** A new pending payment, before the provider's session exists. */
export async function insertCardPayment(
  db: DbOrTx,
  values: Omit<typeof cardPayments.$inferInsert, 'id' | 'status' | 'checkoutId'>,
): Promise<CardPaymentRow> {
  const [row] = await db.insert(cardPayments).values(values).returning();
  return row!;
}

/** The provider could not open a session: the payment never existed. */
export async function deleteCardPayment(db: DbOrTx, id: number): Promise<void> {
  await db.delete(cardPayments).where(eq(cardPayments.id, id));
}

/** The provider's session of the payment. */
export async function setCheckout(db: DbOrTx, id: number, checkoutId: string): Promise<CardPaymentRow> {
  const [saved] = await db.update(cardPayments).set({ checkoutId }).where(eq(cardPayments.id, id)).returning();
  return saved!;
}

/** A payment of the client company, or undefined. */
export async function companyCardPayment(
  db: DbOrTx,
  clientCompanyId: number,
  id: number,
): Promise<CardPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.id, id), eq(cardPayments.clientCompanyId, clientCompanyId)));
  return row;
}

/** The payment of a provider's session, or undefined. */
export async function paymentOfCheckout(
  db: DbOrTx,
  provider: string,
  checkoutId: string,
): Promise<CardPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.provider, provider), eq(cardPayments.checkoutId, checkoutId)));
  return row;
}
