/**
 * A batch item's request, as the app reads it (decision 055). Each item goes through the whole app
 * (app.fetch, decision 026), which used to get a web `Request` built from the item's JSON text:
 * about a tenth of an item's CPU went to building it (WebIDL checks, an AbortSignal, a body
 * stream) and to reading that text back through its stream. The app only reads its method, URL,
 * headers and body text (validate.ts, idempotency.ts, control-chars.ts): those are plain fields
 * here, and anything else (a body stream, a signal, clone()) is read from a real `Request` made on
 * first use, so nothing is lost.
 */
const ITEM = Symbol('batch item request');

export function itemRequest(url: string, method: string, headers: Headers, text: string | undefined): Request {
  let real: Request | undefined;
  const fields: Record<PropertyKey, unknown> = {
    [ITEM]: true,
    url,
    method,
    headers,
    text: () => Promise.resolve(text ?? ''),
    json: () => Promise.resolve(text ?? '').then((t) => JSON.parse(t) as unknown),
  };
  return new Proxy(fields, {
    get(target, key) {
      if (key in target) return target[key];
      real ??= new Request(url, { method, headers, body: text });
      const value = Reflect.get(real, key, real);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(real) : value;
    },
  }) as unknown as Request;
}

/** A batch item: its size was checked with the batch's own body, never read through a stream. */
export const isItemRequest = (request: Request): boolean =>
  (request as unknown as Record<symbol, unknown>)[ITEM] === true;
