import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullDiskAfter, lyingDisk, refusingDisk } from '../../../../tests/support/faulty-storage';
import { storageContract } from '../../../../tests/support/storage-contract';
import { diskStorage } from './storage';
import { StorageError } from './storage-errors';

// The disk store checks every write to the end (decision 006).

const roots: string[] = [];
const newRoot = () => {
  const root = mkdtempSync(join(tmpdir(), 'storage-test-'));
  roots.push(root);
  return join(root, 'files');
};
afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));
const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7) % 251);
const leftovers = (root: string) => readdirSync(join(root, '.tmp'));
// A failure is logged for the operator (folder and system error): expected here, kept quiet.
const failureOf = (p: Promise<unknown>) =>
  (vi.spyOn(console, 'error').mockImplementation(() => {}), p).then(
    () => null,
    (e: unknown) => (e instanceof StorageError ? [e.status, e.failure] : e),
  );

storageContract('Disque', async () => {
  const root = newRoot();
  return { store: diskStorage(root), root };
});

describe('diskStorage', () => {
  it('stores, and reads back the same bytes under their SHA-256', async () => {
    const store = diskStorage(newRoot());
    const data = bytes(3_000_000);
    const { sha256, size } = await store.put(data);
    expect(size).toBe(data.length);
    expect(await store.size(sha256)).toBe(data.length);
    const chunks: Buffer[] = [];
    for await (const c of (await store.open(sha256))!) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(Buffer.from(data))).toBe(true);
  });

  it('a full disk fails with 507 "full" and leaves no temporary file', async () => {
    const root = newRoot();
    expect(await failureOf(diskStorage(root, fullDiskAfter(1000)).put(bytes(5000)))).toEqual([507, 'full']);
    expect(leftovers(root)).toEqual([]);
  });

  it('lost writes are caught by reading the file back', async () => {
    const root = newRoot();
    expect(await failureOf(diskStorage(root, lyingDisk()).put(bytes(5000)))).toEqual([507, 'unverified']);
    expect(leftovers(root)).toEqual([]);
  });

  it('a folder it may not write, or a storage path that is a file, is "unwritable"', async () => {
    expect(await failureOf(diskStorage(newRoot(), refusingDisk('EROFS')).put(bytes(10)))).toEqual([507, 'unwritable']);
    const root = newRoot();
    writeFileSync(root, 'un fichier, pas un dossier');
    expect(await failureOf(diskStorage(root).put(bytes(10)))).toEqual([507, 'unwritable']);
    expect(readFileSync(root, 'utf8')).toBe('un fichier, pas un dossier');
  });
});
