// Decision 046: e-invoicing (EN 16931). Pure modules only; the Factur-X container (factur-x.ts) is
// imported on its own where a PDF is built.
export * from './types';
export { toEInvoice, addressOf, type ToEInvoiceExtra } from './from-business-document';
export { toCii } from './cii';
export { toUbl } from './ubl';
export { unitCode } from './units';
export { vatCategoryOf, EU_COUNTRIES, type VatCategoryInput, type VatCategoryResult } from './vat-category';
