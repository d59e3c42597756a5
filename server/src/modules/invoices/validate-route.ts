import { and, eq } from 'drizzle-orm';
import { invoicePdfs, invoices, type CustomerSnapshot } from '../../db/schema/index';
import { findLedgerId } from '../catalogue/references-service';
import type { Tx } from '../../db/client';
import { conflict, unprocessable } from '../../http/errors';
import { recordIdempotentResponse } from '../../http/idempotency';
import type { createModule } from '../../http/route';
import { api } from '../../../../src/contract/index';
import type { Deps } from '../../http/types';
import { idParam } from '../../http/validate';
import { customerById, loadCompany } from './context';
import { applyValidatedCreditNote } from './credit-balance';
import { invoiceRight } from './http-helpers';
import { loadInvoice, toInvoiceJson } from './invoice-store';
import { invoiceErrors, rowAsPayload, throwIfErrors } from './invoice-write';
import { documentSearchText } from './search';
import { lockCompanyNumbering, takeNextNumber } from './numbering';
import { renderFacturX } from './e-invoice';
import { invoiceFileName, invoiceModel } from './invoice-pdf';

type Route = ReturnType<typeof createModule>['route'];

export const ALREADY_VALIDATED = 'Cette facture est déjà validée.';
export const UNKNOWN_LEDGER = 'Le journal des ventes choisi est introuvable.';
export const SALES_LEDGER_CODE = 'VE';

async function resolveLedger(tx: Tx, companyId: number, id: number | null): Promise<number | null> {
  // Ledgers are the catalogue's (decision 023).
  const found = await findLedgerId(tx, companyId, id === null ? { code: SALES_LEDGER_CODE } : { id });
  if (found === null && id !== null) throw unprocessable(UNKNOWN_LEDGER, [UNKNOWN_LEDGER]);
  return found;
}

export function validateRoute(deps: Deps, route: Route) {
  route(api.invoices.validateInvoice, { right: invoiceRight('edit') }, async (c, { body }) => {
    const companyId = c.get('company').id;
    const id = idParam(c);
    // One transaction: any failure (a rule, the PDF, the database) gives the number back.
    const answer = await deps.db.transaction(async (tx) => {
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
      const ledger = await resolveLedger(tx, companyId, body);
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
      // A credit note: the invoice it corrects owes that much less from now on (decision 011).
      if (draft.type === 'Avoir')
        await applyValidatedCreditNote(
          tx,
          companyId,
          { id, number: taken.number, ttc: draft.ttc, correctedInvoiceId: draft.correctedInvoiceId },
          c.get('user').id,
          deps.now(),
        );
      const json = {
        file: Buffer.from(pdf).toString('base64'),
        fileName,
        invoice: toInvoiceJson(await loadInvoice(tx, companyId, id)),
      };
      await recordIdempotentResponse(tx, c, 200, json);
      return json;
    });
    return c.json(answer);
  });
}
