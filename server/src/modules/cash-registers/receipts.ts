// The receipt photo of a cash expense: base64 in the movement, checked by its content (JPEG, PNG,
// WebP or PDF), 4 MB at most, kept in the documents' file store under its SHA-256 (which the
// movement's hash covers).
import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { NewMovement } from '../../../../src/contract/cash-registers';
import type { DbOrTx } from '../../db/client';
import { whenTransactionEnds } from '../../db/request-tx';
import { cashMovements } from '../../db/schema/index';
import { HttpError } from '../../http/errors';
import type { Deps } from '../../http/types';
import { holdBlobs, storageFor } from '../documents/service';

export const MAX_RECEIPT_BYTES = 4 * 1024 * 1024;

export interface ReceiptIn {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

/** The type the bytes really are, or null. */
export function receiptType(b: Uint8Array): string | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(b, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

export function readReceipt(r: { fileName: string; contentType: string; base64: string }, field: string): ReceiptIn {
  const text = r.base64.replace(/^data:[^,]*,/, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text.replace(/\s/g, '')))
    throw new HttpError(422, `Le justificatif « ${field} » n’est pas encodé en base64.`, {
      field,
      errors: [`Le justificatif « ${field} » n’est pas encodé en base64.`],
    });
  const bytes = new Uint8Array(Buffer.from(text, 'base64'));
  if (bytes.byteLength > MAX_RECEIPT_BYTES)
    throw new HttpError(413, `Le justificatif « ${field} » dépasse 4 Mo.`, { field });
  const type = receiptType(bytes);
  if (!type)
    throw new HttpError(415, `Le justificatif « ${field} » doit être une photo JPEG, PNG ou WebP, ou un PDF.`, {
      field,
    });
  return { fileName: r.fileName, contentType: type, bytes };
}

/** A receipt's SHA-256 as storeReceipt computes it (the same base64 decoding as readReceipt). */
export const receiptSha = (r: NonNullable<NewMovement['receipt']>) =>
  createHash('sha256')
    .update(Buffer.from(r.base64.replace(/^data:[^,]*,/, ''), 'base64'))
    .digest('hex');

/**
 * Places the bytes in the documents' store, held (blob-guard) from before they are placed until the
 * movement's transaction ends: a withdrawn inbox deposit of the same photo meanwhile keeps them.
 */
export async function storeReceipt(deps: Deps, receipt: ReceiptIn): Promise<string> {
  const sha256 = createHash('sha256').update(receipt.bytes).digest('hex');
  const release = await holdBlobs(deps.state, [sha256]);
  whenTransactionEnds(release);
  await storageFor(deps).put(receipt.bytes);
  return sha256;
}

/** How many movements keep a receipt's stored bytes (registered with the documents' blob guard). */
export async function receiptsUsingBlob(db: DbOrTx, sha256: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(cashMovements).where(eq(cashMovements.receiptSha256, sha256));
  return n;
}

/** A receipt of one of the register's movements, by its SHA-256. */
export async function findReceipt(db: DbOrTx, registerId: number, sha256: string) {
  if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
  const [row] = await db
    .select({ sha256: cashMovements.receiptSha256, contentType: cashMovements.receiptType })
    .from(cashMovements)
    .where(and(eq(cashMovements.registerId, registerId), eq(cashMovements.receiptSha256, sha256)))
    .limit(1);
  return row?.sha256 ? { sha256: row.sha256, contentType: row.contentType ?? 'application/octet-stream' } : null;
}
