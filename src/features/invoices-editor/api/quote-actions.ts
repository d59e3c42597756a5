// Quote state change and conversion into an invoice, through the outbox.
import { screenOutcome, type ScreenOutcome } from '../../../data/local-rows';
import { submitMutation } from '../../../data/outbox';
import type { QuoteStateLabel } from '../../../domain/types';
import { api } from '../../../contract/index';
import { queued } from '../../../data/api-call';
import type { InvoiceJson, QuoteJson } from '../types';

export async function changeQuoteState(
  companyId: number,
  docId: string | number,
  docKey: string,
  number: string | null,
  state: QuoteStateLabel,
): Promise<ScreenOutcome<QuoteJson>> {
  return screenOutcome(
    await submitMutation<QuoteJson>({
      ...queued(api.invoices.setQuoteState, { params: { id: docId }, body: { state } }),
      companyId,
      docKey,
      label: `Devis${number ? ` n° ${number}` : ''} : état « ${state} »`,
      kind: 'quote.state',
    }),
  );
}

/** The new invoice is created by the server; offline it is known by invoiceTempId until then. */
export async function convertQuote(
  companyId: number,
  docId: string | number,
  docKey: string,
  number: string | null,
  invoiceTempId: string,
): Promise<ScreenOutcome<InvoiceJson>> {
  return screenOutcome(
    await submitMutation<InvoiceJson>({
      ...queued(api.invoices.convertQuote, { params: { id: docId } }),
      companyId,
      docKey,
      createsTempId: invoiceTempId,
      label: `Transformation du devis${number ? ` n° ${number}` : ''} en facture`,
      kind: 'quote.convert',
    }),
  );
}
