import { hasChildRight, type AppRight } from '../../../../src/domain/rights';

// Who may read customers and articles (issue 9 item 8, decision 008). The lists are the
// gestionClients / gestionArticles screens' own data; the invoice and quote editors also need
// them to pick a customer and add articles, so a user who may write invoices or quotes reads
// them too (through the environment and the one-customer read), without the management screens.

type Rights = readonly AppRight[] | null | undefined;
const MENU = 'mesFactures';

/** May create or edit invoices or quotes: the editors pick customers and articles. */
export function mayWriteDocuments(rights: Rights): boolean {
  return ['listeFactures', 'listeDevis'].some((child) => hasChildRight(rights, MENU, child, 'create') || hasChildRight(rights, MENU, child, 'edit'));
}

export const mayReadCustomers = (rights: Rights) => hasChildRight(rights, MENU, 'gestionClients', 'view') || mayWriteDocuments(rights);
export const mayReadArticles = (rights: Rights) => hasChildRight(rights, MENU, 'gestionArticles', 'view') || mayWriteDocuments(rights);
