// The offline check of an archive (npm run verify-cash-archive): every file against the signed
// manifest, then the chain by verifyChain with every signature. Pure: the caller unzips.
import type { ClosingRecord, MovementRecord, RegisterHead } from './chain';
import { ed25519Verifier, sha256hex, type PublicJwk } from './crypto';
import { verifyChain, type VerifyReport } from './verify';

export interface ArchiveCheck {
  ok: boolean;
  /** Problems of the archive itself (missing or altered files, manifest signature). */
  problems: string[];
  report: VerifyReport | null;
  register: { uuid: string; label: string } | null;
  fingerprint: string | null;
}

const decoder = new TextDecoder();
const json = <T>(bytes: Uint8Array | undefined): T | null => {
  if (!bytes) return null;
  try {
    return JSON.parse(decoder.decode(bytes)) as T;
  } catch {
    return null;
  }
};

export async function verifyArchive(files: Readonly<Record<string, Uint8Array>>, now: Date): Promise<ArchiveCheck> {
  const problems: string[] = [];
  const manifestBytes = files['manifeste.json'];
  const manifest = json<Record<string, string>>(manifestBytes);
  const sig = json<{ sha256: string; keyId: string; signature: string }>(files['manifeste.sig']);
  const keys = json<{ current: string; keys: Record<string, PublicJwk> }>(files['cles-publiques.json']);
  const chain = json<{
    register: { uuid: string; label: string };
    period: { dateStart: string; dateEnd: string };
    movements: MovementRecord[];
    closings: ClosingRecord[];
    /** Archives made since decision 077: the register's signed head, and the seqs then stored. */
    head?: RegisterHead;
    stored?: { movementSeq: number; closingSeq: number };
  }>(files['chaine.json']);
  if (!manifest || !manifestBytes) problems.push('Le manifeste (manifeste.json) est absent ou illisible.');
  if (!keys) problems.push('Les clés publiques (cles-publiques.json) sont absentes ou illisibles.');
  if (!chain) problems.push('La chaîne (chaine.json) est absente ou illisible.');
  if (manifest) {
    for (const [name, expected] of Object.entries(manifest)) {
      const bytes = files[name];
      if (!bytes) problems.push(`Le fichier ${name} du manifeste est absent.`);
      else if ((await sha256hex(bytes)) !== expected) problems.push(`Le fichier ${name} a été modifié.`);
    }
    for (const name of Object.keys(files))
      if (!(name in manifest) && name !== 'manifeste.json' && name !== 'manifeste.sig')
        problems.push(`Le fichier ${name} n’est pas dans le manifeste.`);
  }
  if (manifestBytes && keys) {
    const jwk = sig ? keys.keys[sig.keyId] : undefined;
    const hash = await sha256hex(manifestBytes);
    const valid = !!sig && !!jwk && sig.sha256 === hash && (await (await ed25519Verifier(jwk))(hash, sig.signature));
    if (!valid) problems.push('La signature du manifeste (manifeste.sig) n’est pas valide.');
  }
  const report =
    chain && keys
      ? await verifyChain({
          registerUuid: chain.register.uuid,
          movements: chain.movements,
          closings: chain.closings,
          keys: keys.keys,
          currentKey: { fingerprint: keys.current, jwk: keys.keys[keys.current] },
          period: chain.period,
          checkedAt: now.toISOString(),
          signatures: 'all',
          // The head when the archive was made, if it carries one: its signature, no record beyond it.
          ...(chain.head ? { head: chain.head, stored: chain.stored } : {}),
        })
      : null;
  return {
    ok: problems.length === 0 && !!report?.ok,
    problems,
    report,
    register: chain?.register ?? null,
    fingerprint: keys?.current ?? null,
  };
}
