// Reads of the customer sheet: GET /api/customers/:accountNumber and the customer's quotes and
// invoices, GET /api/customers/:accountNumber/documents.
import { http } from '../../../lib/http';
import type { CustomerRow } from '../customer-model';

const path = (accountNumber: string) => `customers/${encodeURIComponent(accountNumber)}`;

export const fetchCustomer = (accountNumber: string, signal?: AbortSignal) => http.get(path(accountNumber), { signal }).json<CustomerRow>();

/** A row of GET /api/factures (spec 3: id, customer, type, number, estimate, invoice). */
export interface CustomerInvoiceRow {
  id: number;
  type: string;
  number: string | null;
  invoice: { createdAt: string | null; dueDate: string | null; validated: boolean; paidAt?: string | null; overdue?: boolean; ttc: number | null };
}

/** A row of GET /api/estimates. */
export interface CustomerQuoteRow {
  id: number;
  number: string | null;
  state: string;
  createdAt: string | null;
  validatedAt: string | null;
  ttc: number | null;
}

export interface CustomerDocuments { invoices: CustomerInvoiceRow[]; quotes: CustomerQuoteRow[] }

export const fetchCustomerDocuments = (accountNumber: string, signal?: AbortSignal) =>
  http.get(`${path(accountNumber)}/documents`, { signal }).json<CustomerDocuments>();
