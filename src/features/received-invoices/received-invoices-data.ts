// Datasets of « Factures reçues » (decision 022). Online-only data read from the server: the paged
// searches and the details are kept in memory (one copy per query would fill the device).
import { defineServerData } from '../../data/sync/server-data';
import { fetchReceivedInvoice, fetchReceivedInvoices, type ReceivedQuery } from './api/received-invoices-api';

export const receivedInvoicesData = defineServerData({
  key: 'receivedInvoices',
  keep: 'memory',
  fetch: (query: ReceivedQuery, ctx) => fetchReceivedInvoices(query, ctx),
});

export const receivedInvoiceData = defineServerData({
  key: 'receivedInvoice',
  keep: 'memory',
  forgetOnLeave: true,
  fetch: ({ id }: { id: number }, ctx) => fetchReceivedInvoice(id, ctx),
});
