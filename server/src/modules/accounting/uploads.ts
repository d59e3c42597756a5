import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { acceptedUploadType, UPLOAD_SNIFF_BYTES } from '../../../../src/domain/upload-content';
import {
  MAX_UPLOAD_BYTES,
  sanitizeFileName,
  uploadTooLargeMessage,
  uploadTypeRefusedMessage,
} from '../../../../src/domain/uploads';
import { HttpError, badRequest } from '../../http/errors';
import type { FileStorage, IncomingFile } from '../documents/service';

// The accounting module's two multipart bodies (decision 039): the FEC, streamed to the importer as
// it arrives; an answer's text and files, streamed to the documents' store (hashed, size and type
// checked on the way, as the inbox does), never held whole in memory.

/** RFC 6266 / RFC 8187: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

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

/** Counts the bytes (413 past the limit) and judges the type on the first bytes (415). */
class Inspector extends Transform {
  size = 0;
  mimeType: string | null = null;
  private head: Buffer[] = [];
  private headLength = 0;
  private judged = false;

  constructor(private readonly name: string) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > MAX_UPLOAD_BYTES) return callback(new HttpError(413, uploadTooLargeMessage(this.name)));
    if (!this.judged) {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength >= UPLOAD_SNIFF_BYTES) {
        const refused = this.judge();
        if (refused) return callback(refused);
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    callback(this.judged ? null : this.judge());
  }

  private judge(): HttpError | null {
    this.judged = true;
    const head = Buffer.concat(this.head).subarray(0, UPLOAD_SNIFF_BYTES);
    this.head = [];
    this.mimeType = acceptedUploadType(head, this.name);
    return this.mimeType ? null : new HttpError(415, uploadTypeRefusedMessage(this.name));
  }
}

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
    const files: Array<{ name: string; inspector: Inspector; incoming: IncomingFile; done: Promise<void> }> = [];
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
      const inspector = new Inspector(name);
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
