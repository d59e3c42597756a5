// What a customer's sheet reads from the server (decision 082: datasets are declared in -data.ts files).
import { putLocalRow } from '../../data/local-rows';
import { defineServerData } from '../../data/sync/server-data';
import { isNetworkError, readApiError } from '../../lib/http';
import { toastError } from '../../lib/toast';
import { fetchCustomer, fetchCustomerBusinessDocuments, type CustomerBusinessDocuments } from './api/customer-api';
import { CUSTOMER_TOASTS } from './customer-feedback';
import type { CustomerRow } from './customer-model';

// The server's customer lands in the customers table (the list and the offline sheet read it).
export const customerData = defineServerData<{ accountNumber: string }, CustomerRow>({
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
export const customerBusinessDocumentsData = defineServerData<{ accountNumber: string }, CustomerBusinessDocuments>({
  key: 'customerBusinessDocuments',
  keep: 'memory',
  refreshAfter: ['invoice', 'quote', 'customer'],
  fetch: ({ accountNumber }, { signal }) => fetchCustomerBusinessDocuments(accountNumber, signal),
});
