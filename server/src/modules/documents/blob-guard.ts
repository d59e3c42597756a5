import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema/index';
import type { FileStorage } from './storage';

// Stored bytes are shared by every row with the same SHA-256, so they are removed only when no
// row refers to them any more. An upload between "bytes stored" and "row committed" holds its
// hashes so a concurrent deletion of the same content does not remove them (one server: the holds
// are its deps.state.heldBlobs, server-state.ts).
export type BlobHolds = Map<string, number>;

export function holdBlobs(held: BlobHolds, shas: string[]): () => void {
  for (const s of shas) held.set(s, (held.get(s) ?? 0) + 1);
  return () => {
    for (const s of shas) {
      const n = (held.get(s) ?? 1) - 1;
      if (n <= 0) held.delete(s);
      else held.set(s, n);
    }
  };
}

/** `usesElsewhere` counts the caller's own rows on these bytes (each module counts its own table). */
export async function removeBlobIfUnused(
  db: Db,
  held: BlobHolds,
  storage: FileStorage,
  sha256: string,
  usesElsewhere: () => Promise<number>,
): Promise<boolean> {
  if (held.has(sha256)) return false;
  const [{ n: inDocs }] = await db.select({ n: count() }).from(documents).where(eq(documents.sha256, sha256));
  const inOthers = await usesElsewhere();
  if (inDocs + inOthers > 0 || held.has(sha256)) return false;
  await storage.remove(sha256);
  return true;
}
