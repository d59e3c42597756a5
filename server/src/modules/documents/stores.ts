import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { Config } from '../../env';
import type { Deps } from '../../http/types';
import { diskStorage, type FileStorage } from './storage';
import { StorageError, type StorageFailure } from './storage-errors';
import { parseStorageUrl, s3Client, s3Storage } from './s3-storage';

type StoreDeps = Pick<Deps, 'config' | 'state'>;
/** deps.state.files, which the HTTP layer holds without knowing its type (it imports no module). */
const filesOf = (deps: StoreDeps) => deps.state.files as { store: FileStorage | null; replaced: FileStorage | null };

/** DATA_DIR/files (a temporary folder for an in-memory test database). */
export function storageRoot(config: Config): string {
  const dataDir =
    config.env.DATA_DIR === 'memory://' ? join(tmpdir(), `workplace-files-${process.pid}`) : config.env.DATA_DIR;
  return join(dataDir, 'files');
}

/**
 * The server's one file store (deps.state): DATA_DIR/files, or the S3 bucket of STORAGE_URL (uploads
 * are received into DATA_DIR/files/.tmp first). Routes ask for it at each request, so a test can swap it.
 */
export function storageFor(deps: StoreDeps): FileStorage {
  const files = filesOf(deps);
  return files.replaced ?? (files.store ??= configuredStorage(deps.config));
}

function configuredStorage(config: Config): FileStorage {
  const { env } = config;
  if (!env.STORAGE_URL) return diskStorage(storageRoot(config));
  const client = s3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
  });
  return s3Storage(parseStorageUrl(env.STORAGE_URL), client, storageRoot(config));
}

/** Tests: serve this server's files from another store (a full or read-only disk); returns the undo. */
export function replaceStorage(deps: StoreDeps, storage: FileStorage): () => void {
  filesOf(deps).replaced = storage;
  return () => void (filesOf(deps).replaced = null);
}

/** How long a probe's outcome is reused: a balancer polling every second does not write every second. */
export const PROBE_CACHE_MS = 3_000;
const PROBE_BYTES = new TextEncoder().encode('sonde d’écriture du portail\n');
const probes = new WeakMap<FileStorage, { at: number; outcome: Promise<StorageFailure | null> }>();

/**
 * Whether the data folder can be written now (GET /api/health/ready, decision 077): a few bytes
 * received by the store's own writer into DATA_DIR/files/.tmp — written, flushed, read back — then
 * removed; nothing is placed. Null when it went through, else what failed (the StorageError's
 * failure: a full disk, a read-only or forbidden folder…). The outcome is kept PROBE_CACHE_MS per
 * store, and a store swapped in (a test's faulty disk) is probed anew.
 */
export function probeStorage(deps: StoreDeps): Promise<StorageFailure | null> {
  const store = storageFor(deps);
  const cached = probes.get(store);
  if (cached && performance.now() - cached.at < PROBE_CACHE_MS) return cached.outcome;
  const outcome = (async () => {
    const incoming = store.receive();
    try {
      incoming.sink.end(PROBE_BYTES);
      await finished(incoming.sink);
      return null;
    } catch (error) {
      return error instanceof StorageError ? error.failure : 'failed';
    } finally {
      await incoming.discard().catch(() => undefined);
    }
  })();
  probes.set(store, { at: performance.now(), outcome });
  return outcome;
}
