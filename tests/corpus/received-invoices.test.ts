// Decision 086: « Factures reçues » reaches the official verdict on every e-invoice of the real-world
// corpus (../shared/corpora, read in place, never copied here). For each file (Factur-X PDFs, CII,
// UBL): (a) the official validators as Debian's tools run them — xmllint with the XSD of the file's
// syntax and profile, Java Saxon-HE with the Factur-X Schematron of its profile, CEN EN 16931 (CII
// profiles BASIC and EN16931, and UBL) and the French rules BR-FR — mapped to the three outcomes by
// decision 086's rule; (b) the portal's real upload API (real server, PGlite). Same verdict for
// every file, and the same figures (number, kind, seller, currency, totals) for the accepted ones.
// `npm run test:corpus`; skipped with a message when ../shared/corpora is absent.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { findSaxon, readSvrl, VALIDATORS_DIR } from '../support/einvoice-validators';
import { useTestServer } from '../support/use-test-server';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const CORPUS = process.env.CORPUS_DIR ?? resolve(ROOT, '../shared/corpora');
const present = existsSync(join(CORPUS, 'expected.json'));
if (!present)
  console.log(`Corpus absent (${CORPUS}) : la comparaison des verdicts avec les validateurs officiels est sautée.`);

const FR_DIR = join(ROOT, 'tests/validators/fnfe-fr');
const FX = (p: string) => join(VALIDATORS_DIR, 'xslt/ZF_250', `FACTUR-X_${p}.xslt`);
const PROFILES: Record<string, { xsd: string; xslt: string; en16931: boolean }> = {
  MINIMUM: { xsd: 'MINIMUM/FACTUR-X_MINIMUM.xsd', xslt: FX('MINIMUM'), en16931: false },
  'BASIC WL': { xsd: 'BASIC-WL/FACTUR-X_BASICWL.xsd', xslt: FX('BASIC-WL'), en16931: false },
  BASIC: { xsd: 'BASIC/FACTUR-X_BASIC.xsd', xslt: FX('BASIC'), en16931: true },
  EN16931: { xsd: 'EN16931/FACTUR-X_EN16931.xsd', xslt: FX('EN16931'), en16931: true },
  EXTENDED: { xsd: 'EXTENDED/FACTUR-X_EXTENDED.xsd', xslt: FX('EXTENDED'), en16931: false },
};
const CEN_CII = join(VALIDATORS_DIR, 'xslt/en16931schematron/EN16931-CII-validation.xslt');
const CEN_UBL = join(VALIDATORS_DIR, 'xslt/en16931schematron/EN16931-UBL-validation.xslt');
const FR_CII = join(FR_DIR, 'cii/BR-FR-Flux2-Schematron-CII.xslt');
// The derived copy Debian's Saxon 9.9 compiles (the fnfe-fr README; the original is beside it).
const FR_UBL = join(FR_DIR, 'ubl/BR-FR-Flux2-Schematron-UBL-saxon99.xslt');

type Verdict = 'conforme' | 'anomalies' | 'refused';
interface Record_ {
  path: string;
  kind: string;
  profile?: string;
  valid: boolean | string;
  id?: string;
  typeCode?: string;
  seller?: string;
  currency?: string;
  grandTotal?: number;
  taxTotal?: number;
  receiverShould?: string;
}
interface Official {
  verdict: Verdict;
  why: string;
  rules: string[];
}

function run(cmd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) =>
    execFile(cmd, args, { maxBuffer: 64 * 1024 * 1024, encoding: 'latin1' }, (error, stdout, stderr) =>
      done({ code: error ? Number((error as { code?: number }).code ?? 1) || 1 : 0, stdout, stderr }),
    ),
  );
}

const INVOICE_XML = /^(factur-x|zugferd-invoice|xrechnung)\.xml$/i;

/** The invoice XML a PDF carries (factur-x.xml first), as poppler lists it; null when none. */
async function pdfXml(path: string, work: string): Promise<Buffer | null> {
  const list = await run('pdfdetach', ['-list', path]);
  const entries = [...list.stdout.matchAll(/^\s*(\d+):\s*(.+?)\s*$/gm)].map((m) => ({ n: m[1], name: m[2] }));
  const invoice =
    entries.find((e) => e.name.toLowerCase() === 'factur-x.xml') ?? entries.find((e) => INVOICE_XML.test(e.name));
  if (!invoice) return null;
  const out = join(work, `att-${invoice.n}-${Math.random().toString(36).slice(2)}.xml`);
  const saved = await run('pdfdetach', ['-save', invoice.n, '-o', out, path]);
  return saved.code === 0 ? readFile(out) : null;
}

/** One JVM over a directory: the SVRL of each file (same names). */
async function saxonDir(jar: string, xslt: string, dir: string, out: string): Promise<void> {
  await mkdir(out, { recursive: true });
  await new Promise<void>((done, fail) => {
    const child = spawn(
      'java',
      [
        '-XX:+UseSerialGC',
        '-XX:TieredStopAtLevel=1',
        '-cp',
        jar,
        'net.sf.saxon.Transform',
        `-s:${dir}`,
        `-xsl:${xslt}`,
        `-o:${out}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', fail);
    // A stylesheet stopping on one file (a dynamic error) leaves that file without SVRL: reported below.
    child.on('close', () => (existsSync(out) ? done() : fail(new Error(err.slice(0, 2000)))));
  });
}

/** The official verdict of every invoice file, by decision 086's mapping. */
async function officialVerdicts(records: Record_[]): Promise<Map<string, Official>> {
  const jar = await findSaxon();
  const work = await mkdtemp(join(tmpdir(), 'corpus-'));
  const verdicts = new Map<string, Official>();
  try {
    type Placed = { rec: Record_; file: string; syntax: 'cii' | 'ubl'; profile: string; credit: boolean };
    const placed: Placed[] = [];
    for (const [i, rec] of records.entries()) {
      const path = join(CORPUS, rec.path);
      const xml = rec.path.toLowerCase().endsWith('.pdf') ? await pdfXml(path, work) : await readFile(path);
      if (!xml) {
        verdicts.set(rec.path, { verdict: 'refused', why: '415 : aucun XML de facture dans le PDF', rules: [] });
        continue;
      }
      const file = join(work, `${String(i).padStart(3, '0')}.xml`);
      await writeFile(file, xml);
      if ((await run('xmllint', ['--noout', '--nonet', file])).code !== 0) {
        verdicts.set(rec.path, { verdict: 'refused', why: '422 : XML mal formé', rules: [] });
        continue;
      }
      const head = xml.subarray(0, 64 * 1024).toString('latin1');
      const root = /<(?:[\w.-]+:)?(CrossIndustryInvoice|Invoice|CreditNote)[\s>]/.exec(
        head.replace(/<\?[^>]*\?>|<!--[^]*?-->/g, ''),
      )?.[1];
      if (
        !root ||
        !/urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100|urn:oasis:names:specification:ubl:schema:xsd:(Invoice|CreditNote)-2/.test(
          head,
        )
      ) {
        verdicts.set(rec.path, { verdict: 'refused', why: '415 : ni CII ni UBL', rules: [] });
        continue;
      }
      const syntax = root === 'CrossIndustryInvoice' ? 'cii' : 'ubl';
      const profile = syntax === 'ubl' ? 'UBL' : rec.profile && rec.profile in PROFILES ? rec.profile : 'EN16931';
      placed.push({ rec, file, syntax, profile, credit: root === 'CreditNote' });
    }
    const fatal = new Map<string, { validator: string; id: string }[]>(placed.map((p) => [p.file, []]));
    const fired = new Map<string, number>();
    // XSD, one xmllint run per schema.
    const groups = new Map<string, string[]>();
    for (const p of placed) {
      const xsd =
        p.syntax === 'ubl'
          ? join(VALIDATORS_DIR, `schema/UBL_21/maindoc/UBL-${p.credit ? 'CreditNote' : 'Invoice'}-2.1.xsd`)
          : join(VALIDATORS_DIR, 'schema/ZF_250', PROFILES[p.profile].xsd);
      groups.set(xsd, [...(groups.get(xsd) ?? []), p.file]);
    }
    for (const [xsd, files] of groups) {
      const r = await run('xmllint', ['--noout', '--nonet', '--schema', xsd, ...files]);
      for (const f of files)
        if (!r.stderr.includes(`${f} validates`)) fatal.get(f)!.push({ validator: 'xsd', id: 'XSD' });
    }
    // Schematrons, one JVM per stylesheet over the files it applies to.
    const runs: { validator: string; xslt: string; files: Placed[] }[] = [
      ...Object.entries(PROFILES).map(([name, p]) => ({
        validator: 'profil',
        xslt: p.xslt,
        files: placed.filter((f) => f.syntax === 'cii' && f.profile === name),
      })),
      {
        validator: 'en16931',
        xslt: CEN_CII,
        files: placed.filter((f) => f.syntax === 'cii' && PROFILES[f.profile].en16931),
      },
      { validator: 'en16931', xslt: CEN_UBL, files: placed.filter((f) => f.syntax === 'ubl') },
      { validator: 'fr', xslt: FR_CII, files: placed.filter((f) => f.syntax === 'cii') },
      { validator: 'fr', xslt: FR_UBL, files: placed.filter((f) => f.syntax === 'ubl') },
    ].filter((r) => r.files.length);
    for (const [n, r] of runs.entries()) {
      const dir = join(work, `in-${n}`);
      const out = join(work, `out-${n}`);
      await mkdir(dir);
      for (const f of r.files) await writeFile(join(dir, f.file.split('/').pop()!), await readFile(f.file));
      await saxonDir(jar, r.xslt, dir, out);
      const produced = new Set(await readdir(out));
      for (const f of r.files) {
        const name = f.file.split('/').pop()!;
        if (!produced.has(name)) {
          // The French rules stop on one file of the corpus (a type error, the corpus README):
          // informative only, as decision 086 treats the French rules.
          fatal.get(f.file)!.push({ validator: r.validator === 'fr' ? 'fr-arrêt' : r.validator, id: 'SVRL' });
          continue;
        }
        const svrl = await readFile(join(out, name), 'utf8');
        const { failures, firedRules } = readSvrl(svrl, r.validator);
        fired.set(`${f.file}|${r.validator}`, firedRules);
        if (firedRules === 0) fatal.get(f.file)!.push({ validator: r.validator, id: 'AUCUNE-REGLE' });
        for (const x of failures)
          if (x.flag !== 'warning') fatal.get(f.file)!.push({ validator: r.validator, id: x.id });
      }
    }
    for (const p of placed) {
      const f = fatal.get(p.file)!;
      const decisive = f.filter((x) => x.validator !== 'fr' && x.validator !== 'fr-arrêt');
      const fr = f.filter((x) => x.validator === 'fr');
      const verdict: Verdict = decisive.length ? 'refused' : fr.length ? 'anomalies' : 'conforme';
      verdicts.set(p.rec.path, {
        verdict,
        why: `${p.syntax.toUpperCase()} ${p.profile}`,
        rules: [...new Set((decisive.length ? decisive : fr).map((x) => `${x.validator}:${x.id}`))],
      });
    }
    return verdicts;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const t = useTestServer();

describe.skipIf(!present)(
  'the real-world corpus: the portal’s verdict is the official validators’ (decision 086)',
  () => {
    let records: Record_[] = [];
    let official = new Map<string, Official>();
    beforeAll(async () => {
      const expected = JSON.parse(await readFile(join(CORPUS, 'expected.json'), 'utf8')) as { files: Record_[] };
      records = expected.files.filter((r) => /^(facturx|cii|ubl)\//.test(r.path));
      official = await officialVerdicts(records);
    }, 600_000);

    it('every e-invoice file: same verdict (accepted « Conforme », kept with anomalies, refused), same figures', async () => {
      const companies = t.server.seed!.companies.map((c) => c.id);
      // One company per file that the same supplier's same number would otherwise make a 409.
      const used = new Map<number, Set<string>>(companies.map((c) => [c, new Set()]));
      const rows: string[] = [];
      const disagreements: string[] = [];
      const figures: string[] = [];
      let accepted = 0;
      for (const rec of records) {
        const key = `${rec.seller ?? ''}|${rec.id ?? rec.path}|${rec.typeCode === '381' ? 'Avoir' : 'Facture'}`;
        const company = companies.find((c) => !used.get(c)!.has(key))!;
        used.get(company)!.add(key);
        const name = rec.path.split('/').pop()!;
        const form = new FormData();
        const bytes = await readFile(join(CORPUS, rec.path));
        form.append(
          'file',
          new Blob([new Uint8Array(bytes)], {
            type: name.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/xml',
          }),
          name,
        );
        const res = await t.server.api.request('POST', '/api/received-invoices', {
          token: t.demo,
          company,
          rawBody: form,
        });
        expect([201, 415, 422], `${rec.path} : ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toContain(
          res.status,
        );
        const portal: Verdict = res.status === 201 ? (res.body.status as Verdict) : 'refused';
        const o = official.get(rec.path)!;
        rows.push(
          `${o.verdict === portal ? '  ' : '≠ '}${rec.path} — officiel ${o.verdict} (${o.why} ${o.rules.slice(0, 4).join(' ')}) ; portail ${portal} (${res.status}) ; expected.json valid=${rec.valid}`,
        );
        if (o.verdict !== portal) disagreements.push(rec.path);
        if (res.status === 201) {
          accepted++;
          const b = res.body;
          const want = {
            number: rec.id,
            kind: rec.typeCode === '381' ? 'Avoir' : 'Facture',
            supplierName: rec.seller,
            currency: rec.currency,
            ttc: rec.grandTotal,
            tva: rec.taxTotal,
          };
          const got = {
            number: b.number,
            kind: b.kind,
            supplierName: b.supplierName,
            currency: b.currency,
            ttc: b.ttc,
            tva: b.tva,
          };
          if (JSON.stringify(got) !== JSON.stringify(want))
            figures.push(`${rec.path}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
        }
      }
      console.log(`Corpus : ${records.length} fichiers, ${accepted} gardés par le portail\n${rows.join('\n')}`);
      expect(disagreements, rows.join('\n')).toEqual([]);
      expect(figures).toEqual([]);
    }, 900_000);
  },
);
