import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { StorageError, storageErrorOf } from './storage-errors';
import { VerifiedSink } from './verified-sink';

export interface StoredObject {
  sha256: string;
  size: number;
}

/** A file being received: bytes are hashed while they are written, then kept under their hash. */
export interface IncomingFile {
  /** Where to pipe the bytes (never buffered whole in memory). Fails with a StorageError (507). */
  readonly sink: Writable;
  /** SHA-256 and size of what was received: known once the sink has finished. */
  received(): StoredObject;
  /** After the sink finished: stores the bytes under their SHA-256 (a file stored twice takes room once). */
  commit(): Promise<StoredObject>;
  /** Drops the bytes (refused, aborted or failed upload). Safe to call twice. */
  discard(): Promise<void>;
}

/**
 * Where file bytes live. Modules only see this interface, so an S3-compatible store can replace
 * the disk one without touching them (content addressing maps to object keys as is).
 */
export interface FileStorage {
  receive(): IncomingFile;
  put(bytes: Uint8Array): Promise<StoredObject>;
  /** The stored bytes as a stream (or the bytes start…end, both included), or null when absent. */
  open(sha256: string, range?: ByteRange): Promise<Readable | null>;
  /** Size of the stored bytes, or null when absent. */
  size(sha256: string): Promise<number | null>;
  exists(sha256: string): Promise<boolean>;
  remove(sha256: string): Promise<void>;
}

/** Bytes start to end, both included (HTTP's Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** The part of the file system a write goes through: tests swap it to simulate a full or lying disk. */
export interface WriteHandle {
  write(data: Uint8Array): Promise<{ bytesWritten: number }>;
  sync(): Promise<void>;
  close(): Promise<void>;
}
export interface StorageIo {
  openForWrite(path: string): Promise<WriteHandle>;
}
export const nodeIo: StorageIo = { openForWrite: (path) => open(path, 'wx') };

const SHA = /^[0-9a-f]{64}$/;

/**
 * DATA_DIR/files/ab/cd/abcd…: two levels keep directories small with many files. Every write is
 * checked to the end: write errors surface, the temporary file is flushed (fsync), read back and
 * its size and SHA-256 compared before it is renamed into place, and the rename is flushed too.
 */
export function diskStorage(root: string, io: StorageIo = nodeIo): FileStorage {
  const tmpDir = join(root, '.tmp');
  const fail = (error: unknown) => storageErrorOf(error, root);
  const pathOf = (sha: string) => {
    if (!SHA.test(sha)) throw new Error(`empreinte invalide : ${sha}`);
    return join(root, sha.slice(0, 2), sha.slice(2, 4), sha);
  };
  async function place(tmp: string, expected: StoredObject) {
    const target = pathOf(expected.sha256);
    try {
      await mkdir(dirname(target), { recursive: true });
      // Same name means same bytes (verified just before): replacing an existing copy is harmless and atomic.
      await rename(tmp, target);
      await syncDirectory(dirname(target));
    } catch (error) {
      throw fail(error);
    }
    if ((await sizeOf(target)) !== expected.size) throw new StorageError('unverified');
  }
  const sizeOf = (path: string) =>
    stat(path).then(
      (s) => (s.isFile() ? s.size : null),
      () => null,
    );

  return {
    receive: () => receiveToTemp(tmpDir, io, fail, place),
    async put(bytes) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      if ((await this.size(sha256)) === bytes.byteLength) return { sha256, size: bytes.byteLength };
      const incoming = this.receive();
      try {
        incoming.sink.end(bytes);
        await finished(incoming.sink);
        return await incoming.commit();
      } catch (error) {
        await incoming.discard();
        throw error;
      }
    },
    async open(sha256, range) {
      if (!(await this.exists(sha256))) return null;
      return createReadStream(pathOf(sha256), range ? { start: range.start, end: range.end } : undefined);
    },
    size: (sha256) => sizeOf(pathOf(sha256)),
    async exists(sha256) {
      return (await sizeOf(pathOf(sha256))) !== null;
    },
    async remove(sha256) {
      await rm(pathOf(sha256), { force: true });
    },
  };
}

/**
 * An upload received into a temporary file of `tmpDir` (hashed, flushed and read back by the
 * VerifiedSink), then handed to `place`, which moves it to its final place (the disk) or sends it
 * and removes it (S3). A failed place, or a discard, removes the temporary file: nothing is kept.
 */
export function receiveToTemp(
  tmpDir: string,
  io: StorageIo,
  fail: (error: unknown) => Error,
  place: (tmp: string, stored: StoredObject) => Promise<void>,
): IncomingFile {
  const tmp = join(tmpDir, randomUUID());
  const sink = new VerifiedSink(tmp, io, () => mkdir(tmpDir, { recursive: true }), fail);
  let settled = false;
  // Never fails the caller's answer: a leftover temporary file is only logged.
  const dropTmp = () =>
    rm(tmp, { force: true }).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOTDIR') console.error(`Fichier temporaire non supprimé : ${tmp}`, e.message);
    });
  return {
    sink,
    received: () => sink.result(),
    async commit() {
      const stored = sink.result();
      try {
        await place(tmp, stored);
      } catch (error) {
        settled = true;
        await dropTmp();
        throw error;
      }
      settled = true;
      return stored;
    },
    async discard() {
      if (settled) return;
      settled = true;
      sink.destroy();
      await sink.fileClosed;
      await dropTmp();
    },
  };
}

/** Makes a rename durable (the directory entry), where the platform allows syncing a directory. */
async function syncDirectory(dir: string) {
  const handle = await open(dir, 'r');
  try {
    await handle.sync().catch((e: NodeJS.ErrnoException) => {
      if (!['EINVAL', 'EISDIR', 'ENOTSUP'].includes(e.code ?? '')) throw e;
    });
  } finally {
    await handle.close();
  }
}
