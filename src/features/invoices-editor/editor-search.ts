// The editor routes' search params (decision 083: each screen reads them typed, from its route).

/** A server id is a number (?id=12); a document created offline is known by 'tmp-…' until the server numbers it. */
const idOf = (v: unknown): string | number => (typeof v === 'number' ? v : v == null ? '' : String(v));

export interface EditSearch {
  id: string | number;
  /** The invoice list's « Enregistrer un paiement » (?payer=1) opens the payment dialog at once. */
  payer?: 1;
}
// Any truthy `payer` asks for the dialog, as the follow-up has always read it.
export const editSearch = (search: Record<string, unknown>): EditSearch =>
  search.payer ? { id: idOf(search.id), payer: 1 } : { id: idOf(search.id) };

export interface NewInvoiceSearch {
  /** The invoice a new credit note corrects. */
  avoir?: string | number;
}
export const newInvoiceSearch = (search: Record<string, unknown>): NewInvoiceSearch =>
  search.avoir == null ? {} : { avoir: idOf(search.avoir) };
