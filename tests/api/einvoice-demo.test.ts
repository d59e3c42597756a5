import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '../../server/src/db/schema/index';
import { customerById, loadCompany } from '../../server/src/modules/invoices/context';
import { invoiceModel, invoicePdf } from '../../server/src/modules/invoices/invoice-pdf';
import { loadInvoice } from '../../server/src/modules/invoices/invoice-store';
import { toCii, toEInvoice, toUbl } from '../../src/einvoice/index';
import { extractFacturX, validateEInvoices } from '../support/einvoice-validators';
import { useTestServer } from '../support/use-test-server';

// Decision 046: EVERY invoice and credit note of the demo data is issued as a valid e-invoice: its CII
// and its UBL are built from the frozen document as the server builds them (validation, download).
// For the first document of each company and every credit note, the path of a user's download is
// walked too (invoicePdf: the Factur-X rendered on first use, then kept) and the factur-x.xml
// extracted from that PDF with pdfdetach must be the very same XML. Inside `npm test` the files join
// the run's final check with the official validators (EINVOICE_ARCHIVE_DIR); alone, this file checks them.
// Decision 085: the official validators include the French platform rules (BR-FR, CII and UBL), so
// every demo document must also carry BT-23, both electronic addresses and the PMT/PMD/AAB notes.

const env = useTestServer({ signIn: [] });

describe('the demo data as e-invoices (EN 16931 and the French platform rules)', () => {
  it('every validated invoice and credit note gives a CII and a UBL that pass the official rules, the same CII as in its Factur-X', async () => {
    const db = env.server.deps.db;
    const rows = await db
      .select({ id: invoices.id, companyId: invoices.companyId, type: invoices.type })
      .from(invoices)
      .where(eq(invoices.validated, true))
      .orderBy(invoices.id);
    expect(rows.length).toBeGreaterThan(80);
    expect(rows.some((r) => r.type === 'Avoir')).toBe(true);

    const files: { name: string; xml: string; syntax: 'cii' | 'ubl' }[] = [];
    const walked = new Set<number>();
    for (const { id, companyId, type } of rows) {
      const row = await loadInvoice(db, companyId, id);
      const model = invoiceModel(row, await loadCompany(db, companyId), await customerById(db, row.invoice.customerId));
      const einvoice = toEInvoice(model);
      // Decision 085: what the French rules check is there (the validators below judge it whole).
      expect(einvoice.billingFramework, row.invoice.number!).toMatch(/^[BSM][14]$/);
      expect(einvoice.seller.electronicAddress?.scheme, row.invoice.number!).toBe('0225');
      expect(einvoice.buyer.electronicAddress, row.invoice.number!).toBeDefined();
      const cii = toCii(einvoice);
      if (!walked.has(companyId) || type === 'Avoir') {
        walked.add(companyId);
        const pdf = await invoicePdf(db, row);
        expect(await extractFacturX(pdf.bytes), row.invoice.number!).toBe(cii);
      }
      files.push({ name: `demo-${id}.cii.xml`, xml: cii, syntax: 'cii' });
      files.push({ name: `demo-${id}.ubl.xml`, xml: toUbl(einvoice), syntax: 'ubl' });
    }

    const archive = process.env.EINVOICE_ARCHIVE_DIR;
    if (archive) {
      await mkdir(archive, { recursive: true });
      await Promise.all(files.map((f) => writeFile(join(archive, f.name), f.xml)));
      return;
    }
    const reports = await validateEInvoices(files);
    const failing = [...reports].filter(([, r]) => !r.schemaOk || r.failures.length > 0 || r.firedRules === 0);
    expect(failing.map(([name, r]) => `${name}: ${r.schemaErrors} ${r.failures.map((f) => f.id).join(', ')}`)).toEqual(
      [],
    );
    // Alone about 20 s (Saxon's JVMs); a full `npm test` on a slow day stretched it past 60 s.
  }, 180_000);
});
