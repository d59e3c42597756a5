// Documents created offline get a temporary id ('tmp-<uuid>') until the server answers with the
// real one; later queued changes that mention the temporary id are rewritten before sending.

const TMP_PATTERN = /tmp-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TMP_EXACT = /^tmp-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** RFC 4122 v4. crypto.randomUUID only exists in secure contexts; a LAN http:// address is not one. */
export function uuid(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const newTempId = (): string => `tmp-${uuid()}`;
export const isTempId = (id: unknown): id is string => typeof id === 'string' && TMP_EXACT.test(id);

/** Every temporary id mentioned in a path, a JSON body or form fields. */
export function findTempIds(...parts: unknown[]): string[] {
  const found = new Set<string>();
  for (const part of parts) {
    if (part === undefined) continue;
    const text = typeof part === 'string' ? part : JSON.stringify(part);
    for (const m of text?.match(TMP_PATTERN) ?? []) found.add(m);
  }
  return [...found];
}

/** Replaces known temporary ids: a value that IS a temporary id takes the server id's type (number stays number). */
export function rewriteTempIds<T>(value: T, map: ReadonlyMap<string, string | number>): T {
  if (typeof value === 'string') {
    if (isTempId(value) && map.has(value)) return map.get(value) as T;
    return value.replace(TMP_PATTERN, (m) => (map.has(m) ? String(map.get(m)) : m)) as T;
  }
  if (Array.isArray(value)) return value.map((v) => rewriteTempIds(v, map)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewriteTempIds(v, map)])) as T;
  }
  return value;
}

/** In a path a server id is always text. */
export const rewritePath = (path: string, map: ReadonlyMap<string, string | number>): string =>
  path.replace(TMP_PATTERN, (m) => (map.has(m) ? encodeURIComponent(String(map.get(m))) : m));
