import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import type { FileStorage } from '../../server/src/modules/documents/storage';

// Decision 036: what every file store must do, run against the disk store and the S3 store alike.

export interface StoreUnderTest {
  store: FileStorage;
  /** The folder whose `.tmp` receives uploads (nothing may be left there). */
  root: string;
}

export const testBytes = (n: number, seed = 7) => Uint8Array.from({ length: n }, (_, i) => (i * seed) % 251);

async function readAll(store: FileStorage, sha256: string): Promise<Buffer | null> {
  const stream = await store.open(sha256);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const leftovers = (root: string) => (existsSync(join(root, '.tmp')) ? readdirSync(join(root, '.tmp')) : []);

export function storageContract(name: string, make: () => Promise<StoreUnderTest>): void {
  describe(`${name} : contrat du stockage`, () => {
    it('stores bytes under their SHA-256 and reads the same bytes back', async () => {
      const { store } = await make();
      const data = testBytes(3_000_000);
      const { sha256, size } = await store.put(data);
      expect(size).toBe(data.length);
      expect(await store.size(sha256)).toBe(data.length);
      expect(await store.exists(sha256)).toBe(true);
      expect((await readAll(store, sha256))!.equals(Buffer.from(data))).toBe(true);
      // A range, both ends included (a preview's first page).
      const part: Buffer[] = [];
      for await (const c of (await store.open(sha256, { start: 1000, end: 1999 }))!) part.push(c as Buffer);
      expect(Buffer.concat(part).equals(Buffer.from(data.subarray(1000, 2000)))).toBe(true);
    });

    it('receives a large upload as a stream and keeps it once, whatever the number of copies', async () => {
      const { store, root } = await make();
      const data = testBytes(20 * 1024 * 1024 + 123, 13); // more than two 8 MiB parts on S3
      const incoming = store.receive();
      for (let offset = 0; offset < data.length; offset += 1 << 20)
        if (!incoming.sink.write(data.subarray(offset, offset + (1 << 20))))
          await new Promise((resolve) => incoming.sink.once('drain', resolve));
      incoming.sink.end();
      await finished(incoming.sink);
      const stored = await incoming.commit();
      expect(stored.size).toBe(data.length);
      expect(await store.put(data)).toEqual(stored); // the same bytes again: the same object
      expect((await readAll(store, stored.sha256))!.equals(Buffer.from(data))).toBe(true);
      expect(leftovers(root)).toEqual([]);
    });

    it('an upload discarded halfway keeps nothing, and removed bytes are gone', async () => {
      const { store, root } = await make();
      const incoming = store.receive();
      incoming.sink.write(testBytes(100_000, 3));
      await incoming.discard();
      expect(leftovers(root)).toEqual([]);
      const { sha256 } = await store.put(testBytes(5000, 11));
      await store.remove(sha256);
      expect(await store.exists(sha256)).toBe(false);
      expect(await store.size(sha256)).toBeNull();
      expect(await store.open(sha256)).toBeNull();
    });
  });
}
