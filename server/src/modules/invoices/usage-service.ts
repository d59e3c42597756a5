import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoices } from '../../db/schema/index';

// What other modules may ask about the invoices (decision 023: through this service, never the
// table). Retention (decision 046): a customer named on a validated invoice or credit note is kept
// 10 years with it: archived, never deleted.

/** Whether a validated invoice or credit note of the company names this customer. */
export async function customerHasValidatedInvoices(
  db: DbOrTx,
  companyId: number,
  customerId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.customerId, customerId), eq(invoices.validated, true)))
    .limit(1);
  return row !== undefined;
}
