import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { memoryPages, validateXML } from 'xmllint-wasm';
import {
  frenchMessage,
  VALIDATOR_LABEL,
  verdictOf,
  type OfficialFailure,
  type OfficialProfile,
  type OfficialSyntax,
  type OfficialValidator,
} from './official-report';

export { verdictOf };

/** The one call the readers make of SaxonJS 3 (npm saxonjs-he, CommonJS, no types of its own). */
interface SaxonJsApi {
  transform(options: {
    stylesheetInternal: unknown;
    stylesheetBaseURI?: string;
    sourceText: string;
    destination: 'serialized';
  }): { principalResult: string };
}
const SaxonJS = createRequire(import.meta.url)('saxonjs-he') as SaxonJsApi;

// Decision 086: the official validators of a received e-invoice, run in a reader thread
// (reader-pool.ts): the XSD of its syntax and profile (libxml2 as WebAssembly, xmllint-wasm), then
// the official Schematrons compiled to SEF (scripts/einvoice-sef.mjs) through SaxonJS: the Factur-X
// Schematron of the CII's profile, the CEN EN 16931 rules (CII profiles BASIC and EN16931, and UBL),
// the French rules BR-FR (XP Z12-012). What they say decides: an XSD, profile or EN 16931 fatal
// failure refuses the file (422), a BR-FR fatal failure keeps it with its anomalies, warnings are
// listed and leave it « Conforme ». The stylesheets stay loaded in the thread once read.

declare const WORKPLACE_COMPILED: boolean | undefined;
const compiled = typeof WORKPLACE_COMPILED !== 'undefined' && WORKPLACE_COMPILED;
const at = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** The SEFs, their code lists and the XSDs: the build's cache, or the compiled server's copy. */
export const RULES_DIR =
  process.env.EINVOICE_RULES_DIR ||
  (compiled ? at('./einvoice-rules') : at('../../../../node_modules/.cache/einvoice-sef'));

/** The CII's profile from its guideline (BT-24); an unknown one is checked as EN16931, whose rules then name it. */
export function ciiProfileOf(xml: string): OfficialProfile {
  const m = /GuidelineSpecifiedDocumentContextParameter\b[^>]*>\s*<(?:[\w.-]+:)?ID\b[^>]*>([^<]*)</.exec(
    xml.slice(0, 64 * 1024),
  );
  const id = (m?.[1] ?? '').trim().toLowerCase();
  if (/:minimum$/.test(id)) return 'MINIMUM';
  if (/:basicwl$/.test(id)) return 'BASIC WL';
  if (/:basic$/.test(id)) return 'BASIC';
  if (/:extended$/.test(id)) return 'EXTENDED';
  return 'EN16931';
}

const PROFILE_FILES: Record<OfficialProfile, { dir: string; xsd: string; sef: string }> = {
  MINIMUM: { dir: 'MINIMUM', xsd: 'FACTUR-X_MINIMUM.xsd', sef: 'fx-minimum' },
  'BASIC WL': { dir: 'BASIC-WL', xsd: 'FACTUR-X_BASICWL.xsd', sef: 'fx-basicwl' },
  BASIC: { dir: 'BASIC', xsd: 'FACTUR-X_BASIC.xsd', sef: 'fx-basic' },
  EN16931: { dir: 'EN16931', xsd: 'FACTUR-X_EN16931.xsd', sef: 'fx-en16931' },
  EXTENDED: { dir: 'EXTENDED', xsd: 'FACTUR-X_EXTENDED.xsd', sef: 'fx-extended' },
};
/** The CII profiles that are EN 16931 invoices (BASIC is compliant, EXTENDED only conformant). */
const EN16931_PROFILES = new Set<OfficialProfile>(['BASIC', 'EN16931']);

interface Manifest {
  [name: string]: { sef: string; codedb: string | null };
}
let manifest: Manifest | null = null;
const stylesheets = new Map<string, { sef: unknown; baseUri: string }>();

function manifestOf(): Manifest {
  if (manifest) return manifest;
  const path = join(RULES_DIR, 'manifest.json');
  if (!existsSync(path))
    throw new Error(
      `Les règles officielles des factures électroniques ne sont pas compilées (${path} absent) : lancez node scripts/einvoice-sef.mjs.`,
    );
  return (manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest);
}

/** Whether the SEF of a stylesheet exists (the UBL French rules may be absent from a checkout). */
export function hasStylesheet(name: string): boolean {
  return name in manifestOf();
}

function stylesheet(name: string) {
  const known = stylesheets.get(name);
  if (known) return known;
  const entry = manifestOf()[name];
  if (!entry) throw new Error(`Règles officielles « ${name} » absentes de ${RULES_DIR}/manifest.json.`);
  const path = join(RULES_DIR, entry.sef);
  const loaded = { sef: JSON.parse(readFileSync(path, 'utf8')) as unknown, baseUri: pathToFileURL(path).href };
  stylesheets.set(name, loaded);
  return loaded;
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The failed asserts of one SVRL report, and how many rules fired. Successful reports are not
 * failures: the Factur-X Schematrons use them to tell what they saw (the official runs count only
 * failed asserts, tests/support/einvoice-validators.ts).
 */
export function readSvrl(svrl: string, validator: OfficialValidator): { failures: OfficialFailure[]; fired: number } {
  const fired = (svrl.match(/<svrl:fired-rule\b/g) ?? []).length;
  const failures: OfficialFailure[] = [];
  for (const m of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attrs = m[1];
    const flag = /\bflag="([^"]*)"/.exec(attrs)?.[1] === 'warning' ? 'warning' : 'fatal';
    const text = decode((/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2])?.[1] ?? '').replace(/\s+/g, ' ').trim());
    const ruleId = /\bid="([^"]*)"/.exec(attrs)?.[1] || /\[([A-Z]+-[A-Z0-9-]+)\]/.exec(text)?.[1] || '?';
    failures.push({ ruleId, flag, text, validator, message: frenchMessage(validator, ruleId, text) });
  }
  return { failures, fired };
}

// ── XSD ─────────────────────────────────────────────────────────────────────────────────────────

interface SchemaSet {
  schema: { fileName: string; contents: string };
  preload: { fileName: string; contents: string }[];
}
const schemas = new Map<string, SchemaSet>();

function schemaSet(key: string, dir: string, main: string, others: string[]): SchemaSet {
  const known = schemas.get(key);
  if (known) return known;
  const read = (name: string) => ({ fileName: name, contents: readFileSync(join(dir, name), 'utf8') });
  const set = { schema: read(main), preload: others.map(read) };
  schemas.set(key, set);
  return set;
}

function schemaFor(syntax: OfficialSyntax, profile: OfficialProfile, creditNote: boolean): SchemaSet {
  if (syntax === 'ubl') {
    const dir = join(RULES_DIR, 'schema/UBL_21');
    const common = readdirSync(join(dir, 'common')).map((f) => `common/${f}`);
    const main = creditNote ? 'maindoc/UBL-CreditNote-2.1.xsd' : 'maindoc/UBL-Invoice-2.1.xsd';
    return schemaSet(main, dir, main, common);
  }
  const p = PROFILE_FILES[profile];
  const dir = join(RULES_DIR, 'schema/ZF_250', p.dir);
  return schemaSet(
    p.dir,
    dir,
    p.xsd,
    readdirSync(dir).filter((f) => f !== p.xsd),
  );
}

/** Up to 20 schema errors, as libxml2 words them (« Element '…': This element is not expected. »). */
async function xsdFailures(xml: string, set: SchemaSet, label: string): Promise<OfficialFailure[]> {
  const result = await validateXML({
    xml: [{ fileName: 'facture.xml', contents: xml }],
    schema: [set.schema],
    preload: set.preload,
    // The reader's 20 Mo bound on the XML, and libxml2's tree of it.
    maxMemoryPages: 1024 * memoryPages.MiB,
  });
  if (result.valid) return [];
  return result.errors.slice(0, 20).map((e) => {
    const line = e.loc?.lineNumber ? `ligne ${e.loc.lineNumber} : ` : '';
    const text = `${line}${e.message}`;
    return {
      ruleId: 'XSD',
      flag: 'fatal',
      text,
      validator: 'xsd',
      message: `Le XML ne respecte pas le schéma XSD ${label} (${text}).`,
    };
  });
}

// ── Schematrons ─────────────────────────────────────────────────────────────────────────────────

function schematron(name: string, validator: OfficialValidator, xml: string): OfficialFailure[] {
  const { sef, baseUri } = stylesheet(name);
  let svrl: string;
  try {
    svrl = SaxonJS.transform({
      stylesheetInternal: sef,
      stylesheetBaseURI: baseUri,
      sourceText: xml,
      destination: 'serialized',
    }).principalResult;
  } catch (error) {
    // The stylesheet itself stopped (a dynamic error on this file): reported as the rules' failure.
    const text = error instanceof Error ? error.message : String(error);
    return [
      {
        ruleId: `${name}-ERREUR`,
        flag: validator === 'fr' ? 'warning' : 'fatal',
        text,
        validator,
        message: `${VALIDATOR_LABEL[validator]} : les règles se sont arrêtées sur ce fichier (${text}).`,
      },
    ];
  }
  const { failures, fired } = readSvrl(svrl, validator);
  if (fired === 0)
    failures.push({
      ruleId: 'AUCUNE-REGLE',
      flag: 'fatal',
      text: `No rule of ${name} fired`,
      validator,
      message: `${VALIDATOR_LABEL[validator]} : aucune règle ne s’applique, le fichier n’est pas lu comme une facture de ce format.`,
    });
  return failures;
}

/** Every official validator of the file's syntax and profile, in order: XSD, profile, EN 16931, BR-FR. */
export async function runOfficialRules(
  xml: string,
  syntax: OfficialSyntax,
  profile: OfficialProfile,
  opts: { creditNote?: boolean } = {},
): Promise<OfficialFailure[]> {
  const text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  const label = syntax === 'ubl' ? 'UBL 2.1' : `Factur-X ${profile}`;
  const failures = await xsdFailures(text, schemaFor(syntax, profile, opts.creditNote ?? false), label);
  if (syntax === 'cii') {
    failures.push(...schematron(PROFILE_FILES[profile].sef, 'profil', text));
    if (EN16931_PROFILES.has(profile)) failures.push(...schematron('cen-cii', 'en16931', text));
    failures.push(...schematron('fr-cii', 'fr', text));
  } else {
    failures.push(...schematron('cen-ubl', 'en16931', text));
    if (hasStylesheet('fr-ubl')) failures.push(...schematron('fr-ubl', 'fr', text));
  }
  return failures;
}
