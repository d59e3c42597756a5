// Decision 047: WebKit refuses to keep a Blob in IndexedDB where it cannot write it to
// disk — its ephemeral sessions (Safari's private browsing, WebDriver's automation) answer
// "UnknownError: Error preparing Blob/File data to be stored in object store". A deposit or a receipt
// photo must still wait in the outbox: the file's bytes are then kept instead (an ArrayBuffer is
// stored inline, like any value) and turned back into a Blob whenever the entry is read (db.ts).
import type { ExtraFile, MutationRequest, OutboxEntry } from './outbox-types';

interface StoredBytes {
  storedBytes: ArrayBuffer;
  type: string;
}

/** The error WebKit gives for a Blob it cannot store (Dexie passes it on, or wraps it in `inner`). */
export function isBlobStoreError(error: unknown): boolean {
  const e = error as { name?: string; inner?: { name?: string } } | null;
  return [e?.name, e?.inner?.name].some((n) => n === 'UnknownError' || n === 'DataCloneError');
}

const toBytes = async (blob: Blob): Promise<Blob> =>
  ({ storedBytes: await blob.arrayBuffer(), type: blob.type }) as StoredBytes as unknown as Blob;
const toBlob = (value: Blob): Blob => {
  const stored = value as unknown as Partial<StoredBytes>;
  return stored?.storedBytes instanceof ArrayBuffer ? new Blob([stored.storedBytes], { type: stored.type }) : value;
};

/** The same request with its files as bytes, for a browser that cannot store the Blobs. */
export async function withFileBytes(req: MutationRequest): Promise<MutationRequest> {
  if (!req.file) return req;
  const more: ExtraFile[] | undefined = req.file.more
    ? await Promise.all(req.file.more.map(async (f) => ({ ...f, blob: await toBytes(f.blob) })))
    : undefined;
  return { ...req, file: { ...req.file, blob: await toBytes(req.file.blob), ...(more ? { more } : {}) } };
}

/** Dexie's reading hook of the outbox: files kept as bytes come back as Blobs. */
export function reviveFileBytes(entry: OutboxEntry): OutboxEntry {
  if (!entry?.file) return entry;
  entry.file.blob = toBlob(entry.file.blob);
  entry.file.more = entry.file.more?.map((f) => ({ ...f, blob: toBlob(f.blob) }));
  if (!entry.file.more) delete entry.file.more;
  return entry;
}
