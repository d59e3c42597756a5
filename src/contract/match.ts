import type { AnyEndpoint, Method } from './endpoint';
import { endpoints } from './index';

// Which endpoint a stored request (method + path under /api/) is for: the outbox checks that each
// change it keeps is one the contract lets wait offline (offline: 'queue').

const patterns = endpoints.map((e) => ({
  e,
  re: new RegExp(`^${e.path.replace(/^\//, '').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`),
}));

export function findEndpoint(method: string, path: string): AnyEndpoint | undefined {
  const m = method.toLowerCase() as Method;
  const bare = path.replace(/^\/?(api\/)?/, '').split('?')[0];
  return patterns.find((p) => p.e.method === m && p.re.test(bare))?.e;
}

/** True when the contract declares this change 'queue': it may wait in the outbox. */
export const mayQueue = (method: string, path: string) => findEndpoint(method, path)?.offline === 'queue';
