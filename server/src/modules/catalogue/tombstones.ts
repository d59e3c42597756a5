import type { DbOrTx } from '../../db/client';
import { currentXid, syncDeletions } from '../../db/schema/index';

/**
 * Records that a customer (by account number) or an article (by id) left the company's list, in
 * the transaction that removed it: the changes-since answers name it so a device drops its copy
 * (decision 027). One row per key: a key deleted twice keeps its latest transaction.
 */
export async function recordDeletion(
  db: DbOrTx,
  companyId: number,
  kind: 'customers' | 'items',
  key: string | number,
): Promise<void> {
  await db
    .insert(syncDeletions)
    .values({ companyId, kind, key: String(key) })
    .onConflictDoUpdate({
      target: [syncDeletions.companyId, syncDeletions.kind, syncDeletions.key],
      set: { syncXid: currentXid() },
    });
}
