import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { keyFingerprint, type PublicJwk, type Signer } from '../../../../src/domain/cash-register/index';
import type { DbOrTx } from '../../db/client';
import { eq } from 'drizzle-orm';
import { cashSigningKeys } from '../../db/schema/index';
import type { Config } from '../../env';
import { HttpError } from '../../http/errors';

// The installation's Ed25519 key (decision 037): CASH_SIGNING_KEY (a PKCS#8 PEM, or the path of
// one), else DATA_DIR/cash-signing-key.pem, generated at the first use with 0600 rights. Several
// instances on one PostgreSQL must share one configured key (refused in production otherwise). Every
// public key is kept in cash_signing_keys, so records signed before a key change still verify.

export interface SigningKey {
  fingerprint: string;
  jwk: PublicJwk;
  signer: Signer;
}

export const KEY_FILE = 'cash-signing-key.pem';
const NOT_CONFIGURED =
  'La clé de signature des caisses n’est pas configurée : avec PostgreSQL en production, renseignez CASH_SIGNING_KEY (la même pour toutes les instances).';

const loaded = new WeakMap<Config, Promise<SigningKey>>();

/** The key of this configuration (read or generated once per server). */
export function signingKey(config: Config): Promise<SigningKey> {
  let key = loaded.get(config);
  if (!key) {
    key = loadKey(config);
    loaded.set(config, key);
    key.catch(() => loaded.delete(config));
  }
  return key;
}

async function loadKey(config: Config): Promise<SigningKey> {
  return fromPrivate(await privateKeyOf(config));
}

async function privateKeyOf(config: Config): Promise<KeyObject> {
  const configured = config.env.CASH_SIGNING_KEY?.trim();
  if (configured) {
    const pem = configured.startsWith('-----BEGIN') ? configured : await readFile(configured, 'utf8');
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('CASH_SIGNING_KEY doit être une clé Ed25519 (PKCS#8).');
    return key;
  }
  if (config.env.DATABASE_URL && config.env.NODE_ENV === 'production') throw new HttpError(503, NOT_CONFIGURED);
  if (config.env.DATA_DIR === 'memory://') return generateKeyPairSync('ed25519').privateKey;
  const path = join(config.env.DATA_DIR, KEY_FILE);
  try {
    const pem = await readFile(path, 'utf8');
    await chmod(path, 0o600);
    return createPrivateKey(pem);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
  await mkdir(dirname(path), { recursive: true });
  try {
    await writeFile(path, pem, { mode: 0o600, flag: 'wx' });
    return privateKey;
  } catch (error) {
    // Another start wrote it first: use that one.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return createPrivateKey(await readFile(path, 'utf8'));
    throw error;
  }
}

/** The signer, the public JWK and its fingerprint of a private key. */
export async function fromPrivate(privateKey: KeyObject): Promise<SigningKey> {
  const exported = createPublicKey(privateKey).export({ format: 'jwk' });
  const jwk: PublicJwk = { kty: exported.kty!, crv: exported.crv!, x: exported.x! };
  const fingerprint = await keyFingerprint(jwk);
  return {
    fingerprint,
    jwk,
    signer: {
      keyId: fingerprint,
      sha256hex: (text) => createHash('sha256').update(text).digest('hex'),
      sign: (hash) => sign(null, Buffer.from(hash), privateKey).toString('base64url'),
    },
  };
}

/** Records the public key (once; harmless when already there), in the caller's transaction. */
export async function registerPublicKey(db: DbOrTx, key: SigningKey, at: Date): Promise<void> {
  await db
    .insert(cashSigningKeys)
    .values({ fingerprint: key.fingerprint, publicJwk: key.jwk, createdAt: at })
    .onConflictDoNothing({ target: cashSigningKeys.fingerprint });
}

/** Every public key known here, by fingerprint. */
export async function publicKeys(db: DbOrTx): Promise<Record<string, PublicJwk>> {
  const rows = await db.select().from(cashSigningKeys);
  return Object.fromEntries(rows.map((r) => [r.fingerprint, r.publicJwk as PublicJwk]));
}

const publicKeyCache = new Map<string, KeyObject>();

/**
 * The public key of fingerprint `keyId` for node:crypto: the current key's, or one kept in
 * cash_signing_keys (a key used before a rotation); null when unknown. A fingerprint names its key.
 */
export async function publicKeyObject(db: DbOrTx, current: SigningKey, keyId: string): Promise<KeyObject | null> {
  const cached = publicKeyCache.get(keyId);
  if (cached) return cached;
  let jwk: PublicJwk | null = keyId === current.fingerprint ? current.jwk : null;
  if (!jwk) {
    const [row] = await db.select().from(cashSigningKeys).where(eq(cashSigningKeys.fingerprint, keyId));
    jwk = (row?.publicJwk as PublicJwk | undefined) ?? null;
    // A row names its fingerprint: one that does not match its key proves nothing.
    if (jwk && (await keyFingerprint(jwk)) !== keyId) jwk = null;
  }
  if (!jwk) return null;
  const key = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: 'jwk' });
  publicKeyCache.set(keyId, key);
  return key;
}
