import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// scrypt with N=2^15: ~50 ms per hash here, slow enough for stolen hashes, fast enough for sign-in.
// Test runs (vitest sets NODE_ENV=test) hash with N=2^10: the auth suites spent most of their time
// in scrypt. Each hash records its N, so verification always uses the cost it was made with.
export const PRODUCTION_COST = 1 << 15;
const cost = () => (process.env.NODE_ENV === 'test' ? 1 << 10 : PRODUCTION_COST);
const PARAMS = { r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = cost();
  const key = await scrypt(password.normalize('NFC'), salt, KEYLEN, { ...PARAMS, N });
  return `scrypt$${N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, r, p, saltB64, keyB64] = stored.split('$');
  if (algo !== 'scrypt' || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password.normalize('NFC'), Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(key, expected);
}

/** A hash computed once so unknown usernames take as long as known ones (no user enumeration by timing). */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('mot de passe factice');
  return dummyHash;
}

export const newToken = () => randomBytes(32).toString('base64url');
// The HTTP layer hashes idempotent requests with the same function: it lives there (server/src/http).
export { sha256 } from '../../http/sha256';

/** Minimum policy for a new password, in French. */
export function passwordPolicyError(password: string): string | null {
  if (password.length < 10) return 'Le mot de passe doit contenir au moins 10 caractères.';
  if (!/[A-Za-zÀ-ÿ]/.test(password) || !/[0-9]/.test(password))
    return 'Le mot de passe doit contenir au moins une lettre et un chiffre.';
  return null;
}
