// npx tsx scripts/validate-einvoices.ts <dossier>: checks every *.cii.xml and *.ubl.xml file of a
// directory with the official validators, offline (tests/support/einvoice-validators.ts: XSD +
// Factur-X and CEN Schematrons + the French platform rules, BR-FR, decision 085). A file fails on any
// fatal failed-assert, and when no rule of a stylesheet fired on it. One line per failing file with the rules that failed, then a
// total; exit code 1 on any failure (2 on a usage error). Decision 046: the test run drops
// every XML the server produces into such a directory and calls this at the end.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { validateEInvoices, type EInvoiceReport, type EInvoiceSyntax } from '../tests/support/einvoice-validators';

const dir = process.argv[2];
if (!dir) {
  console.error('Usage : npx tsx scripts/validate-einvoices.ts <dossier>');
  process.exit(2);
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

async function main(): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => /\.(cii|ubl)\.xml$/i.test(n)).sort();
  } catch (error) {
    console.error(`Impossible de lire le dossier ${dir} : ${(error as Error).message}`);
    return 2;
  }
  const files = await Promise.all(
    names.map(async (name) => ({
      name,
      xml: await readFile(join(dir, name), 'utf8'),
      syntax: (/\.cii\.xml$/i.test(name) ? 'cii' : 'ubl') as EInvoiceSyntax,
    })),
  );
  const reports: Map<string, EInvoiceReport> = files.length ? await validateEInvoices(files) : new Map();
  let failing = 0;
  for (const name of names) {
    const r = reports.get(name);
    if (!r || (r.schemaOk && r.failures.length === 0 && r.firedRules > 0)) continue;
    failing += 1;
    const rules = [...new Set(r.failures.map((f) => f.id))].join(', ');
    console.log(`${name} : ${rules || 'aucune règle appliquée'}`);
    for (const f of r.failures.slice(0, 5)) console.log(`  ${f.validator} ${f.id} : ${f.text.split('\n')[0]}`);
  }
  console.log(
    `${plural(names.length, 'facture électronique contrôlée', 'factures électroniques contrôlées')}, ${plural(failing, 'erreur', 'erreurs')}`,
  );
  return failing ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
