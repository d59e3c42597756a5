// The screens the lists lead to (the editor's routes take the document id, temporary or not, as ?id=).
export const NEW_INVOICE_PATH = '/mes-factures/ajouter-facture';
export const NEW_QUOTE_PATH = '/mes-factures/ajouter-devis';

export function editorHref(kind: 'invoice' | 'quote', id: string | number): string {
  return `/mes-factures/${kind === 'invoice' ? 'modifier-facture' : 'modifier-devis'}?id=${encodeURIComponent(String(id))}`;
}
