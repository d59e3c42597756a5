// Decision 086: the official e-invoice stylesheets (Factur-X profile Schematrons, CEN EN 16931, French
// BR-FR rules) compiled once to SaxonJS's SEF form, which the server's reader threads load
// (server/src/modules/received-invoices/official-check.ts). A compilation takes 10 to 20 s: each SEF
// is cached under node_modules/.cache/einvoice-sef/, named by its stylesheet's SHA-256, so a changed
// stylesheet is compiled again and an unchanged one never. `manifest.json` there names the SEF of
// every stylesheet; the compiled server carries a copy (scripts/build-server.mjs).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SEF_CACHE = 'node_modules/.cache/einvoice-sef';

const FX = 'tests/validators/einvoice/xslt/ZF_250';
/** name → stylesheet (and the code list its document() calls read beside it). */
export const STYLESHEETS = {
  'fx-minimum': { xslt: `${FX}/FACTUR-X_MINIMUM.xslt`, codedb: `${FX}/FACTUR-X_MINIMUM_codedb.xml` },
  'fx-basicwl': { xslt: `${FX}/FACTUR-X_BASIC-WL.xslt`, codedb: `${FX}/FACTUR-X_BASIC-WL_codedb.xml` },
  'fx-basic': { xslt: `${FX}/FACTUR-X_BASIC.xslt`, codedb: `${FX}/FACTUR-X_BASIC_codedb.xml` },
  'fx-en16931': { xslt: `${FX}/FACTUR-X_EN16931.xslt`, codedb: `${FX}/FACTUR-X_EN16931_codedb.xml` },
  'fx-extended': { xslt: `${FX}/saxonjs/FACTUR-X_EXTENDED.xslt`, codedb: `${FX}/FACTUR-X_EXTENDED_codedb.xml` },
  'cen-cii': { xslt: 'tests/validators/einvoice/xslt/en16931schematron/EN16931-CII-validation.xslt' },
  'cen-ubl': { xslt: 'tests/validators/einvoice/xslt/en16931schematron/EN16931-UBL-validation.xslt' },
  'fr-cii': { xslt: 'tests/validators/fnfe-fr/cii/BR-FR-Flux2-Schematron-CII.xslt' },
  'fr-ubl': { xslt: 'tests/validators/fnfe-fr/ubl/BR-FR-Flux2-Schematron-UBL.xslt' },
};

const sha256 = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');

function compile(xslt, out) {
  const cli = createRequire(import.meta.url).resolve('xslt3-he/xslt3.js');
  return new Promise((done, fail) => {
    // -relocate:on: document('…_codedb.xml') is read beside the SEF, wherever it is copied.
    const child = spawn(process.execPath, [cli, `-xsl:${xslt}`, `-export:${out}`, '-nogo', '-relocate:on'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 && existsSync(out)
        ? done()
        : fail(new Error(`xslt3-he a échoué sur ${xslt} :\n${stderr.slice(-2000)}`)),
    );
  });
}

/**
 * Compiles the SEFs missing from the cache (two at once) and writes the manifest; answers its path.
 * Parallel callers may compile the same SEF twice: each writes a temporary file, then renames it.
 */
export async function ensureEInvoiceSefs({ root = ROOT, log = () => {} } = {}) {
  const dir = join(root, SEF_CACHE);
  mkdirSync(dir, { recursive: true });
  const manifest = {};
  const todo = [];
  for (const [name, s] of Object.entries(STYLESHEETS)) {
    const xslt = join(root, s.xslt);
    if (!existsSync(xslt)) continue; // a stylesheet not in this checkout: its checks say so at run time
    const file = `${name}-${sha256(xslt).slice(0, 16)}.sef.json`;
    manifest[name] = { sef: file, codedb: s.codedb ? s.codedb.split('/').pop() : null };
    if (s.codedb) copyFileSync(join(root, s.codedb), join(dir, s.codedb.split('/').pop()));
    if (!existsSync(join(dir, file))) todo.push({ name, xslt, file });
  }
  // The XSDs too: the readers validate against them from the same folder (xmllint-wasm).
  cpSync(join(root, 'tests/validators/einvoice/schema'), join(dir, 'schema'), { recursive: true });
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const t = todo[next++];
      const started = Date.now();
      const tmp = join(dir, `.${t.file}.${process.pid}.tmp.json`);
      await compile(t.xslt, tmp);
      renameSync(tmp, join(dir, t.file));
      log(
        `Règles officielles ${t.name} compilées en ${((Date.now() - started) / 1000).toFixed(1).replace('.', ',')} s`,
      );
    }
  };
  await Promise.all([worker(), worker()]);
  const path = join(dir, 'manifest.json');
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(manifest, null, 1));
  renameSync(tmp, path);
  return path;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await ensureEInvoiceSefs({ log: console.log });
  console.log(`Règles officielles des factures électroniques prêtes (${SEF_CACHE}/).`);
}
