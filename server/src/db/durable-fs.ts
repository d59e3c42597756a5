import { fsyncSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite 0.5.16 on Node is not durable by default, for two reasons found in its code:
 *  - it starts PostgreSQL with `-F` (fsync = off), so no commit waits for the disk;
 *  - its NodeFS is Emscripten's NODEFS, whose streams have no `fsync` operation: even with
 *    fsync = on, PostgreSQL's fsync() reaches the Node file descriptor as a no-op, and fdatasync()
 *    is a no-op in the Emscripten syscall layer.
 * (`relaxedDurability` only concerns file systems that copy PGDATA elsewhere after each query, such
 * as IndexedDB; NodeFS writes in place and its syncToFs does nothing.)
 * A write therefore reached the kernel's page cache (it survives kill -9) but not the disk (lost on
 * power failure). Here NODEFS streams get a real fsync, and PostgreSQL runs with fsync = on and
 * wal_sync_method = fsync: every COMMIT flushes the WAL to the disk before it returns, and each
 * checkpoint flushes the data files before the WAL is recycled — PostgreSQL's own guarantees.
 */
let fsyncCalls = 0;

/** Number of fsync(2) calls made by the embedded database (tests and bench). */
export const embeddedFsyncCalls = () => fsyncCalls;

class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...(Array.isArray(preRun) ? preRun : [preRun]),
      (mod: { NODEFS: { stream_ops: Record<string, unknown> } }) => {
        // One shared stream_ops object serves every file and folder NODEFS opens.
        mod.NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
          if (stream.nfd !== undefined) {
            fsyncCalls++;
            fsyncSync(stream.nfd);
          }
          return 0;
        };
      },
    ];
    return result;
  }
}

export const defaultStartParams = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;

/** Options for PGlite on a folder; `durable: false` only for the bench's "before" figure. */
export function pgliteOptions(folder: string, durable = true): PGliteOptions {
  if (!durable) return { dataDir: folder };
  return {
    fs: new DurableNodeFS(folder),
    // Later -c settings override the -F of the defaults.
    startParams: [...defaultStartParams, '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'],
  };
}
