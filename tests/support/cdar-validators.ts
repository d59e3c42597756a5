// Decision 089: the offline validators of lifecycle status messages (CDAR D22B), carried in
// tests/validators/fnfe-fr/cdar: xmllint against the CDAR XSD, then Debian's Saxon-HE with the FNFE's
// compiled BR-FR-CDV Schematron. Many messages per run, as einvoice-validators.ts does: one xmllint, one
// JVM over a directory. A message is good when the schema passes, no non-warning assert fails, and at
// least one rule fired (none fired means the stylesheet did not read the file as a CDAR message).
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findSaxon, readSvrl, type EInvoiceFailure } from './einvoice-validators';

export const CDAR_DIR = resolve(fileURLToPath(new URL('../validators/fnfe-fr/cdar', import.meta.url)));
const XSD = join(CDAR_DIR, 'xsd/CrossDomainAcknowledgementAndResponse_100pD22B.xsd');
const XSLT = join(CDAR_DIR, 'BR-FR-CDV-Schematron-CDAR.xslt');

export interface CdarReport {
  schemaOk: boolean;
  schemaErrors: string;
  failures: EInvoiceFailure[];
  firedRules: number;
}

export const cdarOk = (r: CdarReport | undefined): boolean =>
  !!r && r.schemaOk && r.failures.length === 0 && r.firedRules > 0;

function run(command: string, args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((done, fail) => {
    execFile(command, args, { maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code === 'string') fail(error);
      else done({ stdout, stderr, code: error ? (typeof code === 'number' ? code : 1) : 0 });
    });
  });
}

/** Validates every message; one report per name. */
export async function validateCdar(files: { name: string; xml: string }[]): Promise<Map<string, CdarReport>> {
  const jar = await findSaxon();
  const root = await mkdtemp(join(tmpdir(), 'cdar-'));
  try {
    const inDir = join(root, 'in');
    const outDir = join(root, 'svrl');
    await mkdir(inDir);
    await mkdir(outDir);
    const placed = files.map((f, i) => ({ ...f, file: `${String(i).padStart(5, '0')}.xml` }));
    await Promise.all(placed.map((p) => writeFile(join(inDir, p.file), p.xml)));
    const reports = new Map<string, CdarReport>();
    for (const p of placed) reports.set(p.name, { schemaOk: true, schemaErrors: '', failures: [], firedRules: 0 });

    const paths = placed.map((p) => join(inDir, p.file));
    const lint = await run('xmllint', ['--noout', '--nonet', '--schema', XSD, ...paths]);
    const lines = lint.stderr.split('\n');
    for (const p of placed) {
      const path = join(inDir, p.file);
      const own = lines.filter((l) => l.startsWith(path + ':') || l.startsWith(path + ' '));
      if (own.includes(`${path} validates`)) continue;
      const report = reports.get(p.name)!;
      report.schemaOk = false;
      report.schemaErrors = own.join('\n').split(path).join(p.name) || lint.stderr.trim();
      report.failures.push({ id: 'XSD', flag: 'fatal', text: report.schemaErrors, validator: 'xsd' });
    }

    const saxon = await new Promise<{ code: number; stderr: string }>((done, fail) => {
      const child = spawn(
        'java',
        [
          '-XX:+UseSerialGC',
          '-XX:TieredStopAtLevel=1',
          '-cp',
          jar,
          'net.sf.saxon.Transform',
          `-s:${inDir}`,
          `-xsl:${XSLT}`,
          `-o:${outDir}`,
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', fail);
      child.on('close', (code) => done({ code: code ?? 1, stderr }));
    });
    if (saxon.code !== 0) throw new Error(`Saxon a échoué sur la Schematron CDAR :\n${saxon.stderr.slice(0, 4000)}`);
    const produced = new Set(await readdir(outDir));
    for (const p of placed) {
      const report = reports.get(p.name)!;
      if (!produced.has(p.file)) {
        report.failures.push({ id: 'SVRL', flag: 'fatal', text: 'Aucun rapport', validator: 'br-fr-cdv' });
        continue;
      }
      const { failures, firedRules } = readSvrl(await readFile(join(outDir, p.file), 'utf8'), 'br-fr-cdv');
      report.failures.push(...failures);
      report.firedRules = firedRules;
      if (firedRules === 0)
        report.failures.push({
          id: 'aucune-règle',
          flag: 'fatal',
          text: 'Aucune règle BR-FR-CDV ne s’est appliquée : le fichier n’est pas lu comme un message CDAR.',
          validator: 'br-fr-cdv',
        });
    }
    return reports;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
