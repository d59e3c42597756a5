import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema/index';
import type { ServerState } from '../../http/server-state';
import type { FileStorage } from './storage';

// Stored bytes are shared by every row with the same SHA-256, so they are removed only when no
// row refers to them any more. An upload between "bytes stored" and "row committed" holds its
// hashes so a concurrent deletion of the same content does not remove them: in this process
// (deps.state.heldBlobs) and, with several instances on one PostgreSQL and one object store, in
// the database too — each upload takes a shared advisory lock per hash, a deletion the exclusive
// one, held from its check to its removal (decision 036).
export type BlobHolds = Map<string, number>;
type BlobGuard = Pick<ServerState, 'heldBlobs' | 'sharedLocks' | 'blobUsers'>;
const blobLock = (sha256: string) => `blob:${sha256}`;

/** Holds these hashes until the returned release is called (after the rows committed or failed). */
export async function holdBlobs(guard: BlobGuard, shas: string[]): Promise<() => Promise<void>> {
  const held = guard.heldBlobs;
  for (const s of shas) held.set(s, (held.get(s) ?? 0) + 1);
  const releaseHere = () => {
    for (const s of shas) {
      const n = (held.get(s) ?? 1) - 1;
      if (n <= 0) held.delete(s);
      else held.set(s, n);
    }
  };
  let releaseShared: (() => Promise<void>) | null = null;
  try {
    // Waits for a deletion of the same bytes under way elsewhere; the store is then checked afresh.
    releaseShared = guard.sharedLocks ? await guard.sharedLocks.holdShared(shas.map(blobLock)) : null;
  } catch (error) {
    releaseHere();
    throw error;
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    releaseHere();
    await releaseShared?.();
  };
}

/**
 * A module whose rows keep stored bytes (by SHA-256) says, when it is mounted, how to count them:
 * each module counts its own table, and bytes are removed only when every count is 0.
 */
export function registerBlobUser(guard: BlobGuard, module: string, uses: (sha256: string) => Promise<number>) {
  guard.blobUsers.set(module, uses);
}

/** Removes the bytes of `sha256` unless a document, a row of a registered module or an upload holds them. */
export async function removeBlobIfUnused(
  db: Db,
  guard: BlobGuard,
  storage: FileStorage,
  sha256: string,
): Promise<boolean> {
  if (guard.heldBlobs.has(sha256)) return false;
  const exclusive = guard.sharedLocks ? await guard.sharedLocks.tryHold(blobLock(sha256)) : null;
  if (guard.sharedLocks && !exclusive) return false; // an upload on some instance holds these bytes
  try {
    const [{ n: inDocs }] = await db.select({ n: count() }).from(documents).where(eq(documents.sha256, sha256));
    let inOthers = 0;
    for (const uses of guard.blobUsers.values()) inOthers += await uses(sha256);
    if (inDocs + inOthers > 0 || guard.heldBlobs.has(sha256)) return false;
    await storage.remove(sha256);
    return true;
  } finally {
    await exclusive?.();
  }
}
