// The customer sheet's data: the cached copy at once (works offline), then the server's version;
// and the customer's quotes and invoices (from the server, or the cached lists when offline).
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useCachedCustomers, useCachedInvoices, useCachedQuotes } from '../../data/cache-hooks';
import { putLocalRow } from '../../data/local-rows';
import { isTempId } from '../../data/temp-ids';
import { isNetworkError, readApiError } from '../../lib/http';
import { currentCompanyAtom } from '../../lib/session';
import { toastError } from '../../lib/toast';
import { fetchCustomer, fetchCustomerDocuments, type CustomerDocuments, type CustomerInvoiceRow, type CustomerQuoteRow } from './api/customer-api';
import { CUSTOMER_TOASTS } from './customer-feedback';
import type { CustomerRow } from './customer-model';

export type SheetStatus = 'loading' | 'ok' | 'notFound' | 'offline' | 'error';

export function useCustomerSheet(accountNumber: string, reloadKey: number): { customer: CustomerRow | null; status: SheetStatus } {
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const { rows } = useCachedCustomers<CustomerRow>();
  const cached = useMemo(() => rows?.find((r) => r.accountNumber === accountNumber) ?? null, [rows, accountNumber]);
  const [fetched, setFetched] = useState<{ key: string; customer: CustomerRow | null; status: SheetStatus } | null>(null);
  const key = `${companyId}:${accountNumber}:${reloadKey}`;

  // A customer created offline (temporary reference) exists only on this device until it is sent.
  const local = isTempId(accountNumber);

  useEffect(() => {
    if (!accountNumber || companyId == null || local) return;
    const controller = new AbortController();
    fetchCustomer(accountNumber, controller.signal)
      .then((customer) => {
        setFetched({ key, customer, status: 'ok' });
        void putLocalRow('customers', companyId, customer.accountNumber, customer);
      })
      .catch(async (error) => {
        if (controller.signal.aborted) return;
        if (isNetworkError(error)) return setFetched({ key, customer: null, status: 'offline' });
        const api = await readApiError(error);
        // Spec 8: "Erreur lors de la récupération du client" with the server's text.
        toastError(CUSTOMER_TOASTS.loadError, api.message ?? api.statusText ?? undefined);
        setFetched({ key, customer: null, status: api.status === 404 ? 'notFound' : 'error' });
      });
    return () => controller.abort();
  }, [key, accountNumber, companyId, local]);

  if (!accountNumber) return { customer: null, status: 'notFound' };
  if (local) return { customer: cached, status: cached ? 'ok' : 'notFound' };
  const current = fetched?.key === key ? fetched : null;
  if (current?.customer) return { customer: current.customer, status: 'ok' };
  if (current?.status === 'notFound') return { customer: null, status: 'notFound' };
  // Offline or a server failure: the local copy, when there is one.
  if (cached) return { customer: cached, status: current ? current.status : 'ok' };
  return { customer: null, status: current?.status ?? 'loading' };
}

export type DocumentsState =
  | { status: 'loading' }
  | { status: 'ok'; documents: CustomerDocuments; local: boolean }
  /** 404 (no such endpoint or customer yet) or a failure: a discreet empty state, no error. */
  | { status: 'none' };

const ofCustomer = (accountNumber: string) => (r: { customer?: { accountNumber?: string } }) => r.customer?.accountNumber === accountNumber;

export function useCustomerDocuments(accountNumber: string, reloadKey: number): DocumentsState {
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const invoices = useCachedInvoices<CustomerInvoiceRow & { customer?: { accountNumber?: string } }>().rows;
  const quotes = useCachedQuotes<CustomerQuoteRow & { customer?: { accountNumber?: string } }>().rows;
  const [state, setState] = useState<{ key: string; value: DocumentsState | 'offline' } | null>(null);
  const key = `${companyId}:${accountNumber}:${reloadKey}`;

  const local = isTempId(accountNumber);

  useEffect(() => {
    if (!accountNumber || companyId == null || local) return;
    const controller = new AbortController();
    fetchCustomerDocuments(accountNumber, controller.signal)
      .then((documents) => setState({ key, value: { status: 'ok', documents: { invoices: documents.invoices ?? [], quotes: documents.quotes ?? [] }, local: false } }))
      .catch((error) => {
        if (controller.signal.aborted) return;
        setState({ key, value: isNetworkError(error) ? 'offline' : { status: 'none' } });
      });
    return () => controller.abort();
  }, [key, accountNumber, companyId, local]);

  const value = local ? 'offline' : state?.key === key ? state.value : null;
  if (value === null) return { status: 'loading' };
  if (value !== 'offline') return value;
  if (!invoices?.length && !quotes?.length) return { status: 'none' };
  return { status: 'ok', documents: { invoices: (invoices ?? []).filter(ofCustomer(accountNumber)), quotes: (quotes ?? []).filter(ofCustomer(accountNumber)) }, local: true };
}
