// The customer sheet's data: the cached copy at once (works offline), then the server's version;
// and the customer's quotes and invoices (from the server, or the cached lists when offline).
// Read through the sync layer (decision 022); a change to a customer or a document refreshes them.
import { useMemo } from 'react';
import { customersData, invoicesData, quotesData } from '../../data/datasets';
import { useServerRows } from '../../data/sync/use-server-rows';
import { useServerData } from '../../data/sync/use-server-data';
import { isTempId } from '../../data/temp-ids';
import { type CustomerBusinessDocuments, type CustomerInvoiceRow, type CustomerQuoteRow } from './api/customer-api';
import type { CustomerRow } from './customer-model';
import { customerData, customerBusinessDocumentsData } from './catalogue-customers-data';

export type SheetStatus = 'loading' | 'ok' | 'notFound' | 'offline' | 'error';

export function useCustomerSheet(accountNumber: string): {
  customer: CustomerRow | null;
  status: SheetStatus;
  refresh: () => void;
} {
  const { rows } = useServerRows<CustomerRow>(customersData);
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

export type BusinessDocumentsState =
  | { status: 'loading' }
  | { status: 'ok'; documents: CustomerBusinessDocuments; local: boolean }
  /** 404 (no such endpoint or customer yet) or a failure: a discreet empty state, no error. */
  | { status: 'none' };

const ofCustomer = (accountNumber: string) => (r: { customer?: { accountNumber?: string } }) =>
  r.customer?.accountNumber === accountNumber;

export function useCustomerBusinessDocuments(accountNumber: string): BusinessDocumentsState & { refresh: () => void } {
  const invoices = useServerRows<CustomerInvoiceRow & { customer?: { accountNumber?: string } }>(invoicesData).rows;
  const quotes = useServerRows<CustomerQuoteRow & { customer?: { accountNumber?: string } }>(quotesData).rows;
  const local = isTempId(accountNumber);
  const read = useServerData(customerBusinessDocumentsData, !accountNumber || local ? null : { accountNumber });
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
