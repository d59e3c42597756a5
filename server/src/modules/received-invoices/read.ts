import { formatCount } from '../../../../src/domain/format';
import { parseEInvoice, type ParsedSupplierInvoice } from '../../../../src/einvoice/parse';
import type { EInvoiceFinding } from '../../../../src/einvoice/types';
import { OfficialRefusal, type OfficialFailure, type OfficialReport } from './official-report';
import { ciiProfileOf, runOfficialRules, verdictOf } from './official-rules';

// Reading a supplier's file into what a received invoice's row holds: no database, run in a worker
// thread (reader-pool.ts, decision 074). The verdict is the official validators' (decision 086):
// refused (415 / 422, nothing stored), kept with its anomalies (the French rules), or « Conforme ».

/** A supplier's file read and checked: what goes in the row. */
export interface ReadInvoice {
  parsed: ParsedSupplierInvoice;
  findings: EInvoiceFinding[];
  kind: 'Facture' | 'Avoir';
  supplierKey: string;
  /** The official validators' report (its failures are the row's findings). */
  official: OfficialReport;
}

/** The findings a row keeps (a real invoice has a handful; the rest are counted in one more). */
export const MAX_FINDINGS = 1_000;

/** Reads and checks a file; throws EInvoiceReadError (415 / 422) when it is no readable e-invoice. */
export async function readSupplierInvoice(bytes: Uint8Array, fileName: string): Promise<ReadInvoice> {
  const parsed = await parseEInvoice(bytes, fileName);
  const official = await officialReportOf(parsed);
  if (official.verdict === 'refused') {
    const fatal = official.failures.filter((f) => f.flag === 'fatal' && f.validator !== 'fr');
    const rules = [...new Set(fatal.map((f) => f.ruleId))];
    throw new OfficialRefusal(
      `La facture « ${fileName} » est refusée : elle ne respecte pas ${rules.length === 1 ? 'la règle officielle' : 'les règles officielles'} ${rules.slice(0, 10).join(', ')}${rules.length > 10 ? '…' : ''} (${profileLabel(official)}).`,
      fatal.slice(0, 50).map((f) => f.message),
      official,
    );
  }
  const all = official.failures.map(findingOf);
  const findings = all.length <= MAX_FINDINGS ? all : all.slice(0, MAX_FINDINGS);
  if (all.length > MAX_FINDINGS)
    findings.push({
      rule: 'ANOMALIES',
      severity: 'erreur',
      message: `Et ${formatCount(all.length - MAX_FINDINGS, 'autre anomalie', 'autres anomalies')}, non détaillées.`,
    });
  return {
    parsed,
    findings,
    kind: parsed.invoice.typeCode === '381' ? 'Avoir' : 'Facture',
    supplierKey: supplierKeyOf(parsed.invoice.seller),
    official,
  };
}

const profileLabel = (r: OfficialReport) => (r.syntax === 'ubl' ? 'UBL 2.1, EN 16931' : `Factur-X ${r.profile}`);

/** A failure as the row keeps it: the French rules' fatal ones are anomalies, warnings stay warnings. */
const findingOf = (f: OfficialFailure): EInvoiceFinding => ({
  rule: f.ruleId,
  severity: f.flag === 'fatal' ? 'erreur' : 'avertissement',
  // The screen shows the rule's id beside its message: not twice.
  message: f.message.startsWith(`${f.ruleId} : `) ? f.message.slice(f.ruleId.length + 3) : f.message,
});

/**
 * Past these, the official Schematrons under SaxonJS outgrow the reader's 30 s (their rules walk the
 * whole invoice for each line: 100 lines 4 s, 400 lines 15 s, 1 000 lines 65 s, measured here;
 * decision 086). Such a file is kept, never « Conforme »: one anomaly says the rules were not run.
 */
export const OFFICIAL_MAX_LINES = 250;
export const OFFICIAL_MAX_XML_CHARS = 1024 * 1024;

/** The official validators of the file's syntax and profile, on the XML the parser read. */
export async function officialReportOf(parsed: ParsedSupplierInvoice): Promise<OfficialReport> {
  const syntax = parsed.format === 'ubl' ? 'ubl' : 'cii';
  const profile = syntax === 'cii' ? ciiProfileOf(parsed.xmlText) : 'EN16931';
  const lines = parsed.invoice.lines.length;
  if (lines > OFFICIAL_MAX_LINES || parsed.xmlText.length > OFFICIAL_MAX_XML_CHARS) {
    const text = `La facture est trop grande pour le contrôle officiel du portail (${formatCount(lines, 'ligne', 'lignes')}, au-delà de ${OFFICIAL_MAX_LINES} lignes ou de 1 Mo de XML) : ses règles (XSD, Factur-X, EN 16931, règles françaises) n’ont pas été appliquées. Vérifiez-la avant de la comptabiliser.`;
    const failures = [
      { ruleId: 'CONTROLE-OFFICIEL', flag: 'fatal' as const, text, validator: 'portail' as const, message: text },
    ];
    return { ...verdictOf(failures), syntax, profile, failures };
  }
  const failures = await runOfficialRules(parsed.xmlText, syntax, profile, { creditNote: parsed.creditNote });
  return { ...verdictOf(failures), syntax, profile, failures };
}

/** The supplier for duplicates: SIREN, else VAT number, else the name (case and spaces ignored). */
export function supplierKeyOf(seller: { name: string; siren?: string; vatNumber?: string }): string {
  if (seller.siren) return `siren:${seller.siren}`;
  if (seller.vatNumber) return `tva:${seller.vatNumber.replace(/\s/g, '').toUpperCase()}`;
  return `nom:${seller.name.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim()}`;
}
