import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../env';
import type { Deps } from '../../http/types';
import { diskStorage, type FileStorage } from './storage';
import { parseStorageUrl, s3Client, s3Storage } from './s3-storage';

type StoreDeps = Pick<Deps, 'config' | 'state'>;

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
  const files = deps.state.files;
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
  deps.state.files.replaced = storage;
  return () => void (deps.state.files.replaced = null);
}
