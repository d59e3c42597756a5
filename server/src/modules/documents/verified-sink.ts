import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Writable } from 'node:stream';
import type { StorageIo, StoredObject, WriteHandle } from './storage';
import { StorageError } from './storage-errors';

const BUFFER_BYTES = 1 << 20;

/** Writes every byte, however short each write the system accepts. */
async function writeAll(handle: WriteHandle, data: Uint8Array) {
  for (let offset = 0; offset < data.length;) {
    const { bytesWritten } = await handle.write(data.subarray(offset));
    if (!(bytesWritten > 0)) throw Object.assign(new Error('écriture sans effet'), { code: 'EIO' });
    offset += bytesWritten;
  }
}

/** Reads the written file back: what is on disk must be what was received. */
async function verifyFile(path: string, expected: StoredObject) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: BUFFER_BYTES }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  if (size !== expected.size || hash.digest('hex') !== expected.sha256) throw new StorageError('unverified');
}

/**
 * Writes to a temporary file while computing the SHA-256 and the size. Every write is awaited (an
 * error fails the stream, never lost); it finishes only once the file is flushed (fsync), closed
 * and read back identical. Errors come out as StorageError through `fail`.
 */
export class VerifiedSink extends Writable {
  private readonly hash = createHash('sha256');
  private size = 0;
  private sha256: string | null = null;
  private handle: WriteHandle | null = null;
  /** Resolves once the temporary file is closed (after finish or destroy), or was never opened. */
  readonly fileClosed: Promise<void>;
  private markClosed!: () => void;

  constructor(
    private readonly path: string,
    private readonly io: StorageIo,
    private readonly prepare: () => Promise<unknown>,
    private readonly fail: (e: unknown) => Error,
  ) {
    // 1 MiB of buffering lets the socket keep reading while the disk writes (chunks are written
    // together by _writev); bounded, so memory stays flat per upload.
    super({ highWaterMark: BUFFER_BYTES });
    this.fileClosed = new Promise((resolve) => (this.markClosed = resolve));
  }

  override _construct(callback: (error?: Error | null) => void) {
    this.open().then(() => callback(), callback);
  }

  override _writev(chunks: Array<{ chunk: Buffer }>, callback: (error?: Error | null) => void) {
    const data = chunks.length === 1 ? chunks[0].chunk : Buffer.concat(chunks.map((c) => c.chunk));
    this.hash.update(data);
    this.size += data.length;
    writeAll(this.handle!, data).then(
      () => callback(),
      (error) => callback(this.fail(error)),
    );
  }

  override _final(callback: (error?: Error | null) => void) {
    this.finish().then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    const handle = this.handle;
    this.handle = null;
    void (handle ? handle.close().catch(() => {}) : Promise.resolve()).then(() => {
      this.markClosed();
      callback(error);
    });
  }

  result(): StoredObject {
    if (this.sha256 === null || !this.writableFinished) throw new Error('Fichier pas encore entièrement reçu.');
    return { sha256: this.sha256, size: this.size };
  }

  private async open() {
    try {
      await this.prepare();
      this.handle = await this.io.openForWrite(this.path);
    } catch (error) {
      throw this.fail(error);
    }
  }

  private async finish() {
    const handle = this.handle!;
    this.handle = null;
    this.sha256 = this.hash.digest('hex');
    try {
      await handle.sync().catch((error) =>
        handle
          .close()
          .catch(() => {})
          .then(() => Promise.reject(error)),
      );
      await handle.close();
      await verifyFile(this.path, { sha256: this.sha256, size: this.size });
    } catch (error) {
      throw this.fail(error);
    } finally {
      this.markClosed();
    }
  }
}
