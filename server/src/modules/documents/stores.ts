import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../env';
import { diskStorage, type FileStorage } from './storage';

const stores = new Map<string, FileStorage>();
const replaced = new Map<string, FileStorage>();

/** DATA_DIR/files (a temporary folder for an in-memory test database). */
export function storageRoot(config: Config): string {
  const dataDir = config.env.DATA_DIR === 'memory://' ? join(tmpdir(), `workplace-files-${process.pid}`) : config.env.DATA_DIR;
  return join(dataDir, 'files');
}

/** The one store per data folder. Routes ask for it at each request, so a test can swap it. */
export function storageFor(config: Config): FileStorage {
  const root = storageRoot(config);
  const swapped = replaced.get(root);
  if (swapped) return swapped;
  let store = stores.get(root);
  if (!store) stores.set(root, (store = diskStorage(root)));
  return store;
}

/** Tests: serve this data folder from another store (a full or read-only disk); returns the undo. */
export function replaceStorage(config: Config, storage: FileStorage): () => void {
  const root = storageRoot(config);
  replaced.set(root, storage);
  return () => void replaced.delete(root);
}
