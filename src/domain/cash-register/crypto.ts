// SHA-256 and Ed25519 verification through WebCrypto (globalThis.crypto.subtle): the same code in
// Node 20 and in the browser. WebCrypto exists only in a secure context (HTTPS or localhost).

const encoder = new TextEncoder();

function subtle(): (typeof globalThis.crypto)['subtle'] {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('La vérification demande WebCrypto : ouvrez le portail en HTTPS.');
  return s;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let out = '';
  for (let i = 0; i < b.length; i++) out += HEX[b[i]];
  return out;
}

export async function sha256hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return toHex(await subtle().digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

export function base64urlToBytes(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function bytesToBase64url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An Ed25519 public key as a JWK (kty OKP, crv Ed25519, x). */
export interface PublicJwk {
  kty: string;
  crv: string;
  x: string;
  [key: string]: string;
}

/** The key's fingerprint: SHA-256 of its raw 32 bytes, in hex. */
export async function keyFingerprint(jwk: PublicJwk): Promise<string> {
  return sha256hex(base64urlToBytes(jwk.x));
}

export type Verifier = (message: string, signature: string) => Promise<boolean>;

/** A verifier of base64url Ed25519 signatures over the UTF-8 bytes of a message (a hash in hex). */
export async function ed25519Verifier(jwk: PublicJwk): Promise<Verifier> {
  const key = await subtle().importKey('jwk', { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, { name: 'Ed25519' }, false, [
    'verify',
  ]);
  return async (message, signature) => {
    let sig: Uint8Array;
    try {
      sig = base64urlToBytes(signature);
    } catch {
      return false;
    }
    if (sig.length !== 64) return false;
    return subtle().verify({ name: 'Ed25519' }, key, sig as Uint8Array<ArrayBuffer>, encoder.encode(message));
  };
}
