// The invoices' public service (decision 080): what other modules may ask of the invoices, never
// through their tables (decision 023) — « Mon compte »'s read-only view of what the firm issued to
// its client and the card payments of it (decisions 043, 044), and the catalogue's retention check.
export {
  contentDisposition,
  customerDocumentPdf,
  customerBusinessDocuments,
  customerPayments,
  pdfResponse,
  type CustomerBusinessDocument,
  type CustomerPayment,
} from './firm-account-service';
export { recordProviderPayment, type ProviderPayment } from './card-payment-service';
export { customerHasValidatedInvoices } from './usage-service';
