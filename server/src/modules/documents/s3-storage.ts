import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { nodeIo, receiveToTemp, type FileStorage, type StoredObject } from './storage';
import { StorageError, storageErrorOf } from './storage-errors';

// Decision 036: the same content-addressed store on the S3 API (AWS, or any compatible server: MinIO,
// Garage, Scaleway, OVH…), for several instances sharing their files. An upload is first received
// into a local temporary file, hashed and verified as on the disk store (verified-sink.ts); only
// then is it sent to its final key, the SHA-256, in parts of 8 MiB when large. An object appears
// whole or not at all (S3 has no partial object), so a failed write keeps nothing; each part carries
// its SHA-256 for the server to check, and the stored size is read back. Previews read ranges
// (GetObject's Range), so a viewer opens the first page of a large PDF without the whole file.

export interface S3Location {
  bucket: string;
  /** Key prefix inside the bucket, '' or ending with '/'. */
  prefix: string;
}

/** STORAGE_URL=s3://bucket/optional/prefix */
export function parseStorageUrl(url: string): S3Location {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:' || !parsed.hostname) throw new Error(`STORAGE_URL invalide : ${url}`);
  const path = parsed.pathname.replace(/^\/+|\/+$/g, '');
  return { bucket: parsed.hostname, prefix: path ? `${path}/` : '' };
}

const SHA = /^[0-9a-f]{64}$/;
const PART_BYTES = 8 * 1024 * 1024;

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

export function s3Storage(location: S3Location, client: S3Client, tmpRoot: string): FileStorage {
  const keyOf = (sha: string) => {
    if (!SHA.test(sha)) throw new Error(`empreinte invalide : ${sha}`);
    return `${location.prefix}${sha.slice(0, 2)}/${sha}`;
  };
  const where = `s3://${location.bucket}/${location.prefix}`;
  const fail = (error: unknown) => storageErrorOf(error, where);
  const checksum = (sha256: string) => Buffer.from(sha256, 'hex').toString('base64');

  async function size(sha256: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: location.bucket, Key: keyOf(sha256) }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  /** Sends the verified temporary file under its hash, then checks what the store holds. */
  async function send(path: string, stored: StoredObject): Promise<void> {
    try {
      if ((await size(stored.sha256)) === stored.size) return; // same bytes already there
      const upload = new Upload({
        client,
        partSize: PART_BYTES,
        queueSize: 2,
        leavePartsOnError: false, // a failed multipart upload is aborted: no part is kept
        params: {
          Bucket: location.bucket,
          Key: keyOf(stored.sha256),
          Body: createReadStream(path),
          ContentLength: stored.size,
          ChecksumAlgorithm: 'SHA256',
        },
      });
      await upload.done();
    } catch (error) {
      throw fail(error);
    }
    if ((await size(stored.sha256)) !== stored.size) throw new StorageError('unverified');
  }

  return {
    receive() {
      const tmpDir = join(tmpRoot, '.tmp');
      // Sent, then the temporary file goes (receiveToTemp removes it on a failure).
      return receiveToTemp(
        tmpDir,
        nodeIo,
        (e) => storageErrorOf(e, tmpDir),
        async (tmp, stored) => {
          await send(tmp, stored);
          await rm(tmp, { force: true });
        },
      );
    },
    async put(bytes) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const stored = { sha256, size: bytes.byteLength };
      if ((await size(sha256)) === stored.size) return stored;
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: location.bucket,
            Key: keyOf(sha256),
            Body: bytes,
            ContentLength: bytes.byteLength,
            ChecksumSHA256: checksum(sha256),
          }),
        );
      } catch (error) {
        throw fail(error);
      }
      if ((await size(sha256)) !== stored.size) throw new StorageError('unverified');
      return stored;
    },
    async open(sha256, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: location.bucket,
            Key: keyOf(sha256),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return (object.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    size,
    async exists(sha256) {
      return (await size(sha256)) !== null;
    },
    async remove(sha256) {
      await client.send(new DeleteObjectCommand({ Bucket: location.bucket, Key: keyOf(sha256) }));
    },
  };
}

/** The client from the configuration: an endpoint for S3-compatible servers, path-style when asked. */
export function s3Client(opts: {
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}): S3Client {
  const config: S3ClientConfig = {
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    // Checksums only where the operation requires them (we send our own SHA-256 per object):
    // compatible servers do not all understand the SDK's default CRC trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (opts.accessKeyId && opts.secretAccessKey)
    config.credentials = { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey };
  return new S3Client(config);
}
