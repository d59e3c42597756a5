import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../env';
import type { Deps } from '../../http/types';
import { diskStorage, type FileStorage } from './storage';

type StoreDeps = Pick<Deps, 'config' | 'state'>;

/** DATA_DIR/files (a temporary folder for an in-memory test database). */
export function storageRoot(config: Config): string {
  const dataDir =
    config.env.DATA_DIR === 'memory://' ? join(tmpdir(), `workplace-files-${process.pid}`) : config.env.DATA_DIR;
  return join(dataDir, 'files');
}

/** The server's one store of its data folder (deps.state). Routes ask for it at each request, so a test can swap it. */
export function storageFor(deps: StoreDeps): FileStorage {
  const files = deps.state.files;
  return files.replaced ?? (files.store ??= diskStorage(storageRoot(deps.config)));
}

/** Tests: serve this server's files from another store (a full or read-only disk); returns the undo. */
export function replaceStorage(deps: StoreDeps, storage: FileStorage): () => void {
  deps.state.files.replaced = storage;
  return () => void (deps.state.files.replaced = null);
}
