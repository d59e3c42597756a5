// A change the screen made (or queued) shows at once in the cached lists: the row is written to
// the company's local copy without waiting for the next refresh, which later replaces it with
// the server's version.
import { currentDb, rowLabel, type WorkplaceDb } from './db';
import type { MutationResult } from './outbox-types';
import { isQuotaError } from './quota';

export type LocalTable = 'articles' | 'customers';

/** Adds or replaces one cached row (and removes the row under its previous key, e.g. a renumbered customer). */
export async function putLocalRow<T>(
  table: LocalTable,
  companyId: number,
  id: string | number,
  data: T,
  previousId?: string | number,
  db: WorkplaceDb | null = currentDb(),
): Promise<void> {
  if (!db) return;
  try {
    await db.transaction('rw', db.table(table), async () => {
      if (previousId !== undefined && previousId !== id) await db.table(table).delete([companyId, previousId]);
      await db.table(table).put({ companyId, id, data, label: rowLabel(table, data) });
    });
  } catch (error) {
    // The local copy is a convenience: the change itself is safe in the outbox or on the server.
    if (!isQuotaError(error)) throw error;
  }
}

export async function deleteLocalRow(
  table: LocalTable,
  companyId: number,
  id: string | number,
  db: WorkplaceDb | null = currentDb(),
): Promise<void> {
  if (!db) return;
  await db.table(table).delete([companyId, id]);
}

/** Rewrites one row of a kept invoice or quote list (a change made here shows before the next refresh). */
export async function patchLocalRow<T>(
  table: 'invoices' | 'quotes',
  companyId: number,
  id: string | number,
  patch: (row: T) => T,
  db: WorkplaceDb | null = currentDb(),
): Promise<void> {
  if (!db) return;
  try {
    await db.transaction('rw', db.table(table), async () => {
      const row = await db.table(table).get([companyId, id]);
      if (row) await db.table(table).put({ ...row, data: patch(row.data as T) });
    });
  } catch (error) {
    // Only the local copy: the change itself is in the outbox or on the server.
    if (!isQuotaError(error)) throw error;
  }
}

/** Keeps one answer of a feature's own (the `records` table, by dataset, company and id) for offline reading. */
export async function keepRecord<T>(
  dataset: string,
  companyId: number,
  id: string | number,
  data: T,
  db: WorkplaceDb | null = currentDb(),
): Promise<void> {
  if (!db) return;
  try {
    await db.records.put({ dataset, companyId, id, data, label: '' });
  } catch (error) {
    if (!isQuotaError(error)) throw error; // a copy for offline reading only
  }
}

/** The answer keepRecord kept; null when there is none. */
export async function keptRecord<T>(
  dataset: string,
  companyId: number,
  id: string | number,
  db: WorkplaceDb | null = currentDb(),
): Promise<T | null> {
  const row = await db?.records.get([dataset, companyId, id]);
  return (row?.data as T | undefined) ?? null;
}

/**
 * Why a change came back 'queued': 'server' when the server was reached but answered 5xx/429
 * (the entry's last error carries an HTTP status), 'offline' when it could not be reached.
 */
export async function queuedReason(
  entryId: string,
  db: WorkplaceDb | null = currentDb(),
): Promise<'server' | 'offline'> {
  const entry = db ? await db.outbox.get(entryId) : undefined;
  const status = entry?.lastError?.httpStatus;
  return typeof status === 'number' && status >= 500 ? 'server' : 'offline';
}

/** What screens say when a change is kept on the device. */
export const QUEUED_MESSAGE = 'Modification enregistrée sur cet appareil : elle sera envoyée au retour du réseau.';
export const SERVER_RETRY_MESSAGE =
  'La modification reste enregistrée sur cet appareil et sera renvoyée automatiquement.';

/** A submitMutation result as a screen reports it: 'queued' says whether the server failed or could not be reached. */
export type ScreenOutcome<T> =
  | { status: 'done'; response: T }
  | { status: 'queued'; reason: 'server' | 'offline' }
  | { status: 'failed'; httpStatus: number; message: string; errors: string[]; field?: string };

export async function screenOutcome<T>(
  result: MutationResult<T>,
  db: WorkplaceDb | null = currentDb(),
): Promise<ScreenOutcome<T>> {
  if (result.status !== 'queued') return result;
  return { status: 'queued', reason: await queuedReason(result.entryId, db) };
}
