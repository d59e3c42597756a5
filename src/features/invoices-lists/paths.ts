// The screens the lists lead to. The editor's routes (another module) take the document id,
// server or temporary, as ?id=.
export const NEW_INVOICE_PATH = '/mes-factures/ajouter-facture';
export const NEW_QUOTE_PATH = '/mes-factures/ajouter-devis';

export interface EditorTarget {
  to: string;
  search: { id: string | number };
  href: string;
}

export function editorTarget(kind: 'invoice' | 'quote', id: string | number): EditorTarget {
  const to = `/mes-factures/${kind === 'invoice' ? 'modifier-facture' : 'modifier-devis'}`;
  return { to, search: { id }, href: `${to}?id=${encodeURIComponent(String(id))}` };
}
