// Reads of the customer sheet: GET /api/customers/:accountNumber and the customer's quotes and
// invoices, GET /api/customers/:accountNumber/documents.
import { api } from '../../../contract/index';
import { call, type Answer } from '../../../data/api-call';

export const fetchCustomer = (accountNumber: string, signal?: AbortSignal) =>
  call(api.catalogue.getCustomer, { params: { accountNumber }, options: { signal } });

export type CustomerBusinessDocuments = Answer<typeof api.invoices.customerBusinessDocuments>;
/** A row of GET /api/factures (INV-18: id, customer, type, number, estimate, invoice). */
export type CustomerInvoiceRow = CustomerBusinessDocuments['invoices'][number];
/** A row of GET /api/estimates. */
export type CustomerQuoteRow = CustomerBusinessDocuments['quotes'][number];

export const fetchCustomerBusinessDocuments = (accountNumber: string, signal?: AbortSignal) =>
  call(api.invoices.customerBusinessDocuments, { params: { accountNumber }, options: { signal } });
