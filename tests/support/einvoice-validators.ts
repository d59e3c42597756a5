// Decision 046: the offline EN 16931 validators, for tests and scripts/validate-einvoices.ts. Runs the
// official artefacts carried in tests/validators/einvoice (README there): xmllint against the XSDs
// (Factur-X EN 16931 for CII, UBL 2.1 for UBL), then Saxon-HE with the compiled Schematrons
// (Factur-X + CEN CII for CII, CEN UBL for UBL), and the French platform rules of XP Z12-012 (FNFE-MPE
// « BR-FR Flux 2 », tests/validators/fnfe-fr, decision 085: the UBL one is the copy derived for
// Saxon-HE 9.9). Many files per tool run: xmllint takes them all,
// and Saxon transforms a whole directory in one JVM (2–5 s to start), at most 2 JVMs at once.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type EInvoiceSyntax = 'cii' | 'ubl';

export interface EInvoiceFailure {
  /** The rule id (BR-CO-15, FX-SCH-…), or 'XSD' / 'aucune-règle' for the harness's own findings. */
  id: string;
  flag: string;
  text: string;
  /** 'xsd', 'factur-x', 'cen-cii', 'cen-ubl', 'fr-cii', 'fr-ubl' (French rules). */
  validator: string;
}

export interface EInvoiceReport {
  failures: EInvoiceFailure[];
  /** Σ svrl:fired-rule over the Schematrons run on the file. */
  firedRules: number;
  schemaOk: boolean;
  schemaErrors: string;
}

export const VALIDATORS_DIR = resolve(fileURLToPath(new URL('../validators/einvoice', import.meta.url)));

const FX_XSD = join(VALIDATORS_DIR, 'schema/ZF_250/EN16931/FACTUR-X_EN16931.xsd');
const UBL_INVOICE_XSD = join(VALIDATORS_DIR, 'schema/UBL_21/maindoc/UBL-Invoice-2.1.xsd');
const UBL_CREDIT_XSD = join(VALIDATORS_DIR, 'schema/UBL_21/maindoc/UBL-CreditNote-2.1.xsd');
const FX_XSLT = join(VALIDATORS_DIR, 'xslt/ZF_250/FACTUR-X_EN16931.xslt');
const CEN_CII_XSLT = join(VALIDATORS_DIR, 'xslt/en16931schematron/EN16931-CII-validation.xslt');
const CEN_UBL_XSLT = join(VALIDATORS_DIR, 'xslt/en16931schematron/EN16931-UBL-validation.xslt');

export const FNFE_DIR = resolve(fileURLToPath(new URL('../validators/fnfe-fr', import.meta.url)));
const FR_CII_XSLT = join(FNFE_DIR, 'cii/BR-FR-Flux2-Schematron-CII.xslt');
// Decision 085: the original refuses to compile on Debian's Saxon-HE 9.9 (two XSLT 3.0 match patterns).
const FR_UBL_XSLT = join(FNFE_DIR, 'ubl/BR-FR-Flux2-Schematron-UBL-saxon99.xslt');

const APT = 'apt-get install -y --no-install-recommends libsaxonhe-java libxml2-utils poppler-utils qpdf';

function missingTool(tool: string, pkg: string): Error {
  return new Error(`${tool} est introuvable : installez le paquet Debian ${pkg} (${APT}).`);
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '/usr/bin:/bin').split(':').some((dir) => dir && existsSync(join(dir, command)));
}

let saxonJar: string | undefined;

/** Debian's Saxon-HE jar (libsaxonhe-java). */
export async function findSaxon(): Promise<string> {
  if (saxonJar) return saxonJar;
  if (process.env.SAXON_JAR && existsSync(process.env.SAXON_JAR)) return (saxonJar = process.env.SAXON_JAR);
  if (existsSync('/usr/share/java/Saxon-HE.jar')) return (saxonJar = '/usr/share/java/Saxon-HE.jar');
  const listed = await run('dpkg', ['-L', 'libsaxonhe-java']).catch(() => ({ stdout: '', stderr: '', code: 1 }));
  const jar = listed.stdout.split('\n').find((l) => /Saxon-HE[^/]*\.jar$/.test(l) && existsSync(l));
  if (!jar) throw missingTool('Saxon-HE', 'libsaxonhe-java');
  return (saxonJar = jar);
}

interface RunResult {
  stdout: string;
  stderr: string;
  code: number;
}

function run(command: string, args: string[], input?: string): Promise<RunResult> {
  return new Promise((done, fail) => {
    const child = execFile(
      command,
      args,
      { maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code =
          error && typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : 0;
        if (error && typeof (error as { code?: unknown }).code === 'string') fail(error);
        else done({ stdout, stderr, code: error ? code || 1 : 0 });
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** At most `limit` of the tasks at once. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** xmllint over many files: which ones failed, with their messages (xmllint prefixes them with the path). */
async function xmllint(xsd: string, paths: string[]): Promise<Map<string, string>> {
  const errors = new Map<string, string>();
  for (let i = 0; i < paths.length; i += 400) {
    const chunk = paths.slice(i, i + 400);
    const r = await run('xmllint', ['--noout', '--nonet', '--schema', xsd, ...chunk]);
    const lines = r.stderr.split('\n');
    for (const path of chunk) {
      const own = lines.filter((l) => l.startsWith(path + ':') || l.startsWith(path + ' '));
      if (own.some((l) => l === `${path} validates`)) continue;
      errors.set(
        path,
        own.filter((l) => l !== `${path} validates`).join('\n') || r.stderr.trim() || 'xmllint a échoué',
      );
    }
  }
  return errors;
}

/** One JVM: the stylesheet over every file of `dir`, SVRL reports in `out` (same file names). */
async function saxon(jar: string, xslt: string, dir: string, out: string): Promise<void> {
  await mkdir(out, { recursive: true });
  const args = ['-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Xshare:auto', '-cp', jar, 'net.sf.saxon.Transform'];
  const r = await new Promise<RunResult>((done, fail) => {
    const child = spawn('java', [...args, `-s:${dir}`, `-xsl:${xslt}`, `-o:${out}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ stdout, stderr, code: code ?? 1 }));
  });
  if (r.code !== 0) throw new Error(`Saxon a échoué sur ${xslt} (code ${r.code}) :\n${r.stderr.slice(0, 4000)}`);
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** failed-asserts (flag not 'warning') and fired rules of one SVRL report. */
export function readSvrl(svrl: string, validator: string): { failures: EInvoiceFailure[]; firedRules: number } {
  const firedRules = (svrl.match(/<svrl:fired-rule\b/g) ?? []).length;
  const failures: EInvoiceFailure[] = [];
  for (const m of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attrs = m[1];
    const flag = /\bflag="([^"]*)"/.exec(attrs)?.[1] ?? '';
    if (flag === 'warning') continue;
    const text = decode((/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2])?.[1] ?? '').trim());
    const id = /\bid="([^"]*)"/.exec(attrs)?.[1] ?? /\[([A-Z]+-[A-Z0-9-]+)\]/.exec(text)?.[1] ?? '?';
    failures.push({ id, flag: flag || 'error', text, validator });
  }
  return { failures, firedRules };
}

const STYLESHEETS: Record<EInvoiceSyntax, { name: string; xslt: string }[]> = {
  cii: [
    { name: 'factur-x', xslt: FX_XSLT },
    { name: 'cen-cii', xslt: CEN_CII_XSLT },
    { name: 'fr-cii', xslt: FR_CII_XSLT },
  ],
  ubl: [
    { name: 'cen-ubl', xslt: CEN_UBL_XSLT },
    { name: 'fr-ubl', xslt: FR_UBL_XSLT },
  ],
};

/**
 * Validates every file (XSD + Schematrons) and answers one report per file name. A file is good when
 * schemaOk, failures is empty and firedRules > 0 (zero fired rules is itself reported as a failure).
 */
export async function validateEInvoices(
  files: { name: string; xml: string; syntax: EInvoiceSyntax }[],
): Promise<Map<string, EInvoiceReport>> {
  if (!onPath('xmllint')) throw missingTool('xmllint', 'libxml2-utils');
  if (!onPath('java')) throw missingTool('java', 'openjdk-17-jre-headless');
  const jar = await findSaxon();
  const names = new Set<string>();
  for (const f of files) {
    if (names.has(f.name)) throw new Error(`Deux fichiers portent le même nom : ${f.name}`);
    names.add(f.name);
  }
  const root = await mkdtemp(join(tmpdir(), 'einvoice-'));
  try {
    const reports = new Map<string, EInvoiceReport>();
    const placed: { name: string; syntax: EInvoiceSyntax; file: string; path: string; credit: boolean }[] = [];
    for (const syntax of ['cii', 'ubl'] as const) await mkdir(join(root, syntax));
    await Promise.all(
      files.map((f, i) => {
        const file = `${String(i).padStart(5, '0')}.xml`;
        const path = join(root, f.syntax, file);
        const credit = /^\s*(<\?xml[^>]*>\s*)?<(\w+:)?CreditNote\b/.test(f.xml);
        placed.push({ name: f.name, syntax: f.syntax, file, path, credit });
        reports.set(f.name, { failures: [], firedRules: 0, schemaOk: true, schemaErrors: '' });
        return writeFile(path, f.xml);
      }),
    );
    const bySyntax = (s: EInvoiceSyntax) => placed.filter((p) => p.syntax === s);
    const ubl = bySyntax('ubl');
    const schemaRuns: [string, string[]][] = [
      [FX_XSD, bySyntax('cii').map((p) => p.path)],
      [UBL_INVOICE_XSD, ubl.filter((p) => !p.credit).map((p) => p.path)],
      [UBL_CREDIT_XSD, ubl.filter((p) => p.credit).map((p) => p.path)],
    ];
    const jobs: (() => Promise<{ syntax: EInvoiceSyntax; name: string; out: string }>)[] = [];
    for (const syntax of ['cii', 'ubl'] as const) {
      if (!bySyntax(syntax).length) continue;
      for (const s of STYLESHEETS[syntax]) {
        const out = join(root, `svrl-${s.name}`);
        jobs.push(() => saxon(jar, s.xslt, join(root, syntax), out).then(() => ({ syntax, name: s.name, out })));
      }
    }
    const [schemaResults, svrlRuns] = await Promise.all([
      Promise.all(schemaRuns.filter(([, paths]) => paths.length).map(([xsd, paths]) => xmllint(xsd, paths))),
      pool(jobs, 2),
    ]);
    const pathToName = new Map(placed.map((p) => [p.path, p.name]));
    for (const errors of schemaResults)
      for (const [path, message] of errors) {
        const name = pathToName.get(path) ?? '';
        const report = reports.get(name);
        if (!report) continue;
        report.schemaOk = false;
        report.schemaErrors = message.split(path).join(name);
        report.failures.push({ id: 'XSD', flag: 'fatal', text: report.schemaErrors, validator: 'xsd' });
      }
    for (const runOut of svrlRuns) {
      const produced = new Set(await readdir(runOut.out));
      for (const p of bySyntax(runOut.syntax)) {
        const report = reports.get(p.name)!;
        if (!produced.has(p.file)) {
          report.failures.push({
            id: 'SVRL',
            flag: 'fatal',
            text: `Aucun rapport ${runOut.name}`,
            validator: runOut.name,
          });
          continue;
        }
        const { failures, firedRules } = readSvrl(await readFile(join(runOut.out, p.file), 'utf8'), runOut.name);
        report.failures.push(...failures);
        report.firedRules += firedRules;
        if (firedRules === 0)
          report.failures.push({
            id: 'aucune-règle',
            flag: 'fatal',
            text: `Aucune règle ${runOut.name} ne s’est appliquée : le fichier n’est pas lu comme une facture ${runOut.syntax.toUpperCase()}.`,
            validator: runOut.name,
          });
      }
    }
    return reports;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** The factur-x.xml attached to a Factur-X PDF, with pdfdetach (poppler-utils). */
export async function extractFacturX(pdf: Uint8Array): Promise<string> {
  if (!onPath('pdfdetach')) throw missingTool('pdfdetach', 'poppler-utils');
  const dir = await mkdtemp(join(tmpdir(), 'facturx-'));
  try {
    const pdfPath = join(dir, 'facture.pdf');
    const xmlPath = join(dir, 'factur-x.xml');
    await writeFile(pdfPath, pdf);
    const list = await run('pdfdetach', ['-list', pdfPath]);
    const entry = /^\s*(\d+):\s*factur-x\.xml\s*$/m.exec(list.stdout);
    if (!entry) throw new Error(`Aucune pièce jointe factur-x.xml dans le PDF :\n${list.stdout}${list.stderr}`);
    const saved = await run('pdfdetach', ['-save', entry[1], '-o', xmlPath, pdfPath]);
    if (saved.code !== 0) throw new Error(`pdfdetach a échoué : ${saved.stderr}`);
    return await readFile(xmlPath, 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
