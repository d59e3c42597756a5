// The customer sheet's data: the cached copy at once (works offline), then the server's version;
// and the customer's quotes and invoices (from the server, or the cached lists when offline).
// Read through the sync layer (decision 022); a change to a customer or a document refreshes them.
import { useMemo } from 'react';
import { useCachedCustomers, useCachedInvoices, useCachedQuotes } from '../../data/cache-hooks';
import { putLocalRow } from '../../data/local-rows';
import { defineServerData } from '../../data/sync/server-data';
import { useServerData } from '../../data/sync/use-server-data';
import { isTempId } from '../../data/temp-ids';
import { isNetworkError, readApiError } from '../../lib/http';
import { toastError } from '../../lib/toast';
import {
  fetchCustomer,
  fetchCustomerDocuments,
  type CustomerDocuments,
  type CustomerInvoiceRow,
  type CustomerQuoteRow,
} from './api/customer-api';
import { CUSTOMER_TOASTS } from './customer-feedback';
import type { CustomerRow } from './customer-model';

// The server's customer lands in the customers table (the list and the offline sheet read it).
const customerData = defineServerData<{ accountNumber: string }, CustomerRow>({
  key: 'customerSheet',
  keep: 'memory',
  refreshAfter: ['customer'],
  fetch: async ({ accountNumber }, { companyId, signal }) => {
    try {
      const customer = await fetchCustomer(accountNumber, signal);
      void putLocalRow('customers', companyId, customer.accountNumber, customer);
      return customer;
    } catch (error) {
      if (!isNetworkError(error)) {
        const api = await readApiError(error);
        // ERR-2: "Erreur lors de la récupération du client" with the server's text.
        toastError(CUSTOMER_TOASTS.loadError, api.message ?? api.statusText ?? undefined);
      }
      throw error;
    }
  },
});

// Paged server lists are not kept per customer on the device: offline, the cached lists answer.
const customerDocumentsData = defineServerData<{ accountNumber: string }, CustomerDocuments>({
  key: 'customerDocuments',
  keep: 'memory',
  refreshAfter: ['invoice', 'quote', 'customer'],
  fetch: ({ accountNumber }, { signal }) => fetchCustomerDocuments(accountNumber, signal),
});

export type SheetStatus = 'loading' | 'ok' | 'notFound' | 'offline' | 'error';

export function useCustomerSheet(accountNumber: string): {
  customer: CustomerRow | null;
  status: SheetStatus;
  refresh: () => void;
} {
  const { rows } = useCachedCustomers<CustomerRow>();
  const cached = useMemo(() => rows?.find((r) => r.accountNumber === accountNumber) ?? null, [rows, accountNumber]);
  // A customer created offline (temporary reference) exists only on this device until it is sent.
  const local = isTempId(accountNumber);
  const read = useServerData(customerData, !accountNumber || local ? null : { accountNumber });
  const refresh = () => void read.refresh();

  if (!accountNumber) return { customer: null, status: 'notFound', refresh };
  if (local) return { customer: cached, status: cached ? 'ok' : 'notFound', refresh };
  if (read.status === 'fresh' && read.data) return { customer: read.data, status: 'ok', refresh };
  if (read.status === 'error' && read.error?.httpStatus === 404) return { customer: null, status: 'notFound', refresh };
  const failed = read.status === 'offline' ? 'offline' : read.status === 'error' ? 'error' : null;
  // Offline or a server failure: the local copy, when there is one.
  const copy = cached ?? read.data ?? null;
  if (copy) return { customer: copy, status: failed ?? 'ok', refresh };
  return { customer: null, status: failed ?? 'loading', refresh };
}

export type DocumentsState =
  | { status: 'loading' }
  | { status: 'ok'; documents: CustomerDocuments; local: boolean }
  /** 404 (no such endpoint or customer yet) or a failure: a discreet empty state, no error. */
  | { status: 'none' };

const ofCustomer = (accountNumber: string) => (r: { customer?: { accountNumber?: string } }) =>
  r.customer?.accountNumber === accountNumber;

export function useCustomerDocuments(accountNumber: string): DocumentsState & { refresh: () => void } {
  const invoices = useCachedInvoices<CustomerInvoiceRow & { customer?: { accountNumber?: string } }>().rows;
  const quotes = useCachedQuotes<CustomerQuoteRow & { customer?: { accountNumber?: string } }>().rows;
  const local = isTempId(accountNumber);
  const read = useServerData(customerDocumentsData, !accountNumber || local ? null : { accountNumber });
  const refresh = () => void read.refresh();

  if (!accountNumber) return { status: 'loading', refresh };
  if (!local && read.status !== 'offline') {
    const d = read.data;
    if (d)
      return { status: 'ok', documents: { invoices: d.invoices ?? [], quotes: d.quotes ?? [] }, local: false, refresh };
    // 404 (no such endpoint or customer yet) or a failure: a discreet empty state.
    return read.status === 'error' ? { status: 'none', refresh } : { status: 'loading', refresh };
  }
  if (!invoices?.length && !quotes?.length) return { status: 'none', refresh };
  const documents = {
    invoices: (invoices ?? []).filter(ofCustomer(accountNumber)),
    quotes: (quotes ?? []).filter(ofCustomer(accountNumber)),
  };
  return { status: 'ok', documents, local: true, refresh };
}
