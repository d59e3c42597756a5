import { can, type AppRight } from '../../../../src/domain/rights';

// Superseded by can() (src/domain/rights.ts, decision 023): the routes call can(subjectOf(c),
// 'readCustomers' | 'readArticles' | 'writeInvoicingDocuments') directly. Nothing imports this
// file any more; it is kept only until the lead removes it (helpers do not delete others' files).

type Rights = readonly AppRight[] | null | undefined;

export const mayWriteDocuments = (rights: Rights) => can({ appRights: rights }, 'writeInvoicingDocuments');
export const mayReadCustomers = (rights: Rights) => can({ appRights: rights }, 'readCustomers');
export const mayReadArticles = (rights: Rights) => can({ appRights: rights }, 'readArticles');
