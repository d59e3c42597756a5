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
// Decision 089: the lifecycle trail's pieces « Factures reçues » shares (the same wire, the same roles),
// and the incoming statuses about the invoices we sent.
export { lifecycleEventJson, recordPlatformRejection, recordSentInvoiceStatus, setByOf, type SetBy } from './lifecycle';
