// The facts the credit-note limit needs on the device (issue 10): the corrected invoice and its
// validated credit notes, read from the server or, offline, from the copies kept when they were
// last opened. With them the editor refuses an over-credit before saving, in the rulebook's words
// (src/domain/credit-notes); without them it stays silent and the server judges (422).
import { useEffect, useState } from 'react';
import { creditNoteLimitErrors, type CreditableDocument } from '../../domain/credit-notes';
import { computeTotals } from '../../domain/totals';
import { loadDocument } from './api/documents';
import { loadFollowUp } from './api/follow-up';
import type { EditorForm } from './types';

interface Basis { invoice: CreditableDocument & { number: string | null }; prior: CreditableDocument[] }
const bases = new Map<number, Basis>();

/** The corrected invoice and its validated credit notes, as read (kept for this page's life). */
export function rememberCreditBasis(invoiceId: number, basis: Basis): void {
  bases.set(invoiceId, basis);
}

/** Every limit the credit note of `form` breaks, when its invoice's facts are on this device. */
export function creditLimitErrorsFor(form: Pick<EditorForm, 'type' | 'correctedInvoiceId' | 'lines' | 'discount'>): string[] {
  if (form.type !== 'Avoir' || !form.correctedInvoiceId) return [];
  const basis = bases.get(form.correctedInvoiceId);
  if (!basis) return [];
  const t = computeTotals(form.lines, form.discount); // net of the document discount (decision 012)
  return creditNoteLimitErrors(basis.invoice, basis.prior, { lines: form.lines, ttc: t.ttc, vatBreakdown: t.vatBreakdown });
}

/** Loads (network, else device copies) the basis of the invoice a credit note corrects. */
export function useCreditBasis(companyId: number, correctedInvoiceId: number | null): boolean {
  const [ready, setReady] = useState(() => correctedInvoiceId !== null && bases.has(correctedInvoiceId));
  useEffect(() => {
    if (correctedInvoiceId === null) return;
    let live = true;
    void (async () => {
      const [doc, follow] = await Promise.all([loadDocument('invoice', companyId, correctedInvoiceId), loadFollowUp(companyId, correctedInvoiceId)]);
      if (doc.status !== 'ok' || !follow) return;
      rememberCreditBasis(correctedInvoiceId, {
        invoice: { number: doc.doc.number, lines: doc.doc.lines, ttc: doc.doc.totals.ttc, vatBreakdown: doc.doc.vatBreakdown },
        prior: follow.data.creditNotes.filter((c) => c.validated),
      });
      if (live) setReady(true);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [companyId, correctedInvoiceId]);
  return ready;
}
