import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { HttpError } from '../../http/errors';
import { contentDisposition } from './content-disposition';
import type { ByteRange, FileStorage } from './storage';
import { zipStream } from './zip';

export interface StoredFileMeta {
  sha256: string;
  name: string;
  mimeType: string;
  size: number;
}

const commonHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'private, no-store',
  // A stored file is never a page of the app, even if someone manages to open it directly.
  'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
};

// Metadata without its bytes, or with other bytes, is a server fault (lost or damaged volume), not
// the client's: a French 500 before anything is sent, logged for the operator.
function damaged(file: StoredFileMeta, found: number | null): HttpError {
  console.error(
    `Stockage endommagé : ${file.sha256} (« ${file.name} ») attendu ${file.size} octets, trouvé ${found ?? 'absent'}`,
  );
  return new HttpError(
    500,
    `Le fichier « ${file.name} » est illisible sur le serveur (stockage endommagé) : le téléchargement a été annulé. Prévenez le cabinet.`,
  );
}

/** Checks before the first byte is sent that every file is there with its size. */
async function checkStored(storage: FileStorage, files: readonly StoredFileMeta[]) {
  for (const f of files) {
    const size = await storage.size(f.sha256);
    if (size !== f.size) throw damaged(f, size);
  }
}

/**
 * The stored bytes, checked on the way (size and SHA-256 against the row). The last chunk is held
 * back until the check passes, so damaged bytes make the answer fail short of its end (the client
 * sees an error) instead of arriving complete-looking.
 */
async function* verifiedBytes(storage: FileStorage, file: StoredFileMeta): AsyncGenerator<Uint8Array> {
  const stream = await storage.open(file.sha256);
  if (!stream) throw damaged(file, null);
  const hash = createHash('sha256');
  let size = 0;
  let held: Uint8Array | null = null;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
    if (held) yield held;
    held = chunk;
  }
  if (size !== file.size || hash.digest('hex') !== file.sha256) throw damaged(file, size);
  if (held) yield held;
}

export const RANGE_PAST_END = 'La plage demandée commence après la fin du fichier.';

/** One `bytes=` range of a file of `size` bytes (RFC 9110), or null for anything else (then the whole file). */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2])); // the last N bytes
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Streams a stored file with its type and an RFC 6266 file name. A viewer may ask for one range
 * (the preview of a large PDF): 206 with only those bytes, which cannot be checked against the
 * SHA-256 — the whole-file answers are.
 */
export async function fileResponse(
  storage: FileStorage,
  file: StoredFileMeta,
  disposition: 'inline' | 'attachment',
  rangeHeader?: string,
): Promise<Response> {
  await checkStored(storage, [file]);
  const range = parseRange(rangeHeader, file.size);
  if (range === 'unsatisfiable')
    throw new HttpError(416, RANGE_PAST_END, { headers: { 'Content-Range': `bytes */${file.size}` } });
  if (range) {
    const stream = await storage.open(file.sha256, range);
    if (!stream) throw damaged(file, null);
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      status: 206,
      headers: {
        ...commonHeaders,
        'Content-Type': file.mimeType,
        'Content-Length': String(range.end - range.start + 1),
        'Content-Range': `bytes ${range.start}-${range.end}/${file.size}`,
        'Accept-Ranges': 'bytes',
        'Content-Disposition': contentDisposition(file.name, disposition),
      },
    });
  }
  return new Response(
    Readable.toWeb(Readable.from(verifiedBytes(storage, file), { objectMode: false })) as ReadableStream,
    {
      status: 200,
      headers: {
        ...commonHeaders,
        'Content-Type': file.mimeType,
        'Content-Length': String(file.size),
        'Accept-Ranges': 'bytes',
        'Content-Disposition': contentDisposition(file.name, disposition),
      },
    },
  );
}

/** A zip of stored files, streamed. Missing or damaged bytes fail it: never an archive silently cut. */
export async function zipResponse(
  storage: FileStorage,
  files: Array<StoredFileMeta & { createdAt: Date }>,
  zipName: string,
): Promise<Response> {
  await checkStored(storage, files);
  const stream = zipStream(
    files.map((f) => ({ name: f.name, mtime: f.createdAt, open: async () => verifiedBytes(storage, f) })),
  );
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    status: 200,
    headers: {
      ...commonHeaders,
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition(zipName, 'attachment'),
    },
  });
}
