import { open } from 'node:fs/promises';
import type { StorageIo, WriteHandle } from '../../server/src/modules/documents/storage';

// Disks that fail the way real ones do, for the storage write checks (decision 006). Tests run
// as root, where chmod does not stop a write: faults are injected under the store instead.

const errno = (code: string, message: string) => Object.assign(new Error(`${code}: ${message}`), { code });

/** A disk that fills up: the first `budget` bytes (over all files) are written, then ENOSPC. */
export function fullDiskAfter(budget: number): StorageIo {
  let left = budget;
  return {
    async openForWrite(path) {
      const file = await open(path, 'wx');
      const handle: WriteHandle = {
        async write(data) {
          if (left <= 0) throw errno('ENOSPC', 'no space left on device, write');
          const n = Math.min(left, data.length);
          left -= n;
          // A short write, as the system gives when the disk fills during it.
          return file.write(data.subarray(0, n));
        },
        sync: () => file.sync(),
        close: () => file.close(),
      };
      return handle;
    },
  };
}

/** A disk that says every byte was written and keeps none (lost writes): only reading back shows it. */
export function lyingDisk(): StorageIo {
  return {
    async openForWrite(path) {
      const file = await open(path, 'wx');
      return {
        write: async (data) => ({ bytesWritten: data.length }),
        sync: () => file.sync(),
        close: () => file.close(),
      };
    },
  };
}

/** A folder the server may not write into (read-only mount, wrong owner). */
export function refusingDisk(code: 'EROFS' | 'EACCES'): StorageIo {
  return { openForWrite: async (path) => Promise.reject(errno(code, `open '${path}'`)) };
}
