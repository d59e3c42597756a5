// Records of a register's two chains (movements, closings) as the server stores them, the chain
// endpoint answers them and an archive holds them; and how a new record is linked and signed.
import { closingCanonical, linkInput, movementCanonical, type ClosingFields, type MovementFields } from './canonical';

interface Link {
  prevHash: string;
  hash: string;
  /** Ed25519 signature of the hash (its hex text as UTF-8 bytes), base64url. */
  signature: string;
  /** Fingerprint of the signing key. */
  keyId: string;
}

export type MovementRecord = MovementFields & Link;
export type ClosingRecord = ClosingFields & Link;

/** How the server links: any SHA-256 in hex and its Ed25519 key (node:crypto there, faster than WebCrypto). */
export interface Signer {
  sha256hex(text: string): string | Promise<string>;
  sign(hash: string): string | Promise<string>;
  keyId: string;
}

export async function linkMovement(
  registerUuid: string,
  prevHash: string,
  fields: MovementFields,
  signer: Signer,
): Promise<MovementRecord> {
  const hash = await signer.sha256hex(linkInput(prevHash, movementCanonical(registerUuid, fields)));
  return { ...fields, prevHash, hash, signature: await signer.sign(hash), keyId: signer.keyId };
}

export async function linkClosing(
  registerUuid: string,
  prevHash: string,
  fields: ClosingFields,
  signer: Signer,
): Promise<ClosingRecord> {
  const hash = await signer.sha256hex(linkInput(prevHash, closingCanonical(registerUuid, fields)));
  return { ...fields, prevHash, hash, signature: await signer.sign(hash), keyId: signer.keyId };
}
