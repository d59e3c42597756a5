import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '../../server/src/db/schema/index';
import { customerById, loadCompany } from '../../server/src/modules/invoices/context';
import { renderUbl } from '../../server/src/modules/invoices/e-invoice';
import { invoiceModel, invoicePdf } from '../../server/src/modules/invoices/invoice-pdf';
import { loadInvoice } from '../../server/src/modules/invoices/invoice-store';
import { extractFacturX, validateEInvoices } from '../support/einvoice-validators';
import { useTestServer } from '../support/use-test-server';

// Issue 18: EVERY invoice and credit note of the demo data is issued as a valid e-invoice. Each goes
// through the path a user's download takes (invoicePdf: the Factur-X rendered from the frozen
// document on first use, then kept), its factur-x.xml is extracted back from the PDF with pdfdetach,
// and its UBL is produced as GET /invoices/:id/ubl does. Inside `npm test` the files join the run's
// final check with the official validators (EINVOICE_ARCHIVE_DIR); run alone, this file checks them.

const env = useTestServer({ signIn: [] });

describe('the demo data as e-invoices (EN 16931)', () => {
  it('every validated invoice and credit note gives a Factur-X whose XML and UBL pass the official rules', async () => {
    const db = env.server.deps.db;
    const rows = await db
      .select({ id: invoices.id, companyId: invoices.companyId, type: invoices.type })
      .from(invoices)
      .where(eq(invoices.validated, true));
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.some((r) => r.type === 'Avoir')).toBe(true);

    const files: { name: string; xml: string; syntax: 'cii' | 'ubl' }[] = [];
    for (const { id, companyId } of rows) {
      const row = await loadInvoice(db, companyId, id);
      const pdf = await invoicePdf(db, row);
      const cii = await extractFacturX(pdf.bytes);
      expect(cii, row.invoice.number!).toContain(`<ram:ID>${row.invoice.number}</ram:ID>`);
      const model = invoiceModel(row, await loadCompany(db, companyId), await customerById(db, row.invoice.customerId));
      files.push({ name: `demo-${id}.cii.xml`, xml: cii, syntax: 'cii' });
      files.push({ name: `demo-${id}.ubl.xml`, xml: await renderUbl(model), syntax: 'ubl' });
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
  });
});
