import { Readable } from 'node:stream';
import { contentDisposition } from './content-disposition';
import type { FileStorage } from './storage';
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

/** Streams a stored file with its type and an RFC 6266 file name. */
export async function fileResponse(storage: FileStorage, file: StoredFileMeta, disposition: 'inline' | 'attachment'): Promise<Response> {
  const stream = await storage.open(file.sha256);
  // Metadata without bytes is a server fault (lost volume), not the client's: 500, logged.
  if (!stream) throw new Error(`Fichier absent du stockage : ${file.sha256}`);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    status: 200,
    headers: { ...commonHeaders, 'Content-Type': file.mimeType, 'Content-Length': String(file.size), 'Content-Disposition': contentDisposition(file.name, disposition) },
  });
}

/** A zip of stored files, streamed. Missing bytes are checked first so the archive never comes out cut. */
export async function zipResponse(storage: FileStorage, files: Array<StoredFileMeta & { createdAt: Date }>, zipName: string): Promise<Response> {
  for (const f of files) if (!(await storage.exists(f.sha256))) throw new Error(`Fichier absent du stockage : ${f.sha256}`);
  const stream = zipStream(files.map((f) => ({ name: f.name, mtime: f.createdAt, open: async () => (await storage.open(f.sha256))! })));
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    status: 200,
    headers: { ...commonHeaders, 'Content-Type': 'application/zip', 'Content-Disposition': contentDisposition(zipName, 'attachment') },
  });
}
