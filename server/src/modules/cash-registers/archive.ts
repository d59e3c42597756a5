// The archive of a period (decision 037): a zip with the chained records (JSON, the file the offline
// check reads), the same as CSV for a spreadsheet, the public keys, a manifest of every file's
// SHA-256 signed with the installation's key, and a LISEZMOI in French.
// `npm run verify-cash-archive -- fichier.zip` checks it with src/domain/cash-register.
import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import {
  euros,
  type ClosingRecord,
  type MovementRecord,
  type RegisterHead,
} from '../../../../src/domain/cash-register/index';
import { csvFile } from '../../../../src/domain/csv';
import { formatDate } from '../../../../src/domain/format';
import type { DbOrTx } from '../../db/client';
import type { Config } from '../../env';
import { chainExtract, headOfRow } from './integrity';
import type { RegisterRow } from './journal';
import { publicKeys, signingKey } from './keys';

export const ARCHIVE_FILES = {
  chain: 'chaine.json',
  movements: 'mouvements.csv',
  closings: 'clotures.csv',
  keys: 'cles-publiques.json',
  manifest: 'manifeste.json',
  signature: 'manifeste.sig',
  readme: 'LISEZMOI.txt',
} as const;

/** What chaine.json holds. */
export interface ArchiveChain {
  format: 'workplace-caisse-archive';
  version: 1;
  register: { uuid: string; label: string; location: string | null };
  period: { dateStart: string; dateEnd: string };
  createdAt: string;
  movements: MovementRecord[];
  closings: ClosingRecord[];
  /** The register's signed head when the archive was made, and the highest seqs then stored (decision 077). */
  head: RegisterHead;
  stored: { movementSeq: number; closingSeq: number };
}

/** Through the shared cells: a label starting with = + - @ never runs as a formula (decision 075). */
const csv = (header: string[], rows: Array<Array<string | number | null>>) => csvFile([header, ...rows]);
const amount = (cents: number | null) => (cents === null ? '' : euros(cents).toFixed(2).replace('.', ','));

function movementsCsv(rows: MovementRecord[]) {
  return csv(
    [
      'seq',
      'jour',
      'horodatage',
      'type',
      'montant',
      'libelle',
      'mouvement_corrige',
      'utilisateur',
      'justificatif_sha256',
      'empreinte_precedente',
      'empreinte',
      'signature',
      'cle',
    ],
    rows.map((m) => [
      m.seq,
      m.day,
      m.at,
      m.typeCode,
      amount(m.amountCents),
      m.label,
      m.linked,
      m.userId,
      m.receiptSha256,
      m.prevHash,
      m.hash,
      m.signature,
      m.keyId,
    ]),
  );
}

function closingsCsv(rows: ClosingRecord[]) {
  return csv(
    [
      'seq',
      'type',
      'debut',
      'fin',
      'mouvements',
      'ancre_seq',
      'ancre_empreinte',
      'entrees',
      'sorties',
      'ventes_ttc',
      'grand_total',
      'solde_initial',
      'solde_final',
      'compte',
      'ecart',
      'horodatage',
      'utilisateur',
      'empreinte_precedente',
      'empreinte',
      'signature',
      'cle',
    ],
    rows.map((c) => [
      c.seq,
      c.closingKind,
      c.periodStart,
      c.periodEnd,
      c.movementCount,
      c.anchorSeq,
      c.anchorHash,
      amount(c.inflowCents),
      amount(c.outflowCents),
      amount(c.salesCents),
      amount(c.grandTotalCents),
      amount(c.balanceInitialCents),
      amount(c.balanceFinalCents),
      amount(c.countedCents),
      amount(c.differenceCents),
      c.at,
      c.userId,
      c.prevHash,
      c.hash,
      c.signature,
      c.keyId,
    ]),
  );
}

function readme(
  reg: RegisterRow,
  period: { dateStart: string; dateEnd: string },
  fingerprint: string,
  counts: [number, number],
) {
  return `Archive de caisse — ${reg.label}
Période : du ${formatDate(period.dateStart)} au ${formatDate(period.dateEnd)}
Caisse : ${reg.uuid}
${counts[0]} mouvements, ${counts[1]} clôtures (J : journalière, M : mensuelle, A : annuelle).

Contenu
- chaine.json : les enregistrements chaînés et signés, tels que la caisse les a scellés.
- mouvements.csv, clotures.csv : les mêmes, lisibles dans un tableur (séparateur « ; », montants en euros).
- cles-publiques.json : les clés publiques Ed25519 (JWK) qui ont signé, par empreinte.
- manifeste.json : l’empreinte SHA-256 de chaque fichier ; manifeste.sig : sa signature Ed25519.

Comment la chaîne est construite
Chaque mouvement a un numéro de séquence sans trou. Son empreinte est le SHA-256 de l’empreinte du
mouvement précédent, d’un saut de ligne et d’une forme canonique (un tableau JSON de textes et
d’entiers : séquence, jour, horodatage, type, mouvement corrigé, montant en centimes, libellé,
utilisateur, justificatif). Chaque empreinte est signée avec la clé Ed25519 de l’installation.
Les clôtures (J, M, A) forment une seconde chaîne ; chacune porte l’empreinte du dernier mouvement
au moment où elle a été faite (ancre), ses totaux et le grand total perpétuel des ventes.
La tête de la caisse (dernier mouvement et dernière clôture, « head » dans chaine.json) est signée à
chaque écriture : une tête reculée sur des mouvements supprimés n’a pas de signature valide.
Une correction est un nouveau mouvement qui nomme l’original : rien n’est jamais modifié.

Vérifier hors ligne
  npm run verify-cash-archive -- ce-fichier.zip
La vérification recalcule chaque empreinte, contrôle la séquence, chaque signature, chaque ancre,
les totaux de chaque clôture et la signature de la tête de la caisse. Comparez aussi l’empreinte de la clé publique de l’installation :
${fingerprint}

Ce logiciel ne se déclare pas certifié NF525 : cette archive permet de contrôler l’intégrité des
enregistrements, elle ne vaut pas certificat.
`;
}

export async function buildArchive(
  db: DbOrTx,
  config: Config,
  reg: RegisterRow,
  period: { dateStart: string; dateEnd: string },
  now: Date,
): Promise<Uint8Array> {
  const [extract, keys, key] = await Promise.all([chainExtract(db, reg, period), publicKeys(db), signingKey(config)]);
  const chain: ArchiveChain = {
    format: 'workplace-caisse-archive',
    version: 1,
    register: { uuid: reg.uuid, label: reg.label, location: reg.location },
    period,
    createdAt: now.toISOString(),
    movements: extract.movements,
    closings: extract.closings,
    head: headOfRow(reg),
    stored: extract.stored,
  };
  const files: Record<string, Uint8Array> = {
    [ARCHIVE_FILES.chain]: strToU8(JSON.stringify(chain)),
    [ARCHIVE_FILES.movements]: strToU8(movementsCsv(extract.movements)),
    [ARCHIVE_FILES.closings]: strToU8(closingsCsv(extract.closings)),
    [ARCHIVE_FILES.keys]: strToU8(
      JSON.stringify({ current: key.fingerprint, keys: { ...keys, [key.fingerprint]: key.jwk } }, null, 2),
    ),
    [ARCHIVE_FILES.readme]: strToU8(
      readme(reg, period, key.fingerprint, [extract.movements.length, extract.closings.length]),
    ),
  };
  const manifest = JSON.stringify(
    Object.fromEntries(
      Object.entries(files).map(([name, bytes]) => [name, createHash('sha256').update(bytes).digest('hex')]),
    ),
    null,
    2,
  );
  files[ARCHIVE_FILES.manifest] = strToU8(manifest);
  const manifestHash = createHash('sha256').update(manifest).digest('hex');
  files[ARCHIVE_FILES.signature] = strToU8(
    JSON.stringify({ sha256: manifestHash, keyId: key.fingerprint, signature: await key.signer.sign(manifestHash) }),
  );
  return zipSync(Object.fromEntries(Object.entries(files).map(([n, b]) => [n, [b, { mtime: now }]])));
}
