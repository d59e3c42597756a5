import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HttpError } from './errors';

const TOO_LARGE = 'La requête est trop volumineuse (10 Mo au maximum).';
/** What is read and thrown away before a 413, at most, and for how long. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 30_000;

/**
 * Reads the rest of a refused body without keeping it. A server that answers and closes while the
 * client is still sending makes the client fail on a connection reset (fetch, and browsers on a slow
 * link) instead of reading the French 413; the Node adapter gives the body only 500 ms to end.
 */
function drain(incoming: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      incoming.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_MAX_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_MAX_MS);
    incoming.on('data', onData);
    incoming.once('end', done);
    incoming.once('error', done);
    incoming.once('close', done);
    incoming.resume();
  });
}

/**
 * JSON bodies over `maxSize` get a French 413. A declared length over the limit is refused before a
 * byte is parsed, once the body has arrived; a body without a length is counted as it is read.
 */
export function jsonBodyLimit(maxSize: number): MiddlewareHandler {
  const counted = bodyLimit({
    maxSize,
    onError: () => {
      throw new HttpError(413, TOO_LARGE);
    },
  });
  return async (c, next) => {
    const declared = Number(c.req.header('content-length') ?? NaN);
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (declared > maxSize) {
      if (incoming && !incoming.readableEnded) await drain(incoming);
      throw new HttpError(413, TOO_LARGE);
    }
    return counted(c, next);
  };
}
