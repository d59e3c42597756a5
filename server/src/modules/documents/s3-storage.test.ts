import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../../../tests/support/s3-server';
import { storageContract, testBytes } from '../../../../tests/support/storage-contract';
import { parseStorageUrl, s3Client, s3Storage } from './s3-storage';
import { StorageError } from './storage-errors';

// Decision 036: the S3 store against a real S3-compatible server on loopback (s3rver).

let s3: LocalS3;
const roots: string[] = [];
beforeAll(async () => void (s3 = await startLocalS3()));
afterAll(async () => {
  await s3?.close();
  roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true }));
});

function storeOn(bucket: string) {
  const root = join(mkdtempSync(join(tmpdir(), 's3-storage-test-')), 'files');
  roots.push(root);
  const client = s3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return { store: s3Storage({ bucket, prefix: 'fichiers/' }, client, root), root };
}

storageContract('S3 (s3rver)', async () => storeOn(s3.bucket));

describe('s3Storage', () => {
  it('reads STORAGE_URL as a bucket and a key prefix', () => {
    expect(parseStorageUrl('s3://workplace')).toEqual({ bucket: 'workplace', prefix: '' });
    expect(parseStorageUrl('s3://workplace/cabinet/fichiers/')).toEqual({
      bucket: 'workplace',
      prefix: 'cabinet/fichiers/',
    });
  });

  it('a store that refuses the write fails with 507 and keeps nothing, not even the received copy', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // the operator's log line, expected here
    const { store, root } = storeOn('compartiment-absent');
    const incoming = store.receive();
    incoming.sink.end(testBytes(50_000));
    await new Promise((resolve) => incoming.sink.once('finish', resolve));
    const failure = await incoming.commit().then(
      () => null,
      (e: unknown) => (e instanceof StorageError ? [e.status, e.failure] : e),
    );
    expect(failure).toEqual([507, 'failed']);
    expect(readdirSync(join(root, '.tmp'))).toEqual([]);
    vi.restoreAllMocks();
  });
});
