/**
 * The text of an answer built by c.json() or c.text(), without reading it: @hono/node-server's
 * lightweight Response keeps that string under Symbol('cache') ([status, body, headers]). Reading it
 * there spares building a web Response and its stream (or a clone) for every answer. undefined: not
 * such an answer (a stream, bytes, a standard Response), to be read the standard way.
 */
export function cachedText(res: Response): string | null | undefined {
  const key = Object.getOwnPropertySymbols(res).find((s) => s.description === 'cache');
  const cached: unknown = key ? (res as unknown as Record<symbol, unknown>)[key] : undefined;
  if (Array.isArray(cached) && (typeof cached[1] === 'string' || cached[1] === null)) return cached[1];
  return undefined;
}
