// The validated invoice's e-invoice files (decision 046): GET /api/invoices/:id/pdf (the stored PDF, a
// Factur-X: PDF/A-3 with its CII XML) and GET /api/invoices/:id/ubl (the same invoice in UBL 2.1),
// saved under the server's file name. Online only: both are the server's.
import { api } from '../../../contract/index';
import { callRaw } from '../../../data/api-call';
import { fileNameFromDisposition, saveBlob } from '../../../lib/download';

export type EInvoiceFormat = 'facturx' | 'ubl';

export async function downloadEInvoice(
  companyId: number,
  id: number,
  format: EInvoiceFormat,
  fallbackName: string,
): Promise<void> {
  const endpoint = format === 'ubl' ? api.invoices.invoiceUbl : api.invoices.invoicePdf;
  const response = await callRaw(endpoint, { params: { id }, companyId });
  saveBlob(await response.blob(), fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName));
}
