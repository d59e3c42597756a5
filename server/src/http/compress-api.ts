import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { promisify } from 'node:util';
import { deflate, deflateSync, gzip, gzipSync } from 'node:zlib';
import { cachedText } from './cached-body';
import type { AppEnv } from './types';

// Compression of API answers (decision 015). hono/compress alone compressed every JSON
// answer, however small (c.json() sets no Content-Length, so its threshold never applied), through
// a web CompressionStream: under load that was about a tenth of the server's time for 1–7 kB pages.
// JSON answers are already whole in memory: below the threshold they go out as they are; above it
// they are compressed in one zlib call (on libuv's thread pool beyond 64 kB, off the event loop). Other answers
// (streamed files, CSV…) keep hono/compress.

const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);
const SYNC_LIMIT = 64 * 1024;
const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** gzip, else deflate, if the client accepts it (q > 0, or through `*`); null: send as is. */
export function chooseEncoding(header: string | undefined): 'gzip' | 'deflate' | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (enc: string) => (q.get(enc) ?? q.get('*') ?? 0) > 0;
  return accepts('gzip') ? 'gzip' : accepts('deflate') ? 'deflate' : null;
}

/** The bytes of a JSON answer: c.json()'s string when it is kept (cached-body.ts), else read. */
async function bodyBytes(res: Response): Promise<Buffer | null> {
  const cached = cachedText(res);
  if (cached !== undefined) return cached === null ? null : Buffer.from(cached);
  return res.body ? Buffer.from(await res.arrayBuffer()) : null;
}

export function compressApi(threshold: number): MiddlewareHandler<AppEnv> {
  const streamed = compress({ threshold });
  return (c, next) =>
    streamed(c, async () => {
      await next();
      const res = c.res;
      const type = res.headers.get('content-type') ?? '';
      if (
        !type.startsWith('application/json') ||
        res.status === 206 ||
        c.req.method === 'HEAD' ||
        res.headers.has('content-encoding') ||
        noTransform.test(res.headers.get('cache-control') ?? '')
      )
        return;
      const accepted = chooseEncoding(c.req.header('accept-encoding'));
      // A client that takes no compression (a batch's items, decision 053; scripts) gets the answer
      // as it is, unread: rebuilding it only for its length cost a new Response per answer. Vary
      // still says another client may get it compressed (harmless on a small one: API answers are
      // not stored by caches).
      if (!accepted) {
        res.headers.append('Vary', 'Accept-Encoding');
        return;
      }
      const body = await bodyBytes(res);
      if (!body) return;
      const encoding = body.length >= threshold ? accepted : null;
      // With Content-Length (small) or Content-Encoding (compressed) set, hono/compress leaves it.
      const headers = new Headers(res.headers);
      let out = body;
      if (body.length >= threshold) headers.append('Vary', 'Accept-Encoding');
      if (encoding) {
        // A page of a list (a few kB) costs less compressed at once than through zlib's stream
        // machinery; large answers (the invoicing environment) go to the thread pool.
        if (body.length <= SYNC_LIMIT) out = encoding === 'gzip' ? gzipSync(body) : deflateSync(body);
        else out = encoding === 'gzip' ? await gzipAsync(body) : await deflateAsync(body);
        headers.set('Content-Encoding', encoding);
      }
      headers.set('Content-Length', String(out.length));
      c.res = undefined as never; // a fresh answer, not merged with the headers of the old one
      c.res = new Response(new Uint8Array(out.buffer, out.byteOffset, out.length) as Uint8Array<ArrayBuffer>, {
        status: res.status,
        statusText: res.statusText,
        headers,
      });
    });
}
