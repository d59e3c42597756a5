import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressFolder } from '../../scripts/vite-precompress';
import { startTestServer, type TestServer } from '../support/test-server';

// Static files go out compressed (brotli, else gzip), from copies made at build time,
// with Vary: Accept-Encoding; the app shell served for client-side routes too.

const js = `export const big = ${JSON.stringify('Facture '.repeat(4000))};\n`;
const html = `<!doctype html><html lang="fr"><head><title>Workplace</title></head><body>${'<p>Connexion</p>'.repeat(200)}</body></html>`;

let server: TestServer;
beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'workplace-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'index-abc123.js'), js);
  writeFileSync(join(root, 'index.html'), html);
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *\n'); // under 1 KB: left as it is
  expect(precompressFolder(root)).toBe(2);
  server = await startTestServer({ seed: false, staticDir: root });
});
afterAll(() => server?.close());

interface Raw {
  status: number;
  headers: { get(name: string): string | null };
  bytes: Buffer;
}

/** node:http, not fetch: fetch would decompress the body itself and hide what was sent. */
function get(path: string, encoding?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(`${server.url}${path}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: {
            get: (name) => {
              const v = res.headers[name.toLowerCase()];
              return v === undefined ? null : String(v);
            },
          },
          bytes: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('static files', () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that does not', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const brBytes = br.bytes;
    expect(brBytes.length).toBeLessThan(js.length / 10);
    expect(brotliDecompressSync(brBytes).toString()).toBe(js);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.bytes).toString()).toBe(js);

    const plain = await get('/assets/index-abc123.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.toString()).toBe(js);
  });

  it('compresses the app shell served for client-side routes', async () => {
    const res = await get('/mes-factures/liste-des-factures', 'br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(res.bytes).toString()).toBe(html);
    expect((await get('/login')).bytes.toString()).toBe(html);
  });
});
