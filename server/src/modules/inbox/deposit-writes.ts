import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inboxDeposits } from '../../db/schema/index';
import { documentSearchKey, readableFilesWhere, type DocumentAccess } from '../documents/service';
import { findUserById } from '../users/service';
import { depositColumns, toDepositItem } from './service';

// The inbox's writes that its routes ask for (decision 080: the queries are the module's, the
// routes only parse, check rights and answer).

export type DepositRow = typeof inboxDeposits.$inferSelect;
/** A file of an upload, its bytes already placed in the store. */
export interface StoredUpload {
  sha256: string;
  size: number;
  name: string;
  mimeType: string;
}

/** The deposits of one upload, in the caller's transaction; each is dated when its row is built. */
export function insertUploadedDeposits(
  tx: DbOrTx,
  by: { companyId: number; userId: number; categoryId: number },
  stored: StoredUpload[],
  now: () => Date,
): Promise<DepositRow[]> {
  return tx
    .insert(inboxDeposits)
    .values(
      stored.map((s) => ({
        companyId: by.companyId,
        userId: by.userId,
        categoryId: by.categoryId,
        name: s.name,
        mimeType: s.mimeType,
        size: s.size,
        sha256: s.sha256,
        searchKey: documentSearchKey(s.name, by.categoryId),
        createdAt: now(),
      })),
    )
    .returning();
}

/** The upload's answer: its deposits as the depositor sees them. */
export async function uploadedItems(tx: DbOrTx, rows: DepositRow[], userId: number, companyLabel: string) {
  const me = await findUserById(tx, userId);
  return rows.map((deposit) =>
    toDepositItem({ deposit, firstName: me?.firstName ?? '', userName: me?.name ?? '', companyLabel }, userId),
  );
}

/** A deposit the viewer may read (access.ts), or undefined. */
export async function readableDeposit(db: DbOrTx, access: DocumentAccess, id: number): Promise<DepositRow | undefined> {
  const [deposit] = await db
    .select()
    .from(inboxDeposits)
    .where(and(eq(inboxDeposits.id, id), readableFilesWhere(access, depositColumns)));
  return deposit;
}

/** Deletes a deposit still waiting ('deposited'): the condition makes withdrawal and a concurrent batch exclusive. */
export function deleteWaitingDeposit(db: DbOrTx, id: number): Promise<DepositRow[]> {
  return db
    .delete(inboxDeposits)
    .where(and(eq(inboxDeposits.id, id), eq(inboxDeposits.status, 'deposited')))
    .returning();
}
