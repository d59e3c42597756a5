// The facts the credit-note limit needs on the device (decision 011): the corrected invoice and its
// validated credit notes, read from the server or, offline, from the copies kept when they were
// last opened. With them the editor refuses an over-credit before saving, in the rulebook's words
// (src/domain/credit-notes); without them it stays silent and the server judges (422).
import { defineServerData } from '../../data/sync/server-data';
import { useServerData } from '../../data/sync/use-server-data';
import { creditNoteLimitErrors, type CreditableDocument } from '../../domain/credit-notes';
import { computeTotals } from '../../domain/totals';
import { loadBusinessDocument } from './api/business-documents';
import { loadFollowUp } from './api/follow-up';
import type { EditorForm } from './types';

interface Basis {
  invoice: CreditableDocument & { number: string | null };
  prior: CreditableDocument[];
}
const bases = new Map<number, Basis>();

/** The corrected invoice and its validated credit notes, as read (kept for this page's life). */
export function rememberCreditBasis(invoiceId: number, basis: Basis): void {
  bases.set(invoiceId, basis);
}

/** Every limit the credit note of `form` breaks, when its invoice's facts are on this device. */
export function creditLimitErrorsFor(
  form: Pick<EditorForm, 'type' | 'correctedInvoiceId' | 'lines' | 'discount'>,
): string[] {
  if (form.type !== 'Avoir' || !form.correctedInvoiceId) return [];
  const basis = bases.get(form.correctedInvoiceId);
  if (!basis) return [];
  const t = computeTotals(form.lines, form.discount); // net of the document discount (decision 012)
  return creditNoteLimitErrors(basis.invoice, basis.prior, {
    lines: form.lines,
    ttc: t.ttc,
    vatBreakdown: t.vatBreakdown,
  });
}

// The basis is remembered by the fetch itself: the editor's checks (creditLimitErrorsFor) read it
// synchronously. Both api functions fall back to the device's copies offline.
const creditBasisData = defineServerData<{ invoiceId: number }, Basis | null>({
  key: 'creditBasis',
  keep: 'memory',
  readsDevice: true,
  refreshAfter: ['invoice'],
  fetch: async ({ invoiceId }, { companyId }) => {
    const [doc, follow] = await Promise.all([
      loadBusinessDocument('invoice', companyId, invoiceId),
      loadFollowUp(companyId, invoiceId),
    ]);
    if (doc.status !== 'ok' || !follow) return null;
    const basis = {
      invoice: {
        number: doc.doc.number,
        lines: doc.doc.lines,
        ttc: doc.doc.totals.ttc,
        vatBreakdown: doc.doc.vatBreakdown,
      },
      prior: follow.data.creditNotes.filter((c) => c.validated),
    };
    rememberCreditBasis(invoiceId, basis);
    return basis;
  },
});

/** Loads (network, else device copies) the basis of the invoice a credit note corrects. */
export function useCreditBasis(companyId: number, correctedInvoiceId: number | null): boolean {
  const read = useServerData(
    creditBasisData,
    correctedInvoiceId === null ? null : { invoiceId: correctedInvoiceId },
    companyId,
  );
  return correctedInvoiceId !== null && (!!read.data || bases.has(correctedInvoiceId));
}
