import { randomUUID } from 'node:crypto';

// The request id (decision 075): echoed in X-Request-Id and written in every log
// line of the request, so a person can quote it. A client may choose it (a proxy's or a device's
// trace id), but only a short id of safe characters: one of 8 000 characters, or with spaces and
// brackets shaped like a log line, would be echoed and logged as is. Anything else gets a new one.

/** What a client may send: letters, digits, dot, underscore, hyphen; 64 at most. */
export const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** A batch item's: its batch's id (already checked) and the item's number (sync/service.ts). */
const ITEM_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}\.\d{1,6}$/;

/** The id of a request: the one given when it is safe, else a new UUID. */
export function requestIdOf(given: string | undefined, batchItem = false): string {
  if (given && (CLIENT_REQUEST_ID.test(given) || (batchItem && ITEM_REQUEST_ID.test(given)))) return given;
  return randomUUID();
}
