import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable, type Readable } from 'node:stream';

export interface StoredObject {
  sha256: string;
  size: number;
}

/** A file being received: bytes are hashed while they are written, then kept under their hash. */
export interface IncomingFile {
  /** Where to pipe the bytes (never buffered whole in memory). */
  readonly sink: Writable;
  /** After the sink finished: stores the bytes under their SHA-256 (a file stored twice takes room once). */
  commit(): Promise<StoredObject>;
  /** Drops the bytes (refused or aborted upload). Safe to call twice. */
  discard(): Promise<void>;
}

/**
 * Where file bytes live. Modules only see this interface, so an S3-compatible store can replace
 * the disk one without touching them (content addressing maps to object keys as is).
 */
export interface FileStorage {
  receive(): IncomingFile;
  put(bytes: Uint8Array): Promise<StoredObject>;
  /** The stored bytes as a stream, or null when absent. */
  open(sha256: string): Promise<Readable | null>;
  exists(sha256: string): Promise<boolean>;
  remove(sha256: string): Promise<void>;
}

const SHA = /^[0-9a-f]{64}$/;
const BUFFER_BYTES = 1 << 20;

/** DATA_DIR/files/ab/cd/abcd…: two levels keep directories small with many files. */
export function diskStorage(root: string): FileStorage {
  const tmpDir = join(root, '.tmp');
  const pathOf = (sha: string) => {
    if (!SHA.test(sha)) throw new Error(`empreinte invalide : ${sha}`);
    return join(root, sha.slice(0, 2), sha.slice(2, 4), sha);
  };
  async function place(tmp: string, sha: string) {
    const target = pathOf(sha);
    await mkdir(join(target, '..'), { recursive: true });
    // Same name means same bytes: replacing an existing copy is harmless and atomic.
    await rename(tmp, target);
  }

  return {
    receive() {
      const tmp = join(tmpDir, randomUUID());
      const sink = new HashingSink(tmp, () => mkdir(tmpDir, { recursive: true }));
      let settled = false;
      return {
        sink,
        async commit() {
          const sha256 = sink.digest();
          await place(tmp, sha256);
          settled = true;
          return { sha256, size: sink.size };
        },
        async discard() {
          if (settled) return;
          settled = true;
          sink.destroy();
          await sink.fileClosed;
          await rm(tmp, { force: true });
        },
      };
    },
    async put(bytes) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      if (!(await this.exists(sha256))) {
        await mkdir(tmpDir, { recursive: true });
        const tmp = join(tmpDir, randomUUID());
        await writeFile(tmp, bytes);
        await place(tmp, sha256);
      }
      return { sha256, size: bytes.byteLength };
    },
    async open(sha256) {
      if (!(await this.exists(sha256))) return null;
      return createReadStream(pathOf(sha256));
    },
    async exists(sha256) {
      return stat(pathOf(sha256)).then((s) => s.isFile(), () => false);
    },
    async remove(sha256) {
      await rm(pathOf(sha256), { force: true });
    },
  };
}

/** Writes to a temporary file while computing the SHA-256 and the size. */
class HashingSink extends Writable {
  size = 0;
  private readonly hash = createHash('sha256');
  private file: WriteStream | null = null;
  /** Resolves once the temporary file is closed (after finish or destroy). */
  readonly fileClosed: Promise<void>;
  private markClosed!: () => void;

  constructor(private readonly path: string, private readonly prepare: () => Promise<unknown>) {
    // 1 MiB of buffering lets the socket keep reading while the disk writes (64 KiB chunks otherwise
    // wait for each write in turn); bounded, so memory stays flat per upload.
    super({ highWaterMark: BUFFER_BYTES });
    this.fileClosed = new Promise((resolve) => (this.markClosed = resolve));
  }

  override _construct(callback: (error?: Error | null) => void) {
    this.prepare().then(() => {
      this.file = createWriteStream(this.path, { highWaterMark: BUFFER_BYTES });
      this.file.on('close', () => this.markClosed());
      this.file.once('open', () => callback());
      this.file.once('error', callback);
    }, callback);
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, callback: (error?: Error | null) => void) {
    this.hash.update(chunk);
    this.size += chunk.length;
    if (this.file!.write(chunk)) callback();
    else this.file!.once('drain', () => callback());
  }

  override _final(callback: (error?: Error | null) => void) {
    this.file!.end(() => callback());
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    if (this.file && !this.file.closed) this.file.destroy();
    else if (!this.file) this.markClosed();
    callback(error);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}
