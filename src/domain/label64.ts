// Article labels travel as label64: the UTF-8 bytes of the text in base64 (ART-2).
// TextEncoder/TextDecoder and btoa/atob exist in browsers and in Node ≥ 16, so no Buffer.

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// btoa takes a "binary string"; String.fromCharCode on huge arrays overflows the call stack.
const CHUNK = 0x8000;

export function encodeLabel64(text: string): string {
  const bytes = new TextEncoder().encode(text ?? '');
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/**
 * base64 → text. A label that is not strict, padded base64 of valid UTF-8 (an old plain-text
 * label, a truncated value) is shown as it is rather than as mojibake or an exception:
 * atob alone would accept 'Bon jour' (it skips spaces) and yield garbage.
 */
export function decodeLabel64(b64: string): string {
  if (typeof b64 !== 'string') return '';
  if (!BASE64.test(b64)) return b64;
  try {
    const binary = atob(b64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return b64;
  }
}
