import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Decision 088: the Flow Service signs each webhook call. Its text: « a SHA-256 fingerprint is
// generated based on the concatenation of the JSON payload (as is), a separator @ and the current
// epoch time in seconds; a HMAC signature is computed over the fingerprint with the signing key;
// base64 for the transport » (Afnor-Signature, Afnor-Signature-Timestamp). Read here as: the
// fingerprint is the hex SHA-256 of `${payload}@${timestamp}`, the key the base64 signing key's bytes.

/** How far a call's timestamp may be from our clock (a replay later than that is refused). */
export const SIGNATURE_TOLERANCE_S = 300;

export function signPayload(signingKey: string, payload: string, timestamp: number): string {
  const fingerprint = createHash('sha256').update(`${payload}@${timestamp}`).digest('hex');
  return createHmac('sha256', Buffer.from(signingKey, 'base64')).update(fingerprint).digest('base64');
}

export function verifySignature(
  signingKey: string,
  payload: string,
  signature: string | undefined,
  timestamp: string | undefined,
  nowSeconds: number,
): boolean {
  if (!signature || !timestamp || !/^\d{1,15}$/.test(timestamp)) return false;
  const ts = Number(timestamp);
  if (Math.abs(nowSeconds - ts) > SIGNATURE_TOLERANCE_S) return false;
  const expected = Buffer.from(signPayload(signingKey, payload, ts), 'base64');
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
