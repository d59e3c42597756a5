import { formatCount } from '../../../../src/domain/format';
import { checkEInvoice } from '../../../../src/einvoice/checks';
import { parseEInvoice, type ParsedSupplierInvoice } from '../../../../src/einvoice/parse';
import type { EInvoiceFinding } from '../../../../src/einvoice/types';

// Reading a supplier's file into what a received invoice's row holds: pure (no database, no I/O),
// run in a worker thread for uploads (reader-pool.ts, decision 074) and in the calling thread for
// the demo's own files (the seed).

/** A supplier's file read and checked: what goes in the row. */
export interface ReadInvoice {
  parsed: ParsedSupplierInvoice;
  findings: EInvoiceFinding[];
  kind: 'Facture' | 'Avoir';
  supplierKey: string;
}

/** The findings a row keeps (a real invoice has a handful; the rest are counted in one more). */
export const MAX_FINDINGS = 1_000;

/** Reads and checks a file; throws EInvoiceReadError (415 / 422) when it is no readable e-invoice. */
export async function readSupplierInvoice(bytes: Uint8Array, fileName: string): Promise<ReadInvoice> {
  const parsed = await parseEInvoice(bytes, fileName);
  const all = [...parsed.readFindings, ...checkEInvoice(parsed.invoice, parsed.raw)];
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
  };
}

/** The supplier for duplicates: SIREN, else VAT number, else the name (case and spaces ignored). */
export function supplierKeyOf(seller: { name: string; siren?: string; vatNumber?: string }): string {
  if (seller.siren) return `siren:${seller.siren}`;
  if (seller.vatNumber) return `tva:${seller.vatNumber.replace(/\s/g, '').toUpperCase()}`;
  return `nom:${seller.name.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim()}`;
}
