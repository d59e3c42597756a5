import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { categoryLabel } from '../../../../src/domain/document-categories';
import { documentNotificationLabel } from '../../../../src/domain/deposits';
import { depositBatches, inboxDeposits } from '../../db/schema/index';
import type { DbOrTx } from '../../db/client';
import { loggableError } from '../../db/loggable-error';
import { HttpError, notFound } from '../../http/errors';
import type { Deps } from '../../http/types';
import {
  documentSearchKey,
  insertDocuments,
  mayReadFile,
  membersAccess,
  readableFilesWhere,
  type DocumentAccess,
} from '../documents/service';
import { notify } from '../notifications/service';
import { depositColumns } from './service';

export type Batch = typeof depositBatches.$inferSelect;

/** Batches being processed by this server (deps.state.batches): one left 'processing' by a crash is resumed on trigger. */
export const isRunning = (deps: Deps, batchId: number) => deps.state.batches.has(batchId);

/** Starts processing in the background (once per batch); the caller answers at once. */
export function startBatch(deps: Deps, batchId: number): Promise<void> {
  const running = deps.state.batches;
  let job = running.get(batchId);
  if (!job) {
    job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => processLeased(deps, batchId))
      .catch((error) => console.error(`Traitement du lot ${batchId} interrompu`, loggableError(error)))
      .finally(() => running.delete(batchId));
    running.set(batchId, job);
  }
  return job;
}

/**
 * Several instances on one PostgreSQL (decision 036): the batch's lock is its lease. One instance
 * processes it; the others, triggered too, leave it. If that instance dies, PostgreSQL frees the
 * lock with its connection and the next trigger (a read of the batch: the firm's screen polls it)
 * resumes the batch on whichever instance answers, from the first file not yet filed.
 */
async function processLeased(deps: Deps, batchId: number): Promise<void> {
  const locks = deps.state.sharedLocks;
  if (!locks) return processBatch(deps, batchId);
  const release = await locks.tryHold(`inbox-batch:${batchId}`);
  if (!release) return;
  try {
    await processBatch(deps, batchId);
  } finally {
    await release();
  }
}

/**
 * queued → processing → done: each deposited file becomes a document of its company under the
 * category chosen at deposit (same stored bytes, no copy), and the company's users get a type 1
 * notification. One short transaction per file, so a crash resumes where it stopped.
 */
async function processBatch(deps: Deps, batchId: number): Promise<void> {
  const { db } = deps;
  const [found] = await db.select().from(depositBatches).where(eq(depositBatches.id, batchId));
  if (!found || found.status === 'done') return;
  const [batch] = await db
    .update(depositBatches)
    .set({ status: 'processing', startedAt: found.startedAt ?? deps.now() })
    .where(and(eq(depositBatches.id, batchId), ne(depositBatches.status, 'done')))
    .returning();
  if (!batch) return;
  await db
    .update(inboxDeposits)
    .set({ status: 'processing' })
    .where(and(eq(inboxDeposits.batchId, batchId), eq(inboxDeposits.status, 'queued')));
  const pending = await db
    .select()
    .from(inboxDeposits)
    .where(and(eq(inboxDeposits.batchId, batchId), eq(inboxDeposits.status, 'processing')));
  // The firm user who files is not told about their own filing.
  const members = (await membersAccess(db, { companyId: batch.companyId }, 'mesDocuments')).filter(
    (m) => m.userId !== batch.createdBy,
  );
  for (const deposit of pending) {
    // A notification names the file: only members who may read it (access.ts) are told.
    const file = { companyId: deposit.companyId, categoryId: deposit.categoryId, depositorId: deposit.userId };
    const recipients = members.filter((m) => mayReadFile(m, file)).map((m) => m.userId);
    await db.transaction(async (tx) => {
      const documentId = await fileDocument(tx, deposit, deps.now());
      await tx
        .update(inboxDeposits)
        .set({ status: 'done', documentId, processedAt: deps.now() })
        .where(eq(inboxDeposits.id, deposit.id));
      await notifyDocument(tx, batch.companyId, recipients, documentId, deposit.name, deposit.categoryId, deps.now());
      await tx
        .update(depositBatches)
        .set({ processed: sql`${depositBatches.processed} + 1` })
        .where(eq(depositBatches.id, batchId));
    });
  }
  await db.update(depositBatches).set({ status: 'done', finishedAt: deps.now() }).where(eq(depositBatches.id, batchId));
}

async function fileDocument(tx: DbOrTx, d: typeof inboxDeposits.$inferSelect, at: Date): Promise<number> {
  const [doc] = await insertDocuments(tx, [
    {
      companyId: d.companyId,
      categoryId: d.categoryId,
      name: d.name,
      mimeType: d.mimeType,
      size: d.size,
      sha256: d.sha256,
      searchKey: documentSearchKey(d.name, d.categoryId),
      depositedBy: d.userId,
      depositId: d.id,
      createdAt: at,
    },
  ]);
  return doc!.id;
}

/** Type 1 notifications (NOTIF-1) for the given users of the company. */
export async function notifyDocument(
  tx: DbOrTx,
  companyId: number,
  userIds: number[],
  documentId: number,
  name: string,
  categoryId: number,
  at: Date,
) {
  const label = documentNotificationLabel(name, categoryLabel(categoryId));
  await notify(
    tx,
    userIds.map((userId) => ({ companyId, userId, type: 1, label, documentId, createdAt: at })),
  );
}

/** A batch and its files; the files the viewer may not read (access.ts) are left out. */
export async function batchView(db: DbOrTx, batch: Batch, access: DocumentAccess) {
  const files = await db
    .select({
      id: inboxDeposits.id,
      name: inboxDeposits.name,
      status: inboxDeposits.status,
      documentId: inboxDeposits.documentId,
    })
    .from(inboxDeposits)
    .where(and(eq(inboxDeposits.batchId, batch.id), readableFilesWhere(access, depositColumns)))
    .orderBy(inboxDeposits.id);
  return {
    id: batch.id,
    status: batch.status,
    total: batch.total,
    processed: batch.processed,
    createdAt: batch.createdAt.toISOString(),
    startedAt: batch.startedAt?.toISOString() ?? null,
    finishedAt: batch.finishedAt?.toISOString() ?? null,
    files,
  };
}

/**
 * A batch of the viewer's readable deposits `ids`, in the caller's transaction: 404 if one is not
 * among them, 409 if one is already taken; the deposits are queued under the new batch.
 */
export async function queueBatch(
  tx: DbOrTx,
  by: { companyId: number; userId: number; access: DocumentAccess },
  ids: number[],
  now: () => Date,
): Promise<Batch> {
  const rows = await tx
    .select()
    .from(inboxDeposits)
    .where(and(readableFilesWhere(by.access, depositColumns), inArray(inboxDeposits.id, ids)));
  if (rows.length !== ids.length) throw notFound('Un des fichiers demandés est introuvable.');
  const taken = rows.filter((r) => r.status !== 'deposited');
  if (taken.length)
    throw new HttpError(409, 'Certains fichiers sont déjà pris en charge.', {
      errors: taken.map((r) => `« ${r.name} » est déjà pris en charge.`),
    });
  const [batch] = await tx
    .insert(depositBatches)
    .values({ companyId: by.companyId, createdBy: by.userId, total: ids.length, createdAt: now() })
    .returning();
  await tx.update(inboxDeposits).set({ status: 'queued', batchId: batch.id }).where(inArray(inboxDeposits.id, ids));
  return batch;
}

/** A batch of the company, or undefined. */
export async function companyBatch(db: DbOrTx, companyId: number, id: number): Promise<Batch | undefined> {
  const [batch] = await db
    .select()
    .from(depositBatches)
    .where(and(eq(depositBatches.id, id), eq(depositBatches.companyId, companyId)));
  return batch;
}
