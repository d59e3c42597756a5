import { Transform, type TransformCallback } from 'node:stream';
import { acceptedUploadType, UPLOAD_SNIFF_BYTES } from '../../../../src/domain/upload-content';
import { MAX_UPLOAD_BYTES, uploadTooLargeMessage, uploadTypeRefusedMessage } from '../../../../src/domain/uploads';
import { HttpError } from '../../http/errors';

// Every streamed upload into the store (inbox deposits, answers to the firm's questions) goes
// through this one check on its way: the same size limit and the same judgement of the content.

/** Counts the bytes (413 past the limit) and judges the type on the first bytes (415), passing everything through. */
export class UploadInspector extends Transform {
  size = 0;
  mimeType: string | null = null;
  private head: Buffer[] = [];
  private headLength = 0;
  private judged = false;

  constructor(private readonly name: string) {
    super({ highWaterMark: 1 << 20 });
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
