import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { MAX_XML_BYTES, NOT_AN_EINVOICE, XML_TOO_LARGE } from '../../../../src/einvoice/parse';
import { acceptedUploadType } from '../../../../src/domain/upload-content';
import { fileExtension, sanitizeFileName } from '../../../../src/domain/uploads';
import { badRequest, HttpError } from '../../http/errors';
import { UploadInspector, type FileStorage, type IncomingFile, type UploadTypeCheck } from '../documents/service';

// The deposit of one supplier's e-invoice (multipart, field « file »): streamed to the documents'
// store as the inbox does (hashed on the way, same 50 Mo limit), and kept in memory too, since the
// whole file is read right after. The content check is the inbox's for a PDF (the bytes must be a
// PDF and the name say .pdf); an XML — which the inbox does not take — must be text starting with a
// tag and be named .xml. Anything else is refused at once (415) and nothing is kept. An XML past the
// reader's 20 Mo (decision 074) is refused (422) as soon as its bytes pass it, before more is kept.

export interface ReceivedInvoiceUpload {
  name: string;
  mimeType: string;
  bytes: Uint8Array;
  incoming: IncomingFile;
  /** SHA-256 of what was received (fields, name, size, bytes): the Idempotency-Key's request hash. */
  contentHash: string;
  discard(): Promise<void>;
}

const XML_HEAD = /^(\uFEFF|\xEF\xBB\xBF)?\s*</;

/** The type to store for these first bytes, or null (refused). */
export function einvoiceUploadType(head: Uint8Array, name: string): string | null {
  const ext = fileExtension(name);
  if (ext === 'pdf') return acceptedUploadType(head, name);
  if (ext !== 'xml') return null;
  if (head[0] === 0xff || head[0] === 0xfe) return 'application/xml'; // UTF-16 BOM
  if (head.includes(0)) return null;
  return XML_HEAD.test(new TextDecoder('latin1').decode(head.subarray(0, 512))) ? 'application/xml' : null;
}

/** The inbox's limits and streaming, with the e-invoice's own type check; the bytes kept to be read. */
const EINVOICE_TYPES: UploadTypeCheck = { typeOf: einvoiceUploadType, refusal: () => NOT_AN_EINVOICE };

/** Passes the bytes on, and stops an XML (as the inspector judged it) past the reader's limit. */
function xmlSizeGuard(inspector: UploadInspector): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > MAX_XML_BYTES && inspector.mimeType === 'application/xml')
        return callback(new HttpError(422, XML_TOO_LARGE));
      callback(null, chunk);
    },
  });
}

/** Reads the one « file » part; null when the body carries none. Rejects with the HTTP error to answer. */
export function receiveInvoiceUpload(
  req: IncomingMessage,
  storage: FileStorage,
): Promise<ReceivedInvoiceUpload | null> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { files: 1, fields: 10, fieldSize: 1000 },
      });
    } catch {
      reject(new HttpError(415, 'Le fichier doit être envoyé en multipart/form-data.'));
      return;
    }
    let entry: { name: string; inspector: UploadInspector; incoming: IncomingFile; done: Promise<void> } | null = null;
    const fields: Record<string, string> = {};
    let failed = false;
    const discard = () => entry?.incoming.discard() ?? Promise.resolve();
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      void discard().finally(() =>
        reject(
          error instanceof HttpError
            ? error
            : badRequest('L’envoi a été interrompu ou le corps multipart est mal formé.'),
        ),
      );
    };
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (field, stream, info) => {
      if (failed || field !== 'file' || entry) return void stream.resume();
      const name = sanitizeFileName(info.filename ?? '');
      const inspector = new UploadInspector(name, EINVOICE_TYPES, true);
      const incoming = storage.receive();
      const xmlBound = xmlSizeGuard(inspector);
      entry = { name, inspector, incoming, done: pipeline(stream, inspector, xmlBound, incoming.sink).catch(fail) };
    });
    parser.on('filesLimit', () => fail(badRequest('Déposez une seule facture à la fois.')));
    parser.on('error', fail);
    req.on('aborted', () => fail(badRequest('L’envoi a été interrompu.')));
    parser.on('close', () => {
      void (entry?.done ?? Promise.resolve()).then(() => {
        if (failed) return;
        if (!entry) return resolve(null);
        const { name, inspector, incoming } = entry;
        const { sha256, size } = incoming.received();
        const contentHash = createHash('sha256')
          .update(JSON.stringify({ fields: Object.entries(fields).sort(), file: [name, size, sha256] }))
          .digest('hex');
        resolve({
          name,
          mimeType: inspector.mimeType!,
          bytes: inspector.bytes(),
          incoming,
          contentHash,
          discard,
        });
      });
    });
    req.pipe(parser);
  });
}
