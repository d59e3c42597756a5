// The row actions of the lists. Changes go through the outbox (online or offline) and the
// device's copy follows at once; the refresh after a change brings the server's version
// (the invoices and quotes tables refresh after a done 'invoice.*' / 'quote.*' change: their
// refreshAfter in src/data/datasets.ts).
import { patchLocalRow, screenOutcome, type ScreenOutcome } from '../../../data/local-rows';
import { newTempId, submitMutation } from '../../../data/outbox';
import { todayInParis } from '../../../domain/dates';
import type { QuoteStateLabel } from '../../../domain/types';
import { fileNameFromDisposition, saveBlob } from '../../../lib/download';
import { api } from '../../../contract/index';
import { callRaw, queued } from '../../../data/api-call';
import { customerLabel, type InvoiceListRow, type QuoteListRow } from '../list-model';

/** Rewrites one row of the device's copy (a change made here shows before the next refresh). */
export const patchCachedRow = <T>(
  table: 'invoices' | 'quotes',
  companyId: number,
  id: string | number,
  patch: (row: T) => T,
): Promise<void> => patchLocalRow(table, companyId, id, patch);

/** PUT /api/invoices/:id/payment { paidAt: today | null } (validated invoices only). */
export async function setInvoicePaid(
  companyId: number,
  row: InvoiceListRow,
  paid: boolean,
): Promise<ScreenOutcome<unknown>> {
  const paidAt = paid ? todayInParis(new Date()) : null;
  const outcome = await screenOutcome(
    await submitMutation({
      ...queued(api.invoices.markPaid, { params: { id: row.id }, body: { paidAt } }),
      companyId,
      docKey: `invoice:${row.id}`,
      kind: 'invoice.payment',
      label: `Facture ${row.number ?? ''} marquée ${paid ? 'payée' : 'non payée'}`.replace(/\s+/g, ' '),
    }),
  );
  if (outcome.status !== 'failed')
    await patchCachedRow<InvoiceListRow>('invoices', companyId, row.id, (r) => ({
      ...r,
      invoice: { ...r.invoice, paidAt, ...(paidAt ? {} : { amountPaid: 0 }) },
    }));
  return outcome;
}

/** PATCH /api/estimates/:id { state } (QUO-13: the label is sent). */
export async function changeQuoteState(
  companyId: number,
  row: QuoteListRow,
  state: QuoteStateLabel,
): Promise<ScreenOutcome<QuoteListRow>> {
  const outcome = await screenOutcome(
    await submitMutation<QuoteListRow>({
      ...queued(api.invoices.setQuoteState, { params: { id: row.id }, body: { state } }),
      companyId,
      docKey: `quote:${row.id}`,
      kind: 'quote.state',
      label: `Devis ${row.number ?? ''} : état « ${state} »`,
    }),
  );
  if (outcome.status !== 'failed')
    await patchCachedRow<QuoteListRow>('quotes', companyId, row.id, (r) => ({ ...r, state }));
  return outcome;
}

/** POST /api/estimates/:id/convert → the new draft invoice (its id opens the invoice form). */
export async function convertQuote(companyId: number, row: QuoteListRow): Promise<ScreenOutcome<{ id: number }>> {
  return screenOutcome(
    await submitMutation<{ id: number }>({
      ...queued(api.invoices.convertQuote, { params: { id: row.id } }),
      companyId,
      docKey: `quote:${row.id}`,
      kind: 'quote.convert',
      label: `Transformation du devis ${row.number ?? ''} en facture (${customerLabel(row.customer)})`,
      createsTempId: newTempId(),
    }),
  );
}

/** GET /api/invoices/:id/pdf or /api/estimates/:id/pdf, saved under the server's file name. */
export async function downloadPdf(
  resource: 'invoices' | 'estimates',
  id: string | number,
  fallbackName: string,
): Promise<void> {
  const response = await callRaw(resource === 'invoices' ? api.invoices.invoicePdf : api.invoices.quotePdf, {
    params: { id },
  });
  saveBlob(await response.blob(), fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName));
}

/** GET /api/invoices/:id/ubl (decision 046): the validated invoice in UBL 2.1, saved under the server's file name. */
export async function downloadUbl(id: string | number, fallbackName: string): Promise<void> {
  const response = await callRaw(api.invoices.invoiceUbl, { params: { id } });
  saveBlob(await response.blob(), fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName));
}
