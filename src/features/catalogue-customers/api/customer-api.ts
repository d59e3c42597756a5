// Reads of the customer sheet: GET /api/customers/:accountNumber and the customer's quotes and
// invoices, GET /api/customers/:accountNumber/documents.
import { api } from '../../../contract/index';
import { call, type Answer } from '../../../data/api-call';

export const fetchCustomer = (accountNumber: string, signal?: AbortSignal) =>
  call(api.catalogue.getCustomer, { params: { accountNumber }, options: { signal } });

export type CustomerDocuments = Answer<typeof api.invoices.customerDocuments>;
/** A row of GET /api/factures (INV-18: id, customer, type, number, estimate, invoice). */
export type CustomerInvoiceRow = CustomerDocuments['invoices'][number];
/** A row of GET /api/estimates. */
export type CustomerQuoteRow = CustomerDocuments['quotes'][number];

export const fetchCustomerDocuments = (accountNumber: string, signal?: AbortSignal) =>
  call(api.invoices.customerDocuments, { params: { accountNumber }, options: { signal } });
