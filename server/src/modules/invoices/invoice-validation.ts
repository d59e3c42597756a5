import { and, eq } from 'drizzle-orm';
import { invoicePdfs, invoices, type CustomerSnapshot } from '../../db/schema/index';
import { findLedgerId } from '../catalogue/service';
import type { Tx } from '../../db/client';
import { conflict, unprocessable } from '../../http/errors';
import type { Deps } from '../../http/types';
import { customerById, loadCompany } from './context';
import { applyValidatedCreditNote } from './credit-balance';
import { loadInvoice } from './invoice-store';
import { invoiceErrors, rowAsPayload, throwIfErrors } from './invoice-write';
import { documentSearchText } from './search';
import { lockCompanyNumbering, takeNextNumber } from './numbering';
import { renderFacturX } from './e-invoice';
import { invoiceFileName, invoiceModel } from './invoice-pdf';
import { enqueueFlow } from '../platform/service';

export const ALREADY_VALIDATED = 'Cette facture est déjà validée.';
export const UNKNOWN_LEDGER = 'Le journal des ventes choisi est introuvable.';
export const SALES_LEDGER_CODE = 'VE';

async function resolveLedger(tx: Tx, companyId: number, id: number | null): Promise<number | null> {
  // Ledgers are the catalogue's (decision 023).
  const found = await findLedgerId(tx, companyId, id === null ? { code: SALES_LEDGER_CODE } : { id });
  if (found === null && id !== null) throw unprocessable(UNKNOWN_LEDGER, [UNKNOWN_LEDGER]);
  return found;
}

/**
 * Validates a draft in the caller's transaction (which gives the number back on any failure): the
 * gapless number, the frozen customer and seller, the Factur-X kept with it, and for a credit note
 * what the corrected invoice owes. Answers the PDF and its file name.
 */
export async function validateDraft(
  tx: Tx,
  deps: Deps,
  companyId: number,
  id: number,
  ledgerId: number | null,
  userId: number,
): Promise<{ pdf: Uint8Array; fileName: string }> {
  await lockCompanyNumbering(tx, companyId);
  // The draft itself too: a concurrent PUT or DELETE waits, then finds it validated (409).
  await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.companyId, companyId)))
    .for('update');
  const row = await loadInvoice(tx, companyId, id);
  const draft = row.invoice;
  if (draft.validated) throw conflict(ALREADY_VALIDATED);
  const { errors } = await invoiceErrors(
    tx,
    deps,
    companyId,
    rowAsPayload(draft, row.customer?.accountNumber ?? null),
    true,
  );
  throwIfErrors(errors);
  const ledger = await resolveLedger(tx, companyId, ledgerId);
  const company = await loadCompany(tx, companyId);
  const customer = await customerById(tx, draft.customerId);
  const taken = await takeNextNumber(
    tx,
    companyId,
    draft.type === 'Avoir' ? 'Avoir' : 'Facture',
    draft.createdAt as string,
  );
  const model = invoiceModel(row, company, customer, taken.number);
  // Decision 046: issued as Factur-X (PDF/A-3b with its EN 16931 CII), the file kept 10 years and mailed.
  const pdf = await renderFacturX(model, deps.now(), deps.config.env.EINVOICE_ARCHIVE_DIR);
  const fileName = invoiceFileName(model);
  const seller = model.seller;
  const snap = model.customer as CustomerSnapshot;
  await tx
    .update(invoices)
    .set({
      validated: true,
      number: taken.number,
      numberYear: taken.year,
      numberSeq: taken.seq,
      validatedAt: deps.now(),
      ledgerId: ledger,
      customerSnapshot: snap,
      sellerSnapshot: seller,
      // Decision 046: the company's default, when the invoice did not choose, is frozen with it.
      vatOnDebits: draft.vatOnDebits ?? company.vatOnDebits,
      updatedAt: deps.now(),
      searchText: documentSearchText([
        taken.number,
        draft.designation,
        snap.accountNumber,
        snap.socialReason,
        snap.contactName,
      ]),
    })
    .where(eq(invoices.id, id));
  await tx.insert(invoicePdfs).values({ invoiceId: id, fileName, bytes: pdf });
  // Decision 088: the e-invoice is queued for the company's platform in this same transaction — sent
  // if and only if the validation commits, whatever stops the server afterwards.
  await enqueueFlow(
    tx,
    { companyId, kind: 'invoice', sourceId: id, fileName, bytes: pdf, syntax: 'Factur-X', profile: 'CIUS' },
    deps.now(),
  );
  // A credit note: the invoice it corrects owes that much less from now on (decision 011).
  if (draft.type === 'Avoir')
    await applyValidatedCreditNote(
      tx,
      companyId,
      { id, number: taken.number, ttc: draft.ttc, correctedInvoiceId: draft.correctedInvoiceId },
      userId,
      deps.now(),
    );
  return { pdf, fileName };
}
