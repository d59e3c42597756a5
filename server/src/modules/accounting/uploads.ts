import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { sanitizeFileName } from '../../../../src/domain/uploads';
import { HttpError, badRequest } from '../../http/errors';
import { UploadInspector, type FileStorage, type IncomingFile } from '../documents/service';

// The accounting module's two multipart bodies (decision 039): the FEC, streamed to the importer as
// it arrives; an answer's text and files, streamed to the documents' store (hashed, size and type
// checked on the way, as the inbox does), never held whole in memory.

export interface FecPart {
  name: string;
  fields: Record<string, string>;
  stream: Readable;
}

/** The first « file » part of a multipart body, as a stream (the fields sent before it are read). */
export function fecPart(req: IncomingMessage): Promise<FecPart | null> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { files: 1, fields: 20, fieldSize: 1000 },
      });
    } catch {
      reject(new HttpError(415, 'Le fichier doit être envoyé en multipart/form-data.'));
      return;
    }
    const fields: Record<string, string> = {};
    let found = false;
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (field, stream, info) => {
      if (found || field !== 'file') return void stream.resume();
      found = true;
      resolve({ name: sanitizeFileName(info.filename ?? ''), fields, stream });
    });
    parser.on('error', () => reject(badRequest('Le corps multipart est mal formé.')));
    parser.on('close', () => {
      if (!found) resolve(null);
    });
    req.pipe(parser);
  });
}

export interface ReceivedAnswer {
  text: string;
  files: Array<{ name: string; mimeType: string; incoming: IncomingFile }>;
  /** SHA-256 of what was received (text, names, sizes, file hashes): the Idempotency-Key's request hash. */
  contentHash: string;
  discard(): Promise<void>;
}

const MAX_ANSWER_FILES = 10;

/** An answer: field « text » and « file » parts streamed to the store. */
export function receiveAnswer(req: IncomingMessage, storage: FileStorage): Promise<ReceivedAnswer> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { files: MAX_ANSWER_FILES, fields: 5, fieldSize: 20_000 },
      });
    } catch {
      reject(new HttpError(415, 'La réponse doit être envoyée en multipart/form-data.'));
      return;
    }
    const files: Array<{ name: string; inspector: UploadInspector; incoming: IncomingFile; done: Promise<void> }> = [];
    let text = '';
    let failed = false;
    const discard = () => Promise.all(files.map((f) => f.incoming.discard())).then(() => undefined);
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      void discard().finally(() =>
        reject(error instanceof HttpError ? error : badRequest('L’envoi a été interrompu ou le corps est mal formé.')),
      );
    };
    parser.on('field', (name, value) => {
      if (name === 'text') text = value;
    });
    parser.on('file', (field, stream, info) => {
      if (failed || field !== 'file') return void stream.resume();
      const name = sanitizeFileName(info.filename ?? '');
      const inspector = new UploadInspector(name);
      const incoming = storage.receive();
      files.push({ name, inspector, incoming, done: pipeline(stream, inspector, incoming.sink).catch(fail) });
    });
    parser.on('filesLimit', () => fail(badRequest(`Au plus ${MAX_ANSWER_FILES} fichiers par réponse.`)));
    parser.on('error', fail);
    req.on('aborted', () => fail(badRequest('L’envoi a été interrompu.')));
    parser.on('close', () => {
      void Promise.all(files.map((f) => f.done)).then(() => {
        if (failed) return;
        const received = files.map((f) => ({ name: f.name, mimeType: f.inspector.mimeType!, incoming: f.incoming }));
        const contentHash = createHash('sha256')
          .update(
            JSON.stringify({
              text,
              files: received.map((f) => [f.name, f.incoming.received().size, f.incoming.received().sha256]),
            }),
          )
          .digest('hex');
        resolve({ text, files: received, contentHash, discard });
      });
    });
    req.pipe(parser);
  });
}

/** A FEC is streamed, never held: its limit is the database's, not memory's. */
export const MAX_FEC_BYTES = 1024 * 1024 * 1024;

/** The stream's bytes, hashed and counted on the way (413 past the limit). */
export async function* measured(stream: Readable, seen: { size: number; hash: ReturnType<typeof createHash> }) {
  for await (const chunk of interrupted(stream)) {
    seen.size += chunk.length;
    if (seen.size > MAX_FEC_BYTES) {
      stream.resume();
      throw new HttpError(413, 'Ce FEC dépasse la taille acceptée (1 Go).');
    }
    seen.hash.update(chunk);
    yield chunk;
  }
}

/** A body cut or malformed mid-file is the client's fault (400), not the server's. */
async function* interrupted(stream: Readable): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) yield chunk;
  } catch {
    throw badRequest('L’envoi a été interrompu ou le corps multipart est mal formé.');
  }
}

/** The request's fields and file, as the Idempotency-Key's stored request is compared on. */
export const uploadHash = (fields: Record<string, string>, name: string, size: number, sha256: string) =>
  createHash('sha256')
    .update(JSON.stringify({ fields: Object.entries(fields).sort(), files: [[name, size, sha256]] }))
    .digest('hex');
