import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

// Decision 036: a local S3-compatible server for the tests (s3rver, JavaScript, from npm), on loopback,
// with its objects in a temporary folder; stopped and removed by close().

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The server's environment for this store (STORAGE_URL and its S3_* variables). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'workplace'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'workplace-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_URL: `s3://${bucket}/fichiers`,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
