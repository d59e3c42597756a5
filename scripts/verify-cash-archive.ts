// npm run verify-cash-archive -- fichier.zip: checks an archive of a cash register offline, with the
// same code as the server and the browser (src/domain/cash-register). Exit code 1 when broken.
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { verifyArchive } from '../src/domain/cash-register/archive';
import { formatDate } from '../src/domain/format';

const path = process.argv[2];
if (!path) {
  console.error('Usage : npm run verify-cash-archive -- archive.zip');
  process.exit(2);
}

let files: Record<string, Uint8Array>;
try {
  files = unzipSync(new Uint8Array(readFileSync(path)));
} catch (error) {
  console.error(`Impossible de lire l’archive ${path} : ${(error as Error).message}`);
  process.exit(1);
}

const check = await verifyArchive(files, new Date());
const r = check.report;
const lines = [
  `Vérification de l’archive ${path}`,
  check.register ? `Caisse : ${check.register.label} (${check.register.uuid})` : null,
  r ? `Période : du ${formatDate(r.period.dateStart)} au ${formatDate(r.period.dateEnd)}` : null,
  r ? `${r.movements.count} mouvements, ${r.closings.count} clôtures` : null,
  r?.movements.first
    ? `Premier mouvement : n° ${r.movements.first.seq}, ${r.movements.first.at}, ${r.movements.first.hash}`
    : null,
  r?.movements.last
    ? `Dernier mouvement : n° ${r.movements.last.seq}, ${r.movements.last.at}, ${r.movements.last.hash}`
    : null,
  check.fingerprint ? `Empreinte de la clé publique : ${check.fingerprint}` : null,
  r && !r.checks.head ? 'Archive sans tête signée (faite avant la décision 077) : la tête n’est pas vérifiée.' : null,
  '',
  ...check.problems.map((p) => `✗ ${p}`),
  ...(r
    ? [
        ['Chaîne des empreintes', r.checks.chain],
        ['Séquence', r.checks.sequence],
        ['Signatures', r.checks.signatures],
        ['Ancrage des clôtures', r.checks.anchors],
        ['Totaux et grand total', r.checks.totals],
        // Archives made since decision 077 carry the register's signed head.
        ...(r.checks.head ? [['Tête de la caisse signée', r.checks.head] as const] : []),
      ].map(([label, c]) => {
        const check = c as { ok: boolean; detail: string };
        return `${check.ok ? '✓' : '✗'} ${label as string} : ${check.detail}`;
      })
    : []),
  r && r.failingClosings.length ? `Clôtures en échec : ${r.failingClosings.join(', ')}` : null,
  '',
  check.ok ? `Archive intègre. ${r!.conclusion}` : `ARCHIVE ALTÉRÉE. ${r?.conclusion ?? ''}`.trim(),
];
console.log(lines.filter((l) => l !== null).join('\n'));
process.exit(check.ok ? 0 : 1);
