import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { sanitizeFileName } from '../../../../src/domain/uploads';
import { HttpError } from '../../http/errors';
import { UploadInspector, type FileStorage, type IncomingFile } from '../documents/service';

export const MAX_FILES_PER_UPLOAD = 20;
/** After a refusal the rest of the body is read and dropped so the client can read the answer; past this, the connection is cut. */
const MAX_DRAIN_BYTES = 128 * 1024 * 1024;

export interface ReceivedFile {
  name: string;
  mimeType: string;
  incoming: IncomingFile;
}

export interface ReceivedUpload {
  files: ReceivedFile[];
  fields: Record<string, string>;
  /** Drops every received file (the request was refused after parsing). */
  discard(): Promise<void>;
}

/**
 * Reads a multipart/form-data request straight from the socket: each `file` part is streamed to
 * the store (hashed on the way), never held whole in memory. The first refusal stops everything,
 * drops what was written and rejects with the HTTP error to answer.
 */
export function receiveUpload(req: IncomingMessage, storage: FileStorage): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { files: MAX_FILES_PER_UPLOAD, fields: 20, fieldSize: 10_000 },
      });
    } catch {
      reject(new HttpError(415, 'Les fichiers doivent être envoyés en multipart/form-data.'));
      return;
    }
    const files: Array<ReceivedFile & { done: Promise<void> }> = [];
    const fields: Record<string, string> = {};
    let failed = false;
    const discardAll = () => Promise.all(files.map((f) => f.incoming.discard())).then(() => undefined);

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      const httpError =
        error instanceof HttpError
          ? error
          : new HttpError(400, 'L’envoi a été interrompu ou le corps multipart est mal formé.');
      req.unpipe(parser);
      void discardAll().finally(() => drain(req).then(() => reject(httpError)));
    };

    parser.on('file', (field, stream, info) => {
      if (failed || field !== 'file') {
        stream.resume();
        return;
      }
      const name = sanitizeFileName(info.filename ?? '');
      const incoming = storage.receive();
      const inspector = new UploadInspector(name);
      const entry = { name, mimeType: '', incoming, done: Promise.resolve() };
      entry.done = pipeline(stream, inspector, incoming.sink).then(
        () => void (entry.mimeType = inspector.mimeType!),
        (error) => fail(error),
      );
      files.push(entry);
    });
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('filesLimit', () => fail(new HttpError(400, `Au plus ${MAX_FILES_PER_UPLOAD} fichiers par envoi.`)));
    parser.on('error', fail);
    req.on('aborted', () => fail(new HttpError(400, 'L’envoi a été interrompu.')));
    parser.on('close', () => {
      void Promise.all(files.map((f) => f.done)).then(() => {
        if (failed) return;
        resolve({
          files: files.map(({ name, mimeType, incoming }) => ({ name, mimeType, incoming })),
          fields,
          discard: discardAll,
        });
      });
    });
    req.pipe(parser);
  });
}

/**
 * What an upload carried, as one SHA-256: its fields and, per file in order, the cleaned name, the
 * size and the SHA-256 of the received bytes (hashed while written). For Idempotency-Key: the same
 * key with other files is another request.
 */
export function uploadContentHash(upload: ReceivedUpload): string {
  const fields = Object.keys(upload.fields)
    .sort()
    .map((k) => [k, upload.fields[k]]);
  const files = upload.files.map((f) => {
    const { sha256, size } = f.incoming.received();
    return [f.name, size, sha256];
  });
  return createHash('sha256').update(JSON.stringify({ fields, files })).digest('hex');
}

/** Reads and drops the rest of the body (bounded), so the refusal reaches a client still sending. */
function drain(req: IncomingMessage): Promise<void> {
  if (req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let bytes = 0;
    const done = () => {
      req.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_DRAIN_BYTES) {
        req.socket?.destroy();
        done();
      }
    };
    req.on('data', onData);
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });
}
