import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { toCii, toEInvoice, toUbl } from '../../../../src/einvoice/index';
import { embedFacturX } from '../../../../src/einvoice/factur-x';
import { eInvoiceNumberProblem, INVOICE_ERRORS_TITLE } from '../../../../src/domain/invoice-checks';
import type { BusinessDocumentModel } from '../../../../src/pdf/types';
import { unprocessable } from '../../http/errors';
import { renderPdf } from './pdf-model';

// Decision 046: a validated invoice or credit note is issued as Factur-X — the PDF the
// customer reads, made PDF/A-3b, with the same data as EN 16931 CII attached as factur-x.xml — and
// can be downloaded as UBL 2.1. Both XML come from one model built from the frozen document, so the
// PDF, the CII and the UBL say the same thing.

/** The document's PDF with its CII embedded (Factur-X, EN 16931 profile). */
export async function renderFacturX(
  model: BusinessDocumentModel,
  issuedAt: Date,
  archiveDir?: string,
): Promise<Uint8Array> {
  // Decision 085: a number the platforms would refuse is never issued (our series always pass).
  const numberProblem = model.number ? eInvoiceNumberProblem(model.number) : null;
  if (numberProblem) throw unprocessable(INVOICE_ERRORS_TITLE, [numberProblem]);
  const einvoice = toEInvoice(model);
  const cii = toCii(einvoice);
  const pdf = await renderPdf(model);
  const bytes = await embedFacturX(pdf, cii, {
    title: `${model.kind === 'Avoir' ? 'Avoir' : 'Facture'} ${model.number}`,
    author: model.seller.name,
    creationDate: issuedAt,
  });
  await archiveForTests(archiveDir, model, { cii, ubl: () => toUbl(einvoice) });
  return bytes;
}

/** The same document as UBL 2.1 (Invoice, or CreditNote for a credit note). */
export async function renderUbl(model: BusinessDocumentModel, archiveDir?: string): Promise<string> {
  const einvoice = toEInvoice(model);
  const ubl = toUbl(einvoice);
  await archiveForTests(archiveDir, model, { ubl: () => ubl });
  return ubl;
}

/**
 * EINVOICE_ARCHIVE_DIR (tests only): every e-invoice produced is written there too, and the test run
 * validates them all at its end with the official validators (scripts/validate-einvoices.ts).
 */
async function archiveForTests(
  dir: string | undefined,
  model: BusinessDocumentModel,
  xml: { cii?: string; ubl: () => string },
): Promise<void> {
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const stem = `${(model.number ?? 'brouillon').replace(/[^\w.-]+/g, '_')}-${randomUUID().slice(0, 8)}`;
  if (xml.cii) await writeFile(join(dir, `${stem}.cii.xml`), xml.cii);
  await writeFile(join(dir, `${stem}.ubl.xml`), xml.ubl());
}
