import { Transform, type TransformCallback } from 'node:stream';
import { acceptedUploadType, UPLOAD_SNIFF_BYTES } from '../../../../src/domain/upload-content';
import { MAX_UPLOAD_BYTES, uploadTooLargeMessage, uploadTypeRefusedMessage } from '../../../../src/domain/uploads';
import { HttpError } from '../../http/errors';

// Every streamed upload into the store (inbox deposits, answers to the firm's questions) goes
// through this one check on its way: the same size limit and the same judgement of the content.

/** How an upload's type is judged on its first bytes: the accepted type, or null and why not. */
export interface UploadTypeCheck {
  typeOf(head: Uint8Array, name: string): string | null;
  refusal(name: string): string;
}
const INBOX_TYPES: UploadTypeCheck = { typeOf: acceptedUploadType, refusal: uploadTypeRefusedMessage };

/**
 * Counts the bytes (413 past the limit) and judges the type on the first bytes (415), passing
 * everything through. `keep`: the bytes are also kept in memory (`bytes()`), for a file read whole
 * right after (a supplier's e-invoice).
 */
export class UploadInspector extends Transform {
  size = 0;
  mimeType: string | null = null;
  private head: Buffer[] = [];
  private headLength = 0;
  private judged = false;
  private readonly kept: Buffer[] = [];

  constructor(
    private readonly name: string,
    private readonly check: UploadTypeCheck = INBOX_TYPES,
    private readonly keep = false,
  ) {
    super({ highWaterMark: 1 << 20 });
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > MAX_UPLOAD_BYTES) return callback(new HttpError(413, uploadTooLargeMessage(this.name)));
    if (this.keep) this.kept.push(chunk);
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

  /** What went through, when kept: once (the chunks are let go, so a 50 Mo file is not held twice). */
  bytes(): Uint8Array {
    const all = Buffer.concat(this.kept);
    this.kept.length = 0;
    return new Uint8Array(all.buffer, all.byteOffset, all.length);
  }

  private judge(): HttpError | null {
    this.judged = true;
    const head = Buffer.concat(this.head).subarray(0, UPLOAD_SNIFF_BYTES);
    this.head = [];
    this.mimeType = this.check.typeOf(head, this.name);
    return this.mimeType ? null : new HttpError(415, this.check.refusal(this.name));
  }
}
