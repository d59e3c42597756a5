// Records of a register's two chains (movements, closings) as the server stores them, the chain
// endpoint answers them and an archive holds them; and how a new record is linked and signed.
import {
  closingCanonical,
  headCanonical,
  linkInput,
  movementCanonical,
  type ClosingFields,
  type HeadFields,
  type MovementFields,
} from './canonical';

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

/**
 * The register's signed head (decision 077): both chains' heads and the Ed25519 signature of the
 * SHA-256 of their canonical form. Null signature: a register written before heads were signed.
 */
export interface RegisterHead extends HeadFields {
  signature: string | null;
  keyId: string | null;
}

/** The SHA-256 (hex) a head's signature covers. */
export const headDigest = (registerUuid: string, head: HeadFields, sha256hex: Signer['sha256hex']) =>
  sha256hex(headCanonical(registerUuid, head));

export async function signHead(registerUuid: string, head: HeadFields, signer: Signer): Promise<RegisterHead> {
  const fields = { seq: head.seq, hash: head.hash, closingSeq: head.closingSeq, closingHash: head.closingHash };
  const digest = await headDigest(registerUuid, fields, signer.sha256hex);
  return { ...fields, signature: await signer.sign(digest), keyId: signer.keyId };
}
