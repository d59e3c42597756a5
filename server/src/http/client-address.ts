import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Config } from '../env';

// Who is asking, for per-address throttling (decision 008). The socket's peer address, unless
// TRUST_PROXY says how many reverse proxies stand in front: each appends the address it saw to
// X-Forwarded-For, so the client is the entry TRUST_PROXY places from the right. Entries further
// left are whatever the client wrote and are never believed.

export function clientAddress(c: Context, config: Config): string {
  let address = socketAddress(c);
  const hops = config.env.TRUST_PROXY;
  if (hops > 0) {
    const chain = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (chain.length > 0) address = chain[Math.max(0, chain.length - hops)];
  }
  return normalizeAddress(address);
}

/** Served over HTTPS: the public address says so, or a trusted proxy does (X-Forwarded-Proto). */
export function servedOverHttps(c: Context, config: Config): boolean {
  if (config.env.PUBLIC_URL?.startsWith('https:')) return true;
  if (config.env.TRUST_PROXY > 0)
    return (c.req.header('x-forwarded-proto') ?? '').split(',').pop()?.trim().toLowerCase() === 'https';
  return new URL(c.req.url).protocol === 'https:';
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'inconnue';
  } catch {
    // app.fetch called without a Node socket (in-process tests): one shared "address".
    return 'inconnue';
  }
}

/**
 * IPv4-mapped IPv6 becomes plain IPv4; any other IPv6 address counts as its /64 network, since one
 * subscriber usually holds a whole /64 and could otherwise rotate through it.
 */
export function normalizeAddress(raw: string): string {
  const address = raw.trim().slice(0, 100).replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(':') || !/^[0-9a-f:.]+$/.test(address)) return address;
  const [head, tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
